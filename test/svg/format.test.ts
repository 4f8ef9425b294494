/** The one number formatter and the one escaping helper of the figures. */
import { describe, expect, it } from 'vitest';
import { escapeComment, escapeXml } from '../../ts/svg/escape.js';
import { coordinate, engineering, fromSuperscript, quantity, superscript, withUnit } from '../../ts/svg/format.js';
import { emit } from '../../ts/svg/emit.js';

describe('quantity', () => {
  it('reads solver noise as the round number', () => {
    // 99.99999999999997 and -359.99999999999983 are what the engine returns for 100 kN and -360 kN.m
    expect(quantity(99.99999999999997)).toBe('100');
    expect(quantity(-359.99999999999983)).toBe('\u2212360');
  });
  it('keeps three significant figures below 1000 and whole numbers above', () => {
    expect(quantity(26.666666)).toBe('26.7');
    expect(quantity(5.4)).toBe('5.4');
    expect(quantity(0.000123456)).toBe('0.000123');
    expect(quantity(1234.5)).toBe('1235');
    expect(quantity(999.7)).toBe('1000');
  });
  it("shows round-off next to the figure's largest value as 0", () => {
    expect(quantity(3e-14, 40)).toBe('0');
    expect(quantity(-0)).toBe('0');
  });
  it('joins a unit with a space', () => {
    expect(withUnit(-36, 'kN.m')).toBe('\u221236 kN.m');
  });
});

describe('coordinate', () => {
  it('has two decimals at most, no trailing zeros, no negative zero', () => {
    expect(coordinate(12.3456)).toBe('12.35');
    expect(coordinate(3)).toBe('3');
    expect(coordinate(2.5)).toBe('2.5');
    expect(coordinate(-0.001)).toBe('0');
  });
  it("writes exactly toFixed(2)'s text, trimmed, for every kind of value: ties, negatives, huge and non-finite", () => {
    // the reference: ECMAScript's toFixed (exact decimal rounding, ties away from zero), trimmed by patterns
    const reference = (v: number) =>
      v
        .toFixed(2)
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '')
        .replace(/^-0$/, '0');
    const values = [
      0,
      -0,
      0.005,
      1.005,
      1.255,
      -1.255,
      0.145,
      4.35,
      1.0049999999999999,
      123456.785,
      999999.995,
      1e6 + 0.125,
      1e21,
      1e22,
      -1e300,
      NaN,
      Infinity,
    ];
    for (let k = -20_000; k <= 20_000; k++) values.push(k / 200, k / 1000 + 0.0005, k * 0.01, k * 7.77);
    // a fixed pseudo-random sweep over magnitudes from 1e-3 to 1e8 (a linear congruential sequence: the same values every run)
    let seed = 12345;
    for (let i = 0; i < 50_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      values.push((seed / 2 ** 31 - 0.5) * 10 ** ((i % 12) - 3));
    }
    const wrong = values.filter((v) => coordinate(v) !== reference(v)).map((v) => `${v}: ${coordinate(v)} vs ${reference(v)}`);
    expect(wrong).toEqual([]);
  });
});

describe('escaping', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`a<b & "c" 'd'>`)).toBe('a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;');
  });
  it('keeps a comment free of -- and a trailing -', () => {
    expect(escapeComment('a--b-')).toBe('a- -b- ');
    expect(escapeComment('Computed by Spanwise - http://localhost:3000')).toBe('Computed by Spanwise - http://localhost:3000');
  });
});

describe('engineering form of section properties (issue 37)', () => {
  it('writes a large property as four figures times a power of ten, with the unit as a power', () => {
    // the figure: Ix = 1101897160 mm4 read as 1.102 x 10^9 mm^4
    expect(engineering(1101897160, 'mm4')).toBe('1.102 \u00d7 10\u2079 mm\u2074');
    // a 400 x 800 mm rectangle: A = 320000 mm2, Ix = bh^3/12 = 400 x 800^3 / 12 = 1.7067e10 mm4
    expect(engineering(400 * 800, 'mm2')).toBe('3.200 \u00d7 10\u2075 mm\u00b2');
    expect(engineering((400 * 800 ** 3) / 12, 'mm4')).toBe('1.707 \u00d7 10\u00b9\u2070 mm\u2074');
  });
  it('keeps a plain number between 0.001 and 100000, and writes small ones with a negative power', () => {
    expect(engineering(4860, 'mm2')).toBe('4860 mm\u00b2');
    expect(engineering(0.01234, 'in4')).toBe('0.01234 in\u2074');
    expect(engineering(-2.5e-5, 'in4')).toBe('\u22122.500 \u00d7 10\u207b\u2075 in\u2074');
  });
  it('superscripts are written back as raised digits, which every font has', () => {
    expect(fromSuperscript(superscript('-10'))).toBe('-10');
    const svg = emit(
      {
        width: 100,
        height: 40,
        title: 't',
        layers: [
          {
            name: 'l',
            shapes: [
              {
                kind: 'text',
                text: 'x 10\u2079 mm\u2074',
                at: { x: 0, y: 10 },
                anchor: 'start',
                size: 12,
                fill: 'ink',
                box: { x0: 0, y0: 0, x1: 1, y1: 1 },
              },
            ],
          },
        ],
      },
      { theme: 'light', idPrefix: 's' },
    );
    expect(svg).toContain(
      'x 10<tspan baseline-shift="super" font-size="70%">9</tspan> mm<tspan baseline-shift="super" font-size="70%">4</tspan>',
    );
  });
});

/** The one number formatter and the one escaping helper of the figures. */
import { describe, expect, it } from 'vitest';
import { escapeComment, escapeXml } from '../../ts/svg/escape.js';
import { coordinate, quantity, withUnit } from '../../ts/svg/format.js';

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

/**
 * The answer's bytes written straight from numbers (ts/solve/json-bytes.ts) and rows held as columns
 * (ts/solve/column-rows.ts): a number prints exactly as JSON.stringify prints it (ECMAScript's Number::toString),
 * whether it is one of the rounded results the writer prints itself or any other double, which it hands to String();
 * rows print as JSON.stringify prints their objects, and read as those objects by index.
 */
import { describe, expect, it } from 'vitest';
import { significant } from '../../ts/solve/clean.js';
import { ColumnRows } from '../../ts/solve/column-rows.js';
import { JsonBytes } from '../../ts/solve/json-bytes.js';
import { responseBody } from '../../ts/solve/json-text.js';
import { generator } from '../support/random.js';

function printed(value: number): string {
  const out = new JsonBytes(4);
  out.number(value);
  return new TextDecoder().decode(out.result());
}

describe('a number written as bytes', () => {
  it('follows Number::toString at each of its notations (ECMA-262 6.1.6.1.20)', () => {
    // n (the decimal exponent) from 22 down to -6, where the notation changes
    expect(printed(1e21)).toBe('1e+21');
    expect(printed(123456789012345e6)).toBe('123456789012345000000');
    expect(printed(171.430165714661)).toBe('171.430165714661');
    expect(printed(-2.5)).toBe('-2.5');
    expect(printed(0.001)).toBe('0.001');
    expect(printed(0.0000012345)).toBe('0.0000012345');
    expect(printed(1.5e-7)).toBe('1.5e-7');
    expect(printed(-0)).toBe('0');
    // 32-bit integers (ids) take their own path, to both ends of the range
    expect(printed(100)).toBe('100');
    expect(printed(-2147483648)).toBe('-2147483648');
    expect(printed(2147483647)).toBe('2147483647');
    expect(printed(2147483648)).toBe('2147483648');
    // JSON has no NaN or infinities: JSON.stringify writes null
    expect(printed(Number.NaN)).toBe('null');
    expect(printed(Number.POSITIVE_INFINITY)).toBe('null');
  });

  it('prints as JSON.stringify does for rounded results at every precision and for any double', () => {
    const random = generator(38);
    for (let i = 0; i < 20000; i++) {
      const value = (random.next() - 0.5) * 10 ** random.int(-30, 30);
      const cases = [value, Math.round(value), Math.round(value / 1e20), ...[3, 4, 7, 12, 15].map((digits) => significant(value, digits))];
      for (const v of cases) expect(printed(v), String(v)).toBe(JSON.stringify(v));
    }
    // 16 and 17 digits, the largest safe integer, subnormals and the largest double: String()'s
    for (const v of [0.1 + 0.2, 2 ** 53 - 1, 5e-324, 2.2e-308, Number.MAX_VALUE, 1 / 3]) expect(printed(v)).toBe(JSON.stringify(v));
  });
});

describe('rows held as columns', () => {
  const rows = () =>
    new ColumnRows(2, [
      { path: ['member'], values: Float64Array.of(7, 9) },
      { path: ['extremes', 'axial', 'max', 'value'], values: Float64Array.of(1.25, -3) },
      { path: ['extremes', 'axial', 'max', 'position'], values: Float64Array.of(0, 4.5) },
      { path: ['extremes', 'moment', 'maxSagging', 'value'], values: Float64Array.of(12, 0.5) },
    ]);
  const objects = [
    { member: 7, extremes: { axial: { max: { value: 1.25, position: 0 } }, moment: { maxSagging: { value: 12 } } } },
    { member: 9, extremes: { axial: { max: { value: -3, position: 4.5 } }, moment: { maxSagging: { value: 0.5 } } } },
  ];

  it('are written as JSON.stringify writes their objects, in an answer and alone', () => {
    const answer = { before: 'é', rows: rows(), after: [1, 2] };
    expect(new TextDecoder().decode(responseBody(answer))).toBe(JSON.stringify({ before: 'é', rows: objects, after: [1, 2] }));
    expect(JSON.stringify(rows())).toBe(JSON.stringify(objects));
  });

  it('read as their objects by index', () => {
    const table = rows() as unknown as Record<string, unknown>;
    expect(table[1]).toEqual(objects[1]);
    expect(1 in table).toBe(true);
    expect(table[2]).toBeUndefined();
  });
});

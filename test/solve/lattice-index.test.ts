/**
 * The lattice pipelines' lookups made without garbage (ts/solve/lattice-index.ts): the id index answers what a Map
 * of id to position answers, dense ids or sparse, and `distance` is Math.hypot to the last bit, so no answer's
 * digits moved when the pipelines took it.
 */
import { describe, expect, it } from 'vitest';
import { distance, IdIndex } from '../../ts/solve/lattice-index.js';

describe('IdIndex', () => {
  it('finds each id at its first position and reports later duplicates, dense ids and sparse alike', () => {
    // ids 1..4 with 2 repeated (dense: a table); the same ids scaled past the table's reach (sparse: a Map)
    for (const scale of [1, 1e9]) {
      const items = [1, 2, 3, 2, 4].map((id) => ({ id: id * scale }));
      const duplicates: [number, number][] = [];
      const index = new IdIndex(items, (at, first) => duplicates.push([at, first]));
      expect([1, 2, 3, 4].map((id) => index.get(id * scale))).toEqual([0, 1, 2, 4]);
      expect(duplicates).toEqual([[3, 1]]);
      // absent: 0, past the largest id, between ids, not an integer, negative
      for (const id of [0, 5 * scale, 1.5 * scale, 2.5, -1]) expect(index.has(id), `id ${id}`).toBe(false);
    }
  });

  it('indexes nothing from no items', () => {
    expect(new IdIndex([]).get(1)).toBeUndefined();
  });
});

describe('distance', () => {
  it('is the 3-4-5 triangle and the special values of Math.hypot (ECMA-262 Math.hypot)', () => {
    expect(distance(3, -4)).toBe(5);
    expect(distance(0, -0)).toBe(0);
    expect(distance(NaN, Infinity)).toBe(Infinity);
    expect(distance(-Infinity, NaN)).toBe(Infinity);
    expect(distance(NaN, 1)).toBeNaN();
    // past the largest double when squared, yet representable as a length: 1e300 x sqrt(2)
    expect(distance(1e300, 1e300)).toBe(Math.hypot(1e300, 1e300));
  });

  it('is Math.hypot to the last bit over magnitudes from 1e-300 to 1e300', () => {
    // a fixed linear congruential sequence (Numerical Recipes' constants), so a failure names a reproducible pair
    let seed = 12345;
    const next = () => (seed = (seed * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
    const value = () => (next() - 0.5) * 10 ** (next() < 0.1 ? next() * 600 - 300 : next() * 8 - 4);
    for (let i = 0; i < 200_000; i++) {
      const [x, y] = [value(), i % 7 === 0 ? 0 : value()];
      if (!Object.is(distance(x, y), Math.hypot(x, y))) expect([x, y, distance(x, y)]).toEqual([x, y, Math.hypot(x, y)]);
    }
  });
});

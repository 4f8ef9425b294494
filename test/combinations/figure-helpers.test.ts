/**
 * The two helpers of ts/combinations that only figures use: the loads a combination applies, and the pointwise
 * bounds of frame member series sampled at positions of their own. Every expected number is worked beside it.
 */
import { describe, expect, it } from 'vitest';
import { completeFactors, factoredLoads, unionSeriesBounds, memberSeriesBounds } from '../../ts/combinations/index.js';

// AS1170-ULS-7 = G + 0.3Q − E (combinations.md 1.2): factors G 1, Q 0.3, E −1, every other case 0
const uls7 = completeFactors({ G: 1, Q: 0.3, E: -1 });
// AS1170-ULS-2 = 1.2G + 1.5Q
const uls2 = completeFactors({ G: 1.2, Q: 1.5 });

describe('factoredLoads', () => {
  it('scales each size field by its case factor, a load without case as G, and leaves positions, widths and angles', () => {
    const loads = [
      { type: 'point', magnitude: -20, position: 8, case: 'Q' as const },
      { type: 'udl', start: -10, end: -4, from: 0, to: 6 },
      { type: 'area', start: -2, from: 0, to: 6, width: 3, endWidth: 1, case: 'G' as const },
      { type: 'moment', magnitude: 5, position: 2, case: 'Q' as const },
    ];
    expect(factoredLoads(loads, uls2)).toEqual([
      { type: 'point', magnitude: -30, position: 8, case: 'Q' }, // 1.5 x -20
      { type: 'udl', start: -12, end: -4.8, from: 0, to: 6 }, // 1.2 x -10, 1.2 x -4
      { type: 'area', start: -2.4, from: 0, to: 6, width: 3, endWidth: 1, case: 'G' }, // 1.2 x -2
      { type: 'moment', magnitude: 7.5, position: 2, case: 'Q' }, // 1.5 x 5
    ]);
  });

  it('a negative factor turns the load round; a case with factor 0 is left out (truss and frame shapes)', () => {
    const loads = [
      { node: 3, magnitude: 4, angle: 30, case: 'E' as const },
      { node: 3, fx: 2, fy: -6, moment: 1, case: 'W' as const },
      { node: 2, fy: -10, case: 'Q' as const },
    ];
    expect(factoredLoads(loads, uls7)).toEqual([
      { node: 3, magnitude: -4, angle: 30, case: 'E' }, // -1 x 4, the angle kept
      { node: 2, fy: -3, case: 'Q' }, // 0.3 x -10; the W load (factor 0) is gone
    ]);
    expect(factoredLoads(undefined, uls7)).toEqual([]);
  });
});

describe('unionSeriesBounds', () => {
  it('bounds series sampled at different positions, reading each on its chords, keeping both sides of a jump', () => {
    // a: the straight line 0 -> 4 over 0..2 (two samples); b jumps from 3 to 1 at x = 1
    const a: [number, number][] = [
      [0, 0],
      [2, 4],
    ];
    const b: [number, number][] = [
      [0, 0],
      [1, 3],
      [1, 1],
      [2, 2],
    ];
    // at x = 1, a reads 2 on its chord; left of the jump max(2, 3) = 3, min 2; right max(2, 1) = 2, min 1
    expect(unionSeriesBounds([a, b])).toEqual({
      max: [
        [0, 0],
        [1, 3],
        [1, 2],
        [2, 4],
      ],
      min: [
        [0, 0],
        [1, 2],
        [1, 1],
        [2, 2],
      ],
    });
  });

  it('memberSeriesBounds bounds member by member and refuses runs with different members as an internal error', () => {
    const flat = (v: number): [number, number][] => [
      [0, v],
      [1, v],
    ];
    const bounds = memberSeriesBounds(
      [
        [flat(1), flat(-2)],
        [flat(3), flat(-5)],
      ],
      'moment',
    );
    expect(bounds.map((b) => [b.max[0]![1], b.min[0]![1]])).toEqual([
      [3, 1],
      [-2, -5],
    ]);
    expect(() => memberSeriesBounds([[flat(1)], [flat(1), flat(2)]], 'moment')).toThrow(/do not line up/);
  });
});

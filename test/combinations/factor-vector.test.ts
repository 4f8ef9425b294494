import { describe, expect, it } from 'vitest';
import { generateCombinations } from '../../ts/combinations/generate.js';
import { caseIndex, factorVector, UNFACTORED } from '../../ts/combinations/types.js';

describe('factors in engine order', () => {
  it('case numbers follow the column order of combinations.md: G, Q, Qr, W, E, S, R, T', () => {
    expect(['G', 'Q', 'Qr', 'W', 'E', 'S', 'R', 'T'].map((c) => caseIndex(c as never))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('AS1170-ULS-2 crosses as [1.2, 1.5, 1.5, 0, 0, 0, 0, 0] (combinations.md 1.2)', () => {
    const row = generateCombinations({ standard: 'AS1170' }).combinations.find((c) => c.id === 'AS1170-ULS-2');
    expect(factorVector(row!.factors)).toEqual([1.2, 1.5, 1.5, 0, 0, 0, 0, 0]);
  });

  it('IS456-ULS-10 keeps its reversed E: [1.5, 0, 0, 0, -1.5, 0, 0, 0] (combinations.md 4.2)', () => {
    const row = generateCombinations({ standard: 'IS456' }).combinations.find((c) => c.id === 'IS456-ULS-10');
    expect(factorVector(row!.factors)).toEqual([1.5, 0, 0, 0, -1.5, 0, 0, 0]);
  });

  it('the unfactored analysis has every case at 1 (decisions.md 4)', () => {
    expect(UNFACTORED).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });
});

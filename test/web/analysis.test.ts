/** The frame calculator's `analysis` fields and critical-factor table as pure functions (ts/web/analysis.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { solveFrame } from '../../ts/solve/frame.js';
import { analysisHtml, bucklingTable } from '../../ts/web/analysis.js';
import { CANTILEVER_COLUMN } from '../support/models.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

// SI cantilever column, 5 m, EI = 200 GPa × 8e7 mm⁴ = 16,000 kN.m², 1,000 kN down: factors π²EI/4L²P = 1.579 and 9 times it
const column = {
  ...CANTILEVER_COLUMN,
  nodalLoads: [{ node: 2, fy: -1000, case: 'G' }],
  analysis: { order: 'second', buckling: 2 },
  combinations: {
    standard: 'custom',
    custom: [
      { name: 'strength', kind: 'ULS', factors: { G: 1.25 } },
      { name: 'service', kind: 'SLS', factors: { G: 1 } },
    ],
  },
};

describe('the analysis fields', () => {
  it('are named by their pointers and show the model’s values', () => {
    const html = analysisHtml({ analysis: { order: 'second', buckling: 3 } });
    expect(html).toContain('name="/analysis/order"');
    expect(html).toMatch(/<option value="second" selected>/);
    expect(html).toMatch(/name="\/analysis\/buckling"[^>]*value="3"/);
  });
});

describe('the critical load factors table', () => {
  it('lists the unfactored loads’ modes, then each ULS combination’s, each cell pointing into the response', () => {
    const response = solveFrame(column, { engine, baseUrl: 'http://localhost:3000', link: false }) as unknown as Record<string, unknown>;
    const table = bucklingTable(response)!;
    const euler = (Math.PI ** 2 * 16000) / (4 * 25 * 1000);
    expect(table.rows.map((r) => [r[0]!.text, r[1]!.text])).toEqual([
      ['unfactored', '1'],
      ['unfactored', '2'],
      ['strength', '1'],
      ['strength', '2'],
    ]);
    expect(Math.abs(table.rows[0]![2]!.value! / euler - 1)).toBeLessThan(1e-9);
    // 1.25 times the loads: the factors divided by 1.25
    expect(Math.abs(table.rows[2]![2]!.value! / (euler / 1.25) - 1)).toBeLessThan(1e-9);
    expect(table.rows[2]![2]!.path).toBe('/envelope/combinations/0/buckling/0/factor');
    expect(table.caption).toBe('Elastic critical load factors; second order, 1 iteration');
  });

  it('is absent when no factors were asked for', () => {
    const { analysis: _, combinations: __, ...plain } = column;
    expect(
      bucklingTable(solveFrame(plain, { engine, baseUrl: 'http://localhost:3000' }) as unknown as Record<string, unknown>),
    ).toBeUndefined();
  });
});

/**
 * The closed forms of the frame golden fixtures against the tests' own dense solver (test/frame/dense-frame.ts):
 * reactions, joint displacements and member end forces, for the unfactored loads and for each combination
 * (factored loads solved afresh, where the engine superposes). Extremes and diagrams are the engine's alone and
 * are checked in the golden test over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { solveDenseFrame, type DenseFrame } from './dense-frame.js';
import { frameFixtures, toleranceOf, valueAt } from './fixtures.js';

const DENSE_PATH = /^(reactions|displacements|members\.\d+\.(start|end))\./;
const COMBINATION_PATH = /^envelope\.combinations\.(\d+)\.((reactions|displacements|members\.\d+\.(start|end))\..*)$/;

interface Factors {
  [loadCase: string]: number;
}

/** The request with every load scaled by its case's factor (absent case = G). */
function factored(request: DenseFrame, factors: Factors): DenseFrame {
  const scale = (c: string | undefined) => factors[c ?? 'G'] ?? 0;
  return {
    ...request,
    nodalLoads: (request.nodalLoads ?? []).map((l) => ({
      ...l,
      fx: (l.fx ?? 0) * scale(l.case),
      fy: (l.fy ?? 0) * scale(l.case),
      moment: (l.moment ?? 0) * scale(l.case),
    })),
    memberLoads: (request.memberLoads ?? []).map((l) =>
      l.type === 'udl'
        ? { ...l, start: l.start * scale(l.case), end: (l.end ?? l.start) * scale(l.case) }
        : { ...l, magnitude: l.magnitude * scale(l.case) },
    ),
  } as DenseFrame;
}

describe('frame golden fixtures agree with an independent dense solver', () => {
  for (const fixture of frameFixtures()) {
    it(fixture.name, () => {
      const unfactored = solveDenseFrame(fixture.request);
      const custom = fixture.request.combinations?.custom as { factors: Factors }[] | undefined;
      let checked = 0;
      for (const e of fixture.expect) {
        let actual: number | undefined;
        const combination = COMBINATION_PATH.exec(e.path);
        if (combination && custom) {
          actual = valueAt(solveDenseFrame(factored(fixture.request, custom[Number(combination[1])]!.factors)), combination[2]!);
        } else if (DENSE_PATH.test(e.path)) {
          actual = valueAt(unfactored, e.path);
        } else continue;
        expect(actual, `${e.path} (${e.source})`).toBeDefined();
        expect(Math.abs(actual! - e.value), `${e.path} = ${actual}, expected ${e.value} (${e.source})`).toBeLessThanOrEqual(
          toleranceOf(fixture, e),
        );
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});

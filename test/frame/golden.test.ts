/**
 * The frame golden fixtures (test/fixtures/frame/*.json) over HTTP: every expectation, each a closed form named
 * in its `source`, read from the response of POST /v1/frame/solve at the fixture's tolerance; a path that leads
 * nowhere fails. The same fixtures run through the engine alone in crates/engine/tests/golden_frames.rs; here
 * the service's units, clockwise reaction moments, ids and envelope come in too.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { frameFixtures, toleranceOf, valueAt } from './fixtures.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

describe('frame golden fixtures through POST /v1/frame/solve', () => {
  for (const fixture of frameFixtures()) {
    it(`${fixture.name}: ${fixture.description}`, async () => {
      const res = await request(app.callback()).post('/v1/frame/solve').send(fixture.request);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(fixture.expect.length).toBeGreaterThan(0);
      // every golden frame is in equilibrium to round-off (decisions.md 15, meta.check)
      expect(res.body.meta.check.equilibrium).toBeLessThan(1e-10);
      // a pin or a roller holds no moment: its reaction moment is 0 exactly, not a residual of rounding
      const types = new Map((fixture.request.supports as { node: number; type: string }[]).map((s) => [s.node, s.type]));
      for (const r of res.body.reactions as { node: number; moment: number }[]) {
        if (types.get(r.node) !== 'fixed') expect(r.moment, `reaction moment at node ${r.node}`).toBe(0);
      }
      for (const e of fixture.expect) {
        const actual = valueAt(res.body, e.path);
        expect(actual, `${e.path} leads nowhere`).toBeTypeOf('number');
        expect(Math.abs(actual! - e.value), `${e.path} = ${actual}, expected ${e.value} (${e.source})`).toBeLessThanOrEqual(
          toleranceOf(fixture, e),
        );
      }
    });
  }
});

describe('the frame equilibrium check', () => {
  it('is large when the reactions are deliberately wrong', async () => {
    // cantilever column, 10 kN along +x at the 4 m top: true reactions H = -10 kN, M = -40 kN.m (clockwise)
    const { frameActions, equilibriumResidual } = await import('../../ts/solve/equilibrium.js');
    const fixture = frameFixtures().find((f) => f.name === 'cantilever-column-lateral')!;
    const right = equilibriumResidual(frameActions(fixture.request, [{ node: 1, horizontal: -10, vertical: 0, moment: -40 }]));
    expect(right).toBeLessThan(1e-12);
    // a horizontal reaction of -5 leaves 5 of 10 kN unbalanced: 0.5
    expect(equilibriumResidual(frameActions(fixture.request, [{ node: 1, horizontal: -5, vertical: 0, moment: -40 }]))).toBeCloseTo(
      0.5,
      12,
    );
  });
});

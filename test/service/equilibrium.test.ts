/**
 * meta.check.equilibrium (decisions.md section 15): the residual of global equilibrium is about zero
 * for a correct solve (the golden suites assert it on every model) and large when the reactions are
 * wrong, which is what makes it a check.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { beamActions, equilibriumResidual, trussActions } from '../../ts/solve/equilibrium.js';
import type { BeamSolveRequest } from '../../ts/schema/beam.js';
import type { TrussSolveRequest } from '../../ts/schema/truss.js';
import { testApp } from '../support/app.js';
import { SIMPLE_BEAM, TRIANGLE_TRUSS } from '../support/models.js';

const beam = SIMPLE_BEAM as BeamSolveRequest;
const truss = TRIANGLE_TRUSS as TrussSolveRequest;
const reaction = (position: number, vertical: number) => ({ position, vertical, moment: 0 });

describe('equilibriumResidual', () => {
  it('is 0 for the hand reactions of a simple beam (wL/2 = 30 kN each)', () => {
    expect(equilibriumResidual(beamActions(beam, [reaction(0, 30), reaction(6, 30)]))).toBe(0);
  });

  it('is large for wrong reactions of the beam', () => {
    // 40 and 20 kN: ΣFy = 0, but ΣM about 0 = -10·6²/2 + 6·20 = -60 kN.m against the load's 180 kN.m: 1/3
    expect(equilibriumResidual(beamActions(beam, [reaction(0, 40), reaction(6, 20)]))).toBeCloseTo(1 / 3, 15);
    // 30 and 20 kN: ΣFy = -10 against the 60 kN load: 1/6; ΣM = -60 against 180: 1/3 governs
    expect(equilibriumResidual(beamActions(beam, [reaction(0, 30), reaction(6, 20)]))).toBeCloseTo(1 / 3, 15);
  });

  it('counts a fixed end moment (cantilever: -PL clockwise at the wall)', () => {
    const cantilever = {
      spans: [{ length: 4, E: 200, I: 1e8 }],
      supports: [{ type: 'fixed', position: 0 }],
      loads: [{ type: 'point', magnitude: -10, position: 4 }],
    } as BeamSolveRequest;
    expect(equilibriumResidual(beamActions(cantilever, [{ position: 0, vertical: 10, moment: -40 }]))).toBe(0);
    // the moment with the wrong sign: ΣM = 2 x 40 against 40
    expect(equilibriumResidual(beamActions(cantilever, [{ position: 0, vertical: 10, moment: 40 }]))).toBe(2);
  });

  it('is 0 for the hand reactions of the triangle truss and large for wrong ones', () => {
    const right = [
      { node: 1, horizontal: 0, vertical: 5 },
      { node: 2, horizontal: 0, vertical: 5 },
    ];
    expect(equilibriumResidual(trussActions(truss, right))).toBe(0);
    // 6 and 4 kN: ΣM about node 1 = -10·4 + 4·8 = -8 kN.m against 40: 0.2
    const wrong = [
      { node: 1, horizontal: 0, vertical: 6 },
      { node: 2, horizontal: 0, vertical: 4 },
    ];
    expect(equilibriumResidual(trussActions(truss, wrong))).toBeCloseTo(0.2, 15);
    // a horizontal reaction nothing balances: ΣFx = 3 against the largest force 10
    expect(equilibriumResidual(trussActions(truss, [{ ...right[0]!, horizontal: 3 }, right[1]!]))).toBeCloseTo(0.3, 15);
  });

  it('is 0 when nothing acts', () => {
    expect(equilibriumResidual([])).toBe(0);
  });
});

describe('meta.check.equilibrium over HTTP', () => {
  let app: Koa;
  beforeAll(async () => {
    app = await testApp();
  });

  it('is on beam and truss results, under 1e-10', async () => {
    for (const [path, body] of [
      ['/v1/beam/solve', SIMPLE_BEAM],
      ['/v1/truss/solve', TRIANGLE_TRUSS],
    ] as const) {
      const res = await request(app.callback()).post(path).send(body);
      expect(res.status).toBe(200);
      expect(res.body.meta.check.equilibrium).toBeGreaterThanOrEqual(0);
      expect(res.body.meta.check.equilibrium).toBeLessThan(1e-10);
    }
  });
});

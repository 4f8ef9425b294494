/**
 * The shared part of the end-to-end combination tests (worked-example, custom-and-include and
 * truss-wind-and-bounds .test.ts): the app on the real WASM engine, started before a test file's tests,
 * the requests they send it, the response shapes they read, and the worked example's beam.
 * Beams: E = 200 GPa, I = 1e8 mm4 -> EI = 2e4 kN.m² (deflections in mm).
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll } from 'vitest';
import { testApp } from '../support/app.js';

export const EI = 200e6 * 1e-4; // kN.m²
export const section = { E: 200, I: 1e8 };

type Series = [number, number][];
interface Extreme {
  value: number;
  position: number;
}
interface GovernedExtreme extends Extreme {
  combination: string;
}
interface Governed {
  value: number;
  combination: string;
}
interface Bounds<T> {
  max: T;
  min: T;
}
interface BeamReaction {
  type: string;
  position: number;
  vertical: number;
  moment: number;
}
interface BeamExtremes {
  shear: Bounds<Extreme>;
  moment: { maxSagging: Extreme; maxHogging: Extreme };
  deflection: { max: Extreme; maxUp: Extreme; maxDown: Extreme };
}
interface Combination {
  id: string;
  name: string;
  kind: 'ULS' | 'SLS';
  factors: Record<string, number>;
}
interface BeamBody {
  reactions: BeamReaction[];
  diagrams: Record<'shear' | 'moment' | 'rotation' | 'deflection', Series>;
  extremes: BeamExtremes;
  envelope?: {
    standard: string;
    occupancy: string;
    snowZone?: string;
    combinations: (Combination & { reactions: BeamReaction[]; extremes: BeamExtremes })[];
    uls?: {
      shear: Bounds<Series>;
      moment: Bounds<Series>;
      extremes: {
        shear: Bounds<GovernedExtreme>;
        moment: { maxSagging: GovernedExtreme; maxHogging: GovernedExtreme };
      };
      reactions: { type: string; position: number; vertical: Bounds<Governed>; moment: Bounds<Governed> }[];
    };
    sls?: {
      deflection: Bounds<Series>;
      extremes: { deflection: { max: GovernedExtreme; maxUp: GovernedExtreme; maxDown: GovernedExtreme } };
    };
  };
  meta: { warnings: string[] };
}
interface TrussBody {
  reactions: { node: number; horizontal: number; vertical: number }[];
  memberForces: { member: number; from: number; to: number; force: number }[];
  displacements: { node: number; dx: number; dy: number }[];
  envelope?: {
    standard: string;
    combinations: (Combination & {
      reactions: TrussBody['reactions'];
      memberForces: TrussBody['memberForces'];
    })[];
    uls?: {
      memberForces: { member: number; max: Governed; min: Governed }[];
      reactions: { node: number; horizontal: Bounds<Governed>; vertical: Bounds<Governed> }[];
    };
    sls?: { displacements: { node: number; dx: Bounds<Governed>; dy: Bounds<Governed> }[] };
  };
  meta: { warnings: string[] };
}

/**
 * One app for the test file, started before its tests (as support/browser-service.ts starts its service),
 * and the requests sent to it.
 */
export function solveOverHttp() {
  let app: Koa;
  beforeAll(async () => {
    app = await testApp();
  });

  async function post(path: string, body: object): Promise<request.Response> {
    return request(app.callback()).post(path).send(body);
  }

  /** The 200 response's body; any other status fails the test with the problem the service sent. */
  async function solved<T>(path: string, body: object): Promise<T> {
    const res = await post(path, body);
    if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  return {
    post,
    solveBeam: (body: object) => solved<BeamBody>('/v1/beam/solve', body),
    solveTruss: (body: object) => solved<TrussBody>('/v1/truss/solve', body),
    solveFrame: (body: object) => solved<Record<string, unknown>>('/v1/frame/solve', body),
  };
}

export function envelopeOf<T extends { envelope?: unknown }>(body: T): NonNullable<T['envelope']> {
  if (body.envelope === undefined) throw new Error('no envelope in the response');
  return body.envelope as NonNullable<T['envelope']>;
}

/** The value of a series at `x` (the first pair there: the left value at a jump). */
export function valueAt(series: Series, x: number): number {
  const pair = series.find(([p]) => Math.abs(p - x) < 1e-9);
  if (pair === undefined) throw new Error(`no sample at x = ${x}`);
  return pair[1];
}

export const pin = (position: number) => ({ type: 'pin', position });
export const roller = (position: number) => ({ type: 'roller', position });
export const udl = (w: number, from: number, to: number, loadCase?: string) => ({
  type: 'udl',
  start: -w,
  from,
  to,
  ...(loadCase !== undefined && { case: loadCase }),
});

// ---------------------------------------------------------------------------------------------
// combinations.md 1.7, 2.8, 3.9, 4.6, 5.5 and 6: G = 10 kN/m, Q = 5 kN/m, simply supported 6 m, office.
// M = wL²/8 = 4.5w at midspan; δ = 5wL⁴/384EI = 16.875·w/EI (m, with EI in kN.m²), in mm ×1000.

export const L = 6;
export const workedExample = (combinations: object) => ({
  spans: [{ length: L, ...section }],
  supports: [pin(0), roller(L)],
  loads: [udl(10, 0, L), udl(5, 0, L, 'Q')],
  combinations,
});
export const midspanMoment = (w: number) => (w * L * L) / 8;
export const midspanDeflectionMm = (w: number) => ((-5 * w * L ** 4) / (384 * EI)) * 1000;

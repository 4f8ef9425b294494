/**
 * Issue 15, stumble 5: round-off is written as 0 (decisions.md section 15, "Clean numbers"): a result
 * below 1e-12 of the largest magnitude of the same quantity in the response. The models are the issue's:
 * before, the beam answered a deflection of 5.2e-15 mm at its roller, maxUp 3.47e-15 mm and a rotation of
 * 8.7e-19 at midspan; the Warren truss a horizontal reaction of 1.8e-15 kN and 5.4e-15 kN in a diagonal.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanNumbers } from '../../ts/solve/clean.js';
import { SeriesData } from '../../ts/solve/json-text.js';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

/** Every number of a series is 0 or at least 1e-12 of the series' largest magnitude. */
function noRoundOff(pairs: [number, number][]): void {
  const largest = Math.max(...pairs.map(([, v]) => Math.abs(v)));
  for (const [x, v] of pairs) if (v !== 0) expect(Math.abs(v), `at ${x}`).toBeGreaterThanOrEqual(1e-12 * largest);
}

describe('beam', () => {
  it('6 m pin-roller under 10 kN/m: 0 deflection at the supports, maxUp 0, 0 rotation at midspan', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send({
        spans: [{ length: 6, E: 200, I: 1e8 }],
        supports: [
          { type: 'pin', position: 0 },
          { type: 'roller', position: 6 },
        ],
        loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
      });
    expect(res.status).toBe(200);
    const { diagrams, extremes } = res.body as {
      diagrams: Record<string, [number, number][]>;
      extremes: { deflection: { maxUp: { value: number; position: number } } };
    };
    expect(diagrams.deflection![0]).toEqual([0, 0]);
    expect(diagrams.deflection!.at(-1)).toEqual([6, 0]);
    // nothing rises: the largest deflection is 0, at the leftmost place it is reached (decisions.md 13)
    expect(extremes.deflection.maxUp).toEqual({ value: 0, position: 0 });
    // the slope at midspan of a symmetric load is 0 (Roark Table 8.1 case 2e)
    expect(diagrams.rotation!.find(([x]) => x === 3)).toEqual([3, 0]);
    for (const name of ['shear', 'moment', 'rotation', 'deflection']) noRoundOff(diagrams[name]!);
  });
});

describe('truss', () => {
  it('Warren truss, 10 kN at each top node: no horizontal reaction, no force in the middle diagonals', async () => {
    // equilateral panels of 4 m (height 2√3 m); by symmetry each support carries 10 kN, and joint 2 (unloaded,
    // between two diagonals at 60°) gives F4 sin 60° + F5 sin 60° = 0 with F4 = F5: both 0
    const h = 2 * Math.sqrt(3);
    const res = await request(app.callback())
      .post('/v1/truss/solve')
      .send({
        nodes: [
          { id: 1, x: 0, y: 0 },
          { id: 2, x: 4, y: 0 },
          { id: 3, x: 8, y: 0 },
          { id: 4, x: 2, y: h },
          { id: 5, x: 6, y: h },
        ],
        members: [
          { id: 1, from: 1, to: 2 },
          { id: 2, from: 2, to: 3 },
          { id: 3, from: 1, to: 4 },
          { id: 4, from: 4, to: 2 },
          { id: 5, from: 2, to: 5 },
          { id: 6, from: 5, to: 3 },
          { id: 7, from: 4, to: 5 },
        ],
        materials: [{ id: 1, E: 200, A: 1000 }],
        supports: [
          { node: 1, type: 'pin' },
          { node: 3, type: 'roller' },
        ],
        loads: [
          { node: 4, fy: -10 },
          { node: 5, fy: -10 },
        ],
      });
    expect(res.status).toBe(200);
    const body = res.body as { reactions: { node: number; horizontal: number }[]; memberForces: { member: number; force: number }[] };
    expect(body.reactions.find((r) => r.node === 1)!.horizontal).toBe(0);
    expect(body.memberForces.find((m) => m.member === 4)!.force).toBe(0);
    expect(body.memberForces.find((m) => m.member === 5)!.force).toBe(0);
  });
});

describe('cleanNumbers', () => {
  it('compares a value with the largest of its own quantity across results and envelope, and leaves ids and factors', () => {
    const results = {
      reactions: [
        { node: 1, vertical: 1e-20, moment: 3e-15 },
        { node: 2, vertical: 50, moment: 0.004 },
      ],
      diagrams: { deflection: new SeriesData(new Float64Array([0, 2e-14, 1e-13, -7])) },
    };
    const envelope = { combinations: [{ factors: { G: 1e-13 }, reactions: [{ node: 3, vertical: 4e-12 }] }] };
    cleanNumbers([results, envelope]);
    // force: largest 50, so 1e-20 and 4e-12 (below 5e-11) are round-off
    expect(results.reactions[0]!.vertical).toBe(0);
    expect(envelope.combinations[0]!.reactions[0]!.vertical).toBe(0);
    // moment: largest 0.004; 3e-15 is below 4e-15
    expect(results.reactions[0]!.moment).toBe(0);
    // displacement: largest 7; 2e-14 below 7e-12; position (length) 1e-13 is the largest length: kept
    expect([...results.diagrams.deflection.xy]).toEqual([0, 0, 1e-13, -7]);
    // ids and factors are not results
    expect(envelope.combinations[0]!.factors.G).toBe(1e-13);
    expect(results.reactions.map((r) => r.node)).toEqual([1, 2]);
  });
});

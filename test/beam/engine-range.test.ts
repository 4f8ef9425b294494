/**
 * Issue 12 defect 6: numbers valid by schema that underflow or overflow once in the engine's units (kN, m,
 * kN/m², m⁴) are a 400 at their own path saying so, with the usable range, instead of an engine
 * refusal or a check that misreads them. Beam and truss over HTTP; the frame's checks at the function
 * level, as the frame route is not on this branch yet.
 *
 * The bounds: a nonzero value must be a normal double in engine units, [2.2250738585072014e-308,
 * 1.7976931348623157e308]; a length must keep its fourth power normal, [2.2250738585072014e-308^(1/4),
 * 1.7976931348623157e308^(1/4)] = [1.2213e-77, 1.1579e77] m. In request units: E in GPa is 1e6 kN/m²,
 * so 2.2251e-314 to 1.7977e302 GPa; I in mm4 is 1e-12 m⁴, so 2.2251e-296 mm4 upwards.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { frameSemanticIssues } from '../../ts/solve/frame-model.js';
import type { FrameSolveRequest } from '../../ts/schema/frame.js';
import { testApp } from '../support/app.js';
import { TRIANGLE_TRUSS } from '../support/models.js';
import { frameFixtures } from '../frame/fixtures.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

interface Issue {
  path: string;
  message: string;
}
async function refused(route: string, body: object): Promise<Issue[]> {
  const res = await request(app.callback()).post(route).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('invalid_input');
  return res.body.issues as Issue[];
}

const beam = (
  span: object,
  supports: object[] = [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
) => ({
  spans: [{ length: 6, E: 200, I: 1e8, ...span }],
  supports,
  loads: [{ type: 'point', magnitude: -10, position: 3 }],
});

describe('beam', () => {
  it('an area load whose pressure and width are each in range but whose product overflows is a 400 at the load', async () => {
    // 1e300 kPa x 1e15 m = 1e315 kN/m: past the largest double (1.7977e308); found by test/service/mutations.test.ts
    const body = {
      ...beam({}),
      loads: [{ type: 'area', start: -2, end: 1e300, from: 0, to: 6, width: 1e15, endWidth: 1 }],
    };
    const issues = await refused('/v1/beam/solve', body);
    expect(issues).toEqual([expect.objectContaining({ path: 'loads.0', message: expect.stringMatching(/pressure times width/) })]);
  });

  it.each([
    ['E', { E: 5e-324 }, 'spans.0.E', /underflows in the engine's units \(kN\/m²\).* 2\.23e-314 to 1\.79e302 GPa/],
    ['I', { I: 5e-324 }, 'spans.0.I', /underflows in the engine's units \(m⁴\).* 2\.23e-296 to 1\.79e308 mm4/],
  ])('%s of 5e-324 underflows at its path', async (_, span, path, message) => {
    const issues = await refused('/v1/beam/solve', beam(span));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe(path);
    expect(issues[0]!.message).toMatch(message);
  });

  it('E and I of 1e200 each fit but EI overflows: an engine_error naming the overflow, not a mechanism', async () => {
    // 1e200 GPa x 1e200 mm4 = 1e206 kN/m² x 1e188 m⁴ = 1e394 kN.m², past 1.7977e308 (issue 31 defect 6)
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send(beam({ E: 1e200, I: 1e200 }));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe('engine_error');
    expect(res.body.detail).toMatch(/overflowed/);
    expect(res.body.detail).not.toMatch(/rotate|free/);
  });

  it('a length of 5e-324 underflows (its fourth power is zero), not "I must be positive"', async () => {
    const issues = await refused('/v1/beam/solve', beam({ length: 5e-324 }, [{ type: 'fixed', position: 0 }]));
    expect(issues.map((i) => i.path)).toEqual(['spans.0.length']);
    expect(issues[0]!.message).toMatch(
      /underflows in the engine's units \(m\) \(the engine forms fourth powers of lengths\).* 1\.23e-77 to 1\.15e77 m/,
    );
  });

  it('a span of 1e308 overflows, not "supports.0 already stands at this position"', async () => {
    const body = {
      ...beam({}),
      spans: [
        { length: 6, E: 200, I: 1e8 },
        { length: 1e308, E: 200, I: 1e8 },
      ],
    };
    const issues = await refused('/v1/beam/solve', body);
    expect(issues.map((i) => i.path)).toEqual(['spans.1.length', 'spans']);
    expect(issues[0]!.message).toMatch(/^overflows in the engine's units \(m\)/);
    expect(JSON.stringify(issues)).not.toMatch(/already stands/);
  });

  it('an imperial force that overflows on conversion (1e308 kip = 4.4e308 kN) is named', async () => {
    const body = { ...beam({ E: 29000, I: 500 }), units: 'imperial', loads: [{ type: 'point', magnitude: -1e308, position: 3 }] };
    const issues = await refused('/v1/beam/solve', body);
    expect(issues).toEqual([
      { path: 'loads.0.magnitude', message: expect.stringMatching(/^overflows in the engine's units \(kN\).* kip$/) },
    ]);
  });

  it('the diagram route says the same', async () => {
    const issues = await refused('/v1/beam/diagram', beam({ I: 5e-324 }));
    expect(issues.map((i) => i.path)).toEqual(['spans.0.I']);
  });

  it('the edges of the range are accepted: I = 2.23e-296 mm4 and E = 1.79e302 GPa solve', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send(beam({ I: 2.23e-296, E: 1.79e302 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('truss', () => {
  it.each([
    ['E', { E: 5e-324 }, 'materials.0.E', 'underflows'],
    ['A', { A: 5e-324 }, 'materials.0.A', 'underflows'],
  ])('%s of 5e-324 underflows at its path', async (_, material, path, what) => {
    const body = { ...TRIANGLE_TRUSS, materials: [{ ...TRIANGLE_TRUSS.materials[0], ...material }] };
    const issues = await refused('/v1/truss/solve', body);
    expect(issues).toEqual([{ path, message: expect.stringMatching(new RegExp(`^${what} in the engine's units`)) }]);
  });

  it('a coordinate of 1e308 overflows at its path, not a zero-length or mechanism message', async () => {
    const nodes = TRIANGLE_TRUSS.nodes.map((n, i) => (i === 2 ? { ...n, x: 1e308 } : n));
    const issues = await refused('/v1/truss/solve', { ...TRIANGLE_TRUSS, nodes });
    expect(issues).toEqual([{ path: 'nodes.2.x', message: expect.stringMatching(/^overflows in the engine's units \(m\)/) }]);
  });

  it('an imperial settlement that underflows (5e-324 in) is named', async () => {
    const supports = TRIANGLE_TRUSS.supports.map((s, i) => (i === 0 ? { ...s, settlement: { y: 5e-324 } } : s));
    const issues = await refused('/v1/truss/solve', { ...TRIANGLE_TRUSS, units: 'imperial', supports });
    expect(issues).toEqual([
      { path: 'supports.0.settlement.y', message: expect.stringMatching(/^underflows in the engine's units \(m\).* in$/) },
    ]);
  });
});

describe('frame (function level: the frame route is not on this branch yet)', () => {
  const base = frameFixtures().find((f) => f.name === 'propped-cantilever')!.request as FrameSolveRequest;
  const withMaterial = (change: object): FrameSolveRequest => ({ ...base, materials: [{ ...base.materials[0]!, ...change }] });

  it.each([
    ['E', { E: 5e-324 }, 'materials.0.E', 'underflows'],
    ['A', { A: 5e-324 }, 'materials.0.A', 'underflows'],
    ['I', { I: 5e-324 }, 'materials.0.I', 'underflows'],
    ['E', { E: 1e303 }, 'materials.0.E', 'overflows'],
  ])('%s out of range is named at its path', (_, change, path, what) => {
    expect(frameSemanticIssues(withMaterial(change))).toEqual([
      { path, message: expect.stringMatching(new RegExp(`^${what} in the engine's units`)) },
    ]);
  });

  it('a node at 1e308 m overflows, and a member load position of 5e-324 m underflows', () => {
    const nodes = base.nodes.map((n, i) => (i === 1 ? { ...n, x: 1e308 } : n));
    expect(frameSemanticIssues({ ...base, nodes }).map((i) => i.path)).toEqual(['nodes.1.x']);
    const memberLoads = [{ type: 'point' as const, member: 1, magnitude: -10, position: 5e-324 }];
    expect(frameSemanticIssues({ ...base, memberLoads })).toEqual([
      { path: 'memberLoads.0.position', message: expect.stringMatching(/^underflows in the engine's units \(m\)/) },
    ]);
  });

  it('a request in range has no such issue', () => {
    expect(frameSemanticIssues(base)).toEqual([]);
  });
});

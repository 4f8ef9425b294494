/**
 * Load combinations end to end, a truss and the bounds: POST /v1/truss/solve on the real WASM engine for a
 * truss with wind reversal, and the bounds of combinations over HTTP (beam and truss). Every expected number
 * is a hand calculation or a figure of combinations.md, named beside it. Trusses: EA = 2e5 kN.
 * The app, the requests and the worked example's beam: over-http.ts. Tolerance 1e-6 relative (expectClose).
 */
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../support/app.js';
import { envelopeOf, solveOverHttp, workedExample } from './over-http.js';

const { post, solveBeam, solveTruss } = solveOverHttp();

// ---------------------------------------------------------------------------------------------
// Truss with wind: A(0,0) pin, B(8,0) roller, apex C(4,3); members AB (1), BC (2), AC (3), AC = BC = 5.
// Joint C with loads (Px, Py): F_AC = 5Py/6 + 5Px/8, F_BC = 5Py/6 - 5Px/8; joint B: F_AB = -4F_BC/5.
// Moments about A: R_By = (3Px - 4Py)/8; R_Ay = -Py - R_By; R_Ax = -Px.
//   G (Py = -10): F_AC = F_BC = -25/3, F_AB = 20/3; R_Ay = R_By = 5.
//   W (Px = +20): F_AC = +12.5, F_BC = -12.5, F_AB = +10; R_Ax = -20, R_By = 7.5, R_Ay = -7.5.
// AS1170 with G and W present (combinations.md 1.2, 0.3): ULS-1 1.35G, ULS-4 1.2G + W (0.4Q absent),
// ULS-5 0.9G + W (the code's reversal row); SLS-1 G. W is never negated (combinations.md 0.4).
//   | row   | F_AC   | F_BC   | F_AB | R_Ay  | R_By  |
//   | ULS-1 | -11.25 | -11.25 | 9    | 6.75  | 6.75  |
//   | ULS-4 | 2.5    | -22.5  | 18   | -1.5  | 13.5  |
//   | ULS-5 | 5      | -20    | 16   | -3    | 12    |

const EA = 2e5; // kN
const windTruss = (combinations: object) => ({
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 8, y: 0 },
    { id: 3, x: 4, y: 3 },
  ],
  members: [
    { id: 1, from: 1, to: 2 },
    { id: 2, from: 2, to: 3 },
    { id: 3, from: 1, to: 3 },
  ],
  materials: [{ id: 1, E: 200, A: 1000 }],
  supports: [
    { node: 1, type: 'pin' },
    { node: 2, type: 'roller' },
  ],
  loads: [
    { node: 3, fy: -10, case: 'G' },
    { node: 3, fx: 20, case: 'W' },
  ],
  combinations,
});

describe('truss envelope with wind reversal', () => {
  it('AS1170: AC goes from compression under 1.35G to tension under 0.9G + W', async () => {
    const body = await solveTruss(windTruss({ standard: 'AS1170' }));
    const envelope = envelopeOf(body);
    expect(envelope.combinations.map((k) => [k.id, k.name])).toEqual([
      ['AS1170-ULS-1', '1.35G'],
      ['AS1170-ULS-4', '1.2G + W'],
      ['AS1170-ULS-5', '0.9G + W'],
      ['AS1170-SLS-1', 'G'],
    ]);
    // combinations.md 0.4: W is applied as given, no negated-wind row is generated
    for (const k of envelope.combinations) expect(k.factors.W).toBeGreaterThanOrEqual(0);

    // Top level unfactored (G + W): F_AC = -25/3 + 12.5
    expectClose(body.memberForces.find((m) => m.member === 3)!.force, -25 / 3 + 12.5);

    const forces = (id: string) => envelope.combinations.find((k) => k.id === id)!.memberForces;
    const f = (id: string, member: number) => forces(id).find((m) => m.member === member)!.force;
    expectClose(f('AS1170-ULS-1', 3), -11.25);
    expectClose(f('AS1170-ULS-4', 3), 2.5);
    expectClose(f('AS1170-ULS-5', 3), 5);

    const member = (id: number) => envelope.uls!.memberForces.find((m) => m.member === id)!;
    // AC reverses: max +5 (tension) from 0.9G + W, min -11.25 (compression) from 1.35G
    expect(member(3).max.combination).toBe('AS1170-ULS-5');
    expectClose(member(3).max.value, 5);
    expect(member(3).min.combination).toBe('AS1170-ULS-1');
    expectClose(member(3).min.value, -11.25);
    // BC: always compression, -11.25 (ULS-1) to -22.5 (ULS-4)
    expect(member(2).max.combination).toBe('AS1170-ULS-1');
    expectClose(member(2).max.value, -11.25);
    expect(member(2).min.combination).toBe('AS1170-ULS-4');
    expectClose(member(2).min.value, -22.5);
    // AB: always tension, 9 (ULS-1) to 18 (ULS-4)
    expect(member(1).max.combination).toBe('AS1170-ULS-4');
    expectClose(member(1).max.value, 18);
    expect(member(1).min.combination).toBe('AS1170-ULS-1');
    expectClose(member(1).min.value, 9);

    // Uplift at A: R_Ay from +6.75 (1.35G) to -3 (0.9G + W)
    const a = envelope.uls!.reactions.find((r) => r.node === 1)!;
    expect(a.vertical.max.combination).toBe('AS1170-ULS-1');
    expectClose(a.vertical.max.value, 6.75);
    expect(a.vertical.min.combination).toBe('AS1170-ULS-5');
    expectClose(a.vertical.min.value, -3);
    expectClose(a.horizontal.min.value, -20);
    const b = envelope.uls!.reactions.find((r) => r.node === 2)!;
    expect(b.vertical.max.combination).toBe('AS1170-ULS-4');
    expectClose(b.vertical.max.value, 13.5);

    // SLS from G alone. Virtual work, unit load down at C: f = F_G/10, δ = Σ F_G·f·L/EA
    // = (1/10)[2·(25/3)²·5 + (20/3)²·8]/EA = 105/EA m = 0.525 mm down.
    const c = envelope.sls!.displacements.find((d) => d.node === 3)!;
    expect(c.dy.min.combination).toBe('AS1170-SLS-1');
    expectClose(c.dy.min.value, (-105 / EA) * 1000);
  });

  it('the opposite wind direction as a custom row with W negated (combinations.md 0.4)', async () => {
    const custom = [
      { name: '0.9G + W', kind: 'ULS', factors: { G: 0.9, W: 1 } },
      { name: '0.9G - W', kind: 'ULS', factors: { G: 0.9, W: -1 } },
    ];
    const envelope = envelopeOf(await solveTruss(windTruss({ standard: 'custom', custom })));
    const member = (id: number) => envelope.uls!.memberForces.find((m) => m.member === id)!;
    // 0.9G - W: F_AC = -7.5 - 12.5 = -20, F_BC = -7.5 + 12.5 = +5: the two inclined members swap
    expect(member(3).max).toEqual({ value: expect.any(Number), combination: 'CUSTOM-1' });
    expectClose(member(3).max.value, 5);
    expect(member(3).min.combination).toBe('CUSTOM-2');
    expectClose(member(3).min.value, -20);
    expect(member(2).max.combination).toBe('CUSTOM-2');
    expectClose(member(2).max.value, 5);
    expect(member(2).min.combination).toBe('CUSTOM-1');
    expectClose(member(2).min.value, -20);
    // R_Ax = ∓20
    const a = envelope.uls!.reactions.find((r) => r.node === 1)!;
    expect(a.horizontal.max.combination).toBe('CUSTOM-2');
    expectClose(a.horizontal.max.value, 20);
    expect(a.horizontal.min.combination).toBe('CUSTOM-1');
    expectClose(a.horizontal.min.value, -20);
    expect(envelope).not.toHaveProperty('sls');
  });
});

// ---------------------------------------------------------------------------------------------
// Bounds (interface-spec.md "Limits": include 64, custom 32, custom name 60 characters).

describe('bounds over HTTP', () => {
  const row = (i: number) => ({ name: `row ${i}`, kind: 'ULS', factors: { G: 1 + i / 100 } });
  const paths = (res: request.Response) => (res.body.issues as { path: string }[]).map((i) => i.path);

  it('32 custom rows run; 33 are a 400 at combinations.custom', async () => {
    const ok = await solveBeam(workedExample({ standard: 'custom', custom: Array.from({ length: 32 }, (_, i) => row(i)) }));
    const ids = envelopeOf(ok).combinations.map((k) => k.id);
    expect(ids).toHaveLength(32);
    expect(ids.at(-1)).toBe('CUSTOM-32');
    // the largest factor, G = 1.31 on w = 10: M = 13.1·4.5 = 58.95
    expect(envelopeOf(ok).uls!.extremes.moment.maxSagging.combination).toBe('CUSTOM-32');
    expectClose(envelopeOf(ok).uls!.extremes.moment.maxSagging.value, 58.95);

    const res = await post('/v1/beam/solve', workedExample({ standard: 'custom', custom: Array.from({ length: 33 }, (_, i) => row(i)) }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(paths(res)).toContain('combinations.custom');
  });

  it('a 60-character name runs; 61 characters are a 400 at combinations.custom.0.name', async () => {
    const name60 = 'N'.repeat(60);
    const ok = await solveBeam(workedExample({ standard: 'custom', custom: [{ name: name60, kind: 'ULS', factors: { G: 1 } }] }));
    expect(envelopeOf(ok).combinations[0]!.name).toBe(name60);

    const res = await post(
      '/v1/beam/solve',
      workedExample({ standard: 'custom', custom: [{ name: 'N'.repeat(61), kind: 'ULS', factors: { G: 1 } }] }),
    );
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['combinations.custom.0.name']);
  });

  it('64 include ids run; 65 are a 400 at combinations.include (beam and truss)', async () => {
    const ok = await solveBeam(workedExample({ standard: 'AS1170', include: Array.from({ length: 64 }, () => 'AS1170-ULS-2') }));
    expect(envelopeOf(ok).combinations.map((k) => k.id)).toEqual(['AS1170-ULS-2']); // named 64 times, run once

    const include = Array.from({ length: 65 }, () => 'AS1170-ULS-2');
    const beam = await post('/v1/beam/solve', workedExample({ standard: 'AS1170', include }));
    expect(beam.status).toBe(400);
    expect(paths(beam)).toContain('combinations.include');
    const truss = await post('/v1/truss/solve', windTruss({ standard: 'AS1170', include }));
    expect(truss.status).toBe(400);
    expect(paths(truss)).toContain('combinations.include');
  });

  it('custom bounds on the truss route too', async () => {
    const res = await post('/v1/truss/solve', windTruss({ standard: 'custom', custom: Array.from({ length: 33 }, (_, i) => row(i)) }));
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('combinations.custom');
  });
});

/**
 * Issue 15, stumble 3: unit mistakes no longer go through silently. Plausibility warnings of
 * decisions.md section 15 in meta.warnings, each naming the field, over HTTP.
 *
 * The beam: 6 m simply supported, 10 kN/m down, δ = 5wL⁴/384EI (Roark Table 8.1 case 2e).
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';
import { TRIANGLE_TRUSS } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const beam = (span: { E: number; I: number }, units?: string) => ({
  ...(units && { units }),
  spans: [{ length: 6, ...span }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
});

async function warnings(path: string, body: object): Promise<{ warnings: string[]; body: Record<string, unknown> }> {
  const res = await request(app.callback()).post(path).send(body);
  expect(res.status).toBe(200);
  return { warnings: res.body.meta.warnings as string[], body: res.body };
}

const naming = (list: string[], field: string) => list.filter((w) => w.startsWith(`${field} = `));

describe('beam', () => {
  it('I in m4 (0.0001): warns on spans.0.I and on the deflection', async () => {
    const { warnings: w, body } = await warnings('/v1/beam/solve', beam({ E: 200, I: 0.0001 }));
    // EI = 200e6 kN/m² x 1e-16 m⁴ = 2e-8 kN.m²; δ = 5·10·6⁴/(384·2e-8) m = 8.4375e12 mm
    expectClose((body.extremes as { deflection: { max: { value: number } } }).deflection.max.value, -8.4375e12);
    expect(naming(w, 'spans.0.I')).toEqual([
      'spans.0.I = 1e-4 mm4 is outside the plausible 10000 to 1e+12 mm4: I is in mm4 (in4); a value in m4 is far too small, one in cm4 10,000 times too small.',
    ]);
    expect(
      w.some((x) =>
        x.startsWith('The largest deflection (extremes.deflection.max, at x = 3 m) is -8.4375e+12 mm, more than 1/50 of span 0'),
      ),
    ).toBe(true);
    expect(naming(w, 'spans.0.E')).toEqual([]);
  });

  it.each([
    ['Pa', 200e9],
    ['kPa', 200e6],
    ['MPa', 200e3],
  ])('E in %s: warns on spans.0.E', async (_unit, E) => {
    const { warnings: w } = await warnings('/v1/beam/solve', beam({ E, I: 1e8 }));
    expect(naming(w, 'spans.0.E')).toHaveLength(1);
    expect(naming(w, 'spans.0.E')[0]).toContain('outside the plausible 1 to 1000 GPa: E is in GPa (ksi);');
  });

  it('I in cm4 (IPE300: 8356 cm4): warns on spans.0.I, and the 101 m deflection on span 0', async () => {
    const { warnings: w } = await warnings('/v1/beam/solve', beam({ E: 200, I: 8356 }));
    expect(naming(w, 'spans.0.I')[0]).toContain('one in cm4 10,000 times too small');
    // EI = 200e6 x 8356e-12 = 1.6712 kN.m²; δ = 64800 / (384 x 1.6712) = 100.975 m, over 6/50 = 0.12 m
    expect(w.some((x) => /^The largest deflection .* is -100975 mm, more than 1\/50 of span 0 \(spans\.0\.length\) \(6 m\)/.test(x))).toBe(
      true,
    );
  });

  it('imperial E in psi (29,000,000): the range in ksi', async () => {
    const { warnings: w } = await warnings('/v1/beam/solve', beam({ E: 29e6, I: 240 }, 'imperial'));
    // 1 GPa = 145.038 ksi (1 ksi = 6.894757 MPa)
    expect(naming(w, 'spans.0.E')[0]).toMatch(/^spans\.0\.E = 2\.9e\+7 ksi is outside the plausible 145\.038 to 145038 ksi/);
  });

  it('plausible values give no warning', async () => {
    const { warnings: w } = await warnings('/v1/beam/solve', beam({ E: 200, I: 1e8 }));
    expect(w).toEqual([]);
  });
});

describe('truss', () => {
  it('E in Pa and A in m2: warns on materials.0.E and materials.0.A', async () => {
    const { warnings: w } = await warnings('/v1/truss/solve', { ...TRIANGLE_TRUSS, materials: [{ id: 1, E: 200e9, A: 0.001 }] });
    expect(naming(w, 'materials.0.E')[0]).toContain('outside the plausible 1 to 1000 GPa');
    expect(naming(w, 'materials.0.A')).toEqual([
      'materials.0.A = 0.001 mm2 is outside the plausible 10 to 1e+6 mm2: A is in mm2 (in2); a value in m2 is far too small, one in cm2 100 times too small.',
    ]);
  });

  it('a displacement over 1/50 of the largest dimension', async () => {
    // A = 10 mm2 (plausible, the lower bound): the tie's stretch alone is N L / EA = (20/3 kN)(8 m)/(200e6 x 1e-5 kN) = 26.7 mm;
    // the apex moves more, over 8 m / 50 = 160 mm only if softer: E = 1 GPa makes it 200 times larger
    const { warnings: w } = await warnings('/v1/truss/solve', { ...TRIANGLE_TRUSS, materials: [{ id: 1, E: 1, A: 10 }] });
    expect(w.filter((x) => x.startsWith('The largest node displacement (displacements, node'))).toHaveLength(1);
    expect(w.find((x) => x.startsWith('The largest node displacement'))).toContain("more than 1/50 of the truss's largest dimension (8 m)");
    const plausible = await warnings('/v1/truss/solve', TRIANGLE_TRUSS);
    expect(plausible.warnings).toEqual([]);
  });
});

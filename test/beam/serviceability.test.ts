/**
 * Serviceability at a glance (issue 36, defect 6): each beam span's largest deflection and its span/deflection
 * ratio in `extremes.spans` (and per SLS combination in the envelope), and each frame member's deflection
 * extremes in `members[].extremes.deflection`. Every number is a closed form named beside it.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';
import { SIMPLE_BEAM } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const post = async (path: string, body: unknown) => {
  const res = await request(app.callback())
    .post(path)
    .send(body as object);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

type Span = { from: number; to: number; deflection: { value: number; position: number; combination?: string }; ratio?: number };

/** 5wL⁴/(384EI): midspan deflection of a simply supported span under a uniform load (Roark, Table 8.1 case 2e). */
const midspanSag = (w: number, L: number, EI: number) => (5 * w * L ** 4) / (384 * EI);

describe('beam extremes.spans', () => {
  it('a 6 m simply supported span under 10 kN/m: 10.546875 mm at midspan, L/568.9', async () => {
    // EI = 200e6 kN/m² × 8e-5 m⁴ = 16000 kN.m²; δ = 5·10·6⁴/(384·16000) = 0.010546875 m; 6000/10.546875 = 568.89
    const body = await post('/v1/beam/solve', SIMPLE_BEAM);
    const [span] = body.extremes.spans as Span[];
    expect(body.extremes.spans).toHaveLength(1);
    expect([span!.from, span!.to]).toEqual([0, 6]);
    expectClose(span!.deflection.value, -midspanSag(10, 6, 16000) * 1000);
    expectClose(span!.deflection.position, 3);
    expectClose(span!.ratio, 6000 / (midspanSag(10, 6, 16000) * 1000));
  });

  it('three spans hinged over their supports: each span its own midspan sag and ratio', async () => {
    // hinges over the inner supports make three simply supported spans; EI = 200e6 × 1e-4 = 2e4 kN.m²
    const body = await post('/v1/beam/solve', {
      spans: [
        { length: 6, E: 200, I: 1e8 },
        { length: 6, E: 200, I: 1e8, connection: 'hinge' },
        { length: 4, E: 200, I: 1e8, connection: 'hinge' },
      ],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 6 },
        { type: 'roller', position: 12 },
        { type: 'roller', position: 16 },
      ],
      loads: [
        { type: 'udl', start: 10, from: 0, to: 6 },
        { type: 'udl', start: -10, from: 6, to: 16 },
      ],
    });
    const spans = body.extremes.spans as Span[];
    const six = midspanSag(10, 6, 2e4) * 1000; // 8.4375 mm
    const four = midspanSag(10, 4, 2e4) * 1000; // 1.6667 mm
    expect(spans.map((s) => [s.from, s.to])).toEqual([
      [0, 6],
      [6, 12],
      [12, 16],
    ]);
    expectClose(spans[0]!.deflection.value, six); // lifted
    expectClose(spans[0]!.deflection.position, 3);
    expectClose(spans[1]!.deflection.value, -six);
    expectClose(spans[1]!.deflection.position, 9);
    expectClose(spans[2]!.deflection.value, -four);
    expectClose(spans[2]!.deflection.position, 14);
    expectClose(spans[0]!.ratio, 6000 / six); // L/711
    expectClose(spans[2]!.ratio, 4000 / four); // L/2400
  });

  it('the ratio is the same pure number in imperial units', async () => {
    // 20 ft span, 1 k/ft, E = 29000 ksi, I = 500 in⁴: δ = 5·(1/12)·240⁴/(384·29000·500) = 0.248276 in; 240/δ = 966.67
    const body = await post('/v1/beam/solve', {
      units: 'imperial',
      spans: [{ length: 20, E: 29000, I: 500 }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 20 },
      ],
      loads: [{ type: 'udl', start: -1, from: 0, to: 20 }],
    });
    const [span] = body.extremes.spans as Span[];
    const sag = midspanSag(1 / 12, 240, 29000 * 500);
    expectClose(span!.deflection.value, -sag);
    expectClose(span!.ratio, 240 / sag);
  });

  it('a span that does not deflect has no ratio', async () => {
    // with no load nothing deflects: no L/δ to give (it would be infinite)
    const body = await post('/v1/beam/solve', { ...SIMPLE_BEAM, loads: [] });
    const [span] = body.extremes.spans as Span[];
    expect(span!.deflection.value).toBe(0);
    expect(span).not.toHaveProperty('ratio');
  });

  it('the SLS envelope names the combination that deflects each span most, with its ratio', async () => {
    // combinations.md 3.9: G = 10, Q = 5 kN/m on 6 m, EN1990-UK office; SLS-2 (characteristic G + Q) carries
    // 15 kN/m, the largest SLS load: δ = 5·15·6⁴/(384·16000) = 15.8203125 mm, 6000/15.8203125 = L/379.3
    const body = await post('/v1/beam/solve', {
      ...SIMPLE_BEAM,
      loads: [
        { type: 'udl', start: -10, from: 0, to: 6, case: 'G' },
        { type: 'udl', start: -5, from: 0, to: 6, case: 'Q' },
      ],
      combinations: { standard: 'EN1990-UK', occupancy: 'office' },
    });
    const [span] = body.envelope.sls.extremes.spans as Span[];
    const sag = midspanSag(15, 6, 16000) * 1000;
    expect(span!.deflection.combination).toBe('EN1990UK-SLS-2');
    expectClose(span!.deflection.value, -sag);
    expectClose(span!.ratio, 6000 / sag);
    // and each combination lists its own spans, as the top level does
    const sls1 = (body.envelope.combinations as { id: string; extremes: { spans: Span[] } }[]).find((c) => c.id === 'EN1990UK-SLS-1');
    expectClose(sls1!.extremes.spans[0]!.deflection.value, -midspanSag(10, 6, 16000) * 1000);
  });
});

describe('frame members[].extremes.deflection', () => {
  it('a horizontal member reads as the beam: 10.546875 mm down at midspan', async () => {
    const body = await post('/v1/frame/solve', {
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 6, y: 0 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, E: 200, A: 5000, I: 8e7 }],
      supports: [
        { node: 1, type: 'pin' },
        { node: 2, type: 'roller' },
      ],
      memberLoads: [{ type: 'udl', member: 1, start: -10 }],
    });
    const { deflection } = body.members[0].extremes;
    expectClose(deflection.max.value, -midspanSag(10, 6, 16000) * 1000);
    expectClose(deflection.max.position, 3);
    expect(deflection.maxDown).toEqual(deflection.max);
    expect(Math.abs(deflection.maxUp.value)).toBeLessThan(1e-9);
  });

  it("a column drawn upwards deflects along y' = -x: a 10 kN tip load sways it PL³/3EI = 10.667 mm", async () => {
    // Gere & Goodno, Table G-1 case 4: PL³/(3EI) = 10·4³/(3·2e4) m = 10.667 mm at the tip (x' = 4 m); y' points to -x
    const body = await post('/v1/frame/solve', {
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 0, y: 4 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, E: 200, A: 10000, I: 1e8 }],
      supports: [{ node: 1, type: 'fixed' }],
      nodalLoads: [{ node: 2, fx: 10 }],
    });
    const { deflection } = body.members[0].extremes;
    expectClose(deflection.max.value, -((10 * 4 ** 3) / (3 * 2e4)) * 1000);
    expectClose(deflection.max.position, 4);
  });
});

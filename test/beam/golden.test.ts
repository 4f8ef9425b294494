/**
 * Golden beam cases over HTTP: every expected number is a closed-form result named beside it.
 * SI: E = 200 GPa, I = 1e8 mm4 -> EI = 2e4 kN.m² (deflections in mm). Tolerance 1e-6 relative.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { KN_PER_KIP, M_PER_FT, MM_PER_IN, KNM_PER_KIPFT } from '../../ts/units/constants.js';
import { expectClose, testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const EI = 200e6 * 1e-4; // kN.m²
const section = { E: 200, I: 1e8 };

interface Extreme {
  value: number;
  position: number;
}
interface BeamBody {
  reactions: { type: string; position: number; vertical: number; moment: number }[];
  diagrams: Record<'shear' | 'moment' | 'rotation' | 'deflection', [number, number][]>;
  extremes: {
    shear: { max: Extreme; min: Extreme };
    moment: { maxSagging: Extreme; maxHogging: Extreme };
    deflection: { max: Extreme; maxUp: Extreme; maxDown: Extreme };
  };
  meta: { units: string; unitLabels: Record<string, string>; warnings: string[]; engineVersion: string };
  links?: { view: string };
}

async function solve(body: object): Promise<BeamBody> {
  const res = await request(app.callback()).post('/v1/beam/solve').send(body);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  // every golden model is in equilibrium to round-off (decisions.md 15, meta.check)
  expect(res.body.meta.check.equilibrium).toBeLessThan(1e-10);
  return res.body as BeamBody;
}

const pin = (position: number) => ({ type: 'pin', position });
const roller = (position: number) => ({ type: 'roller', position });
const fixed = (position: number) => ({ type: 'fixed', position });
const span = (length: number, extra: object = {}) => ({ length, ...section, ...extra });

describe('simply supported', () => {
  it('UDL: R = wL/2, M = wL²/8, δ = 5wL⁴/384EI (Roark Table 8.1 case 2e)', async () => {
    const [l, w] = [6, 10];
    const r = await solve({ spans: [span(l)], supports: [pin(0), roller(l)], loads: [{ type: 'udl', start: -w, from: 0, to: l }] });
    expectClose(r.reactions[0]!.vertical, (w * l) / 2);
    expectClose(r.reactions[1]!.vertical, (w * l) / 2);
    expectClose(r.extremes.moment.maxSagging.value, (w * l * l) / 8);
    expectClose(r.extremes.moment.maxSagging.position, l / 2);
    expectClose(r.extremes.deflection.max.value, ((-5 * w * l ** 4) / (384 * EI)) * 1000);
    expectClose(r.extremes.deflection.maxDown.value, ((-5 * w * l ** 4) / (384 * EI)) * 1000);
    // decisions.md 2: V(0+) = +wL/2 for a downward UDL; series start just right of 0 (decisions.md 13)
    expect(r.diagrams.shear[0]).toEqual([0, 30]);
    expectClose(r.diagrams.shear.at(-1)![1], -30);
    expect(r.meta.unitLabels).toMatchObject({ length: 'm', force: 'kN', moment: 'kN.m', deflection: 'mm', rotation: 'rad' });
  });

  it('off-centre point load: R_A = Pb/L, M = Pab/L (Roark Table 8.1 case 1e)', async () => {
    const [l, a, p] = [8, 3, 20];
    const r = await solve({ spans: [span(l)], supports: [pin(0), roller(l)], loads: [{ type: 'point', magnitude: -p, position: a }] });
    expectClose(r.reactions[0]!.vertical, (p * (l - a)) / l);
    expectClose(r.reactions[1]!.vertical, (p * a) / l);
    expectClose(r.extremes.moment.maxSagging.value, (p * a * (l - a)) / l);
    expectClose(r.extremes.moment.maxSagging.position, a);
    // δmax = P a (L²-a²)^1.5 / (9√3 L EI) at sqrt((L²-a²)/3) from the far end
    expectClose(r.extremes.deflection.maxDown.value, ((-p * a * (l * l - a * a) ** 1.5) / (9 * Math.sqrt(3) * l * EI)) * 1000);
    expectClose(r.extremes.deflection.maxDown.position, l - Math.sqrt((l * l - a * a) / 3));
    // decisions.md 3: two pairs at the jump, left value first
    expect(r.diagrams.shear.filter(([x]) => x === a).map(([, v]) => v)).toEqual([12.5, -7.5]);
  });

  it('triangular load: R = wL/6 and wL/3, Mmax = wL²/9√3 at L/√3 (Roark Table 8.1)', async () => {
    const [l, w] = [6, 12];
    const r = await solve({ spans: [span(l)], supports: [pin(0), roller(l)], loads: [{ type: 'udl', start: 0, end: -w, from: 0, to: l }] });
    expectClose(r.reactions[0]!.vertical, (w * l) / 6);
    expectClose(r.reactions[1]!.vertical, (w * l) / 3);
    expectClose(r.extremes.moment.maxSagging.value, (w * l * l) / (9 * Math.sqrt(3)));
    expectClose(r.extremes.moment.maxSagging.position, l / Math.sqrt(3));
  });

  it('partial UDL: statics gives R_A = 12, R_B = 8, M = 38.4 at 4.4 m', async () => {
    // 5 kN/m over 2..6 on 10 m: resultant 20 kN at 4 m; V = 12 - 5(x-2) = 0 at 4.4; M = 12·4.4 - 5·2.4²/2
    const r = await solve({ spans: [span(10)], supports: [pin(0), roller(10)], loads: [{ type: 'udl', start: -5, from: 2, to: 6 }] });
    expectClose(r.reactions[0]!.vertical, 12);
    expectClose(r.reactions[1]!.vertical, 8);
    expectClose(r.extremes.moment.maxSagging.value, 38.4);
    expectClose(r.extremes.moment.maxSagging.position, 4.4);
  });

  it('end moment: clockwise C at the left end gives R_A = -C/L, M(0+) = C', async () => {
    const [l, c] = [6, 30];
    const r = await solve({ spans: [span(l)], supports: [pin(0), roller(l)], loads: [{ type: 'moment', magnitude: c, position: 0 }] });
    expectClose(r.reactions[0]!.vertical, -c / l);
    expectClose(r.reactions[1]!.vertical, c / l);
    expectClose(r.extremes.moment.maxSagging.value, c);
    expectClose(r.extremes.moment.maxSagging.position, 0);
    // θ_A = CL/3EI, clockwise: negative in the counter-clockwise-positive rotation diagram
    expectClose(r.diagrams.rotation[0]![1], (-c * l) / (3 * EI));
  });

  it('midspan moment: M jumps from -C/2 to +C/2 at the moment', async () => {
    const [l, c] = [8, 40];
    const r = await solve({ spans: [span(l)], supports: [pin(0), roller(l)], loads: [{ type: 'moment', magnitude: c, position: 4 }] });
    expectClose(r.reactions[0]!.vertical, -c / l);
    expectClose(r.extremes.moment.maxSagging.value, c / 2);
    expectClose(r.extremes.moment.maxHogging.value, -c / 2);
    expect(r.diagrams.moment.filter(([x]) => x === 4).map(([, v]) => v)).toHaveLength(2);
  });

  it('area load with tapering width: 5 kPa x (2 -> 1 m) is a 10 -> 5 kN/m line load', async () => {
    // statics: 45 kN at x̄ = L(w1 + 2w2)/(3(w1 + w2)) = 8/3 m: R_B = 20, R_A = 25;
    // V = 25 - 10x + 5x²/12 = 0 at x = 12 - √84, M = 25x - 5x² + 5x³/36
    const r = await solve({
      spans: [span(6)],
      supports: [pin(0), roller(6)],
      loads: [{ type: 'area', start: -5, from: 0, to: 6, width: 2, endWidth: 1 }],
    });
    expectClose(r.reactions[0]!.vertical, 25);
    expectClose(r.reactions[1]!.vertical, 20);
    const x = 12 - Math.sqrt(84);
    expectClose(r.extremes.moment.maxSagging.position, x);
    expectClose(r.extremes.moment.maxSagging.value, 25 * x - 5 * x * x + (5 * x ** 3) / 36);
  });

  it('area load with both end pressure and end width is quadratic, solved exactly (decisions.md 13)', async () => {
    // p = -(2 + x/3) kPa, w = 3 - x/3 m on 0..6: q = -(2 + x/3)(3 - x/3) = -(6 + x/3 - x²/9).
    // Total: ∫q dx over 0..6 = -(6·6 + 6²/6 - 6³/27) = -(36 + 6 - 8) = -34 kN;
    // moment about 0: ∫x q dx = -(3·6² + 6³/9 - 6⁴/36) = -(108 + 24 - 36) = -96 kN.m;
    // R_B = 96/6 = 16, R_A = 34 - 16 = 18.
    const r = await solve({
      spans: [span(6)],
      supports: [pin(0), roller(6)],
      loads: [{ type: 'area', start: -2, end: -4, from: 0, to: 6, width: 3, endWidth: 1 }],
    });
    expectClose(r.reactions[1]!.vertical, 16);
    expectClose(r.reactions[0]!.vertical, 18);
  });
});

describe('cantilevers', () => {
  it('fixed left, tip load: R = P, moment -PL clockwise, δ = -PL³/3EI (decisions.md 2, Roark 1a)', async () => {
    const [l, p] = [4, 10];
    const r = await solve({ spans: [span(l)], supports: [fixed(0)], loads: [{ type: 'point', magnitude: -p, position: l }] });
    expectClose(r.reactions[0]!.vertical, p);
    expectClose(r.reactions[0]!.moment, -p * l);
    expectClose(r.extremes.deflection.maxDown.value, ((-p * l ** 3) / (3 * EI)) * 1000);
    expectClose(r.extremes.deflection.maxDown.position, l);
  });

  it('fixed left, UDL: moment -wL²/2, δ = -wL⁴/8EI (Roark 2a)', async () => {
    const [l, w] = [4, 5];
    const r = await solve({ spans: [span(l)], supports: [fixed(0)], loads: [{ type: 'udl', start: -w, from: 0, to: l }] });
    expectClose(r.reactions[0]!.moment, (-w * l * l) / 2);
    expectClose(r.extremes.deflection.max.value, ((-w * l ** 4) / (8 * EI)) * 1000);
  });

  it('fixed left, clockwise tip moment: δ = -CL²/2EI, M = -C throughout (Roark 3a)', async () => {
    const [l, c] = [4, 15];
    const r = await solve({ spans: [span(l)], supports: [fixed(0)], loads: [{ type: 'moment', magnitude: c, position: l }] });
    expectClose(r.extremes.deflection.max.value, ((-c * l * l) / (2 * EI)) * 1000);
    expectClose(r.extremes.moment.maxHogging.value, -c);
    expectClose(r.reactions[0]!.moment, -c);
  });

  it('fixed right, tip load: moment +PL clockwise, δ = -PL³/3EI at the free left end', async () => {
    const [l, p] = [4, 10];
    const r = await solve({ spans: [span(l)], supports: [fixed(l)], loads: [{ type: 'point', magnitude: -p, position: 0 }] });
    expectClose(r.reactions[0]!.vertical, p);
    expectClose(r.reactions[0]!.moment, p * l);
    expectClose(r.extremes.deflection.max.value, ((-p * l ** 3) / (3 * EI)) * 1000);
    expectClose(r.extremes.deflection.max.position, 0);
  });

  it('fixed right, UDL: moment +wL²/2 clockwise, hogging -wL²/2 at the wall', async () => {
    const [l, w] = [4, 5];
    const r = await solve({ spans: [span(l)], supports: [fixed(l)], loads: [{ type: 'udl', start: -w, from: 0, to: l }] });
    expectClose(r.reactions[0]!.moment, (w * l * l) / 2);
    expectClose(r.extremes.moment.maxHogging.value, (-w * l * l) / 2);
    expectClose(r.extremes.moment.maxHogging.position, l);
  });

  it('fixed right, clockwise moment at the free end lifts it: δ = +CL²/2EI', async () => {
    const [l, c] = [4, 12];
    const r = await solve({ spans: [span(l)], supports: [fixed(l)], loads: [{ type: 'moment', magnitude: c, position: 0 }] });
    expectClose(r.extremes.deflection.maxUp.value, ((c * l * l) / (2 * EI)) * 1000);
  });
});

describe('indeterminate beams', () => {
  it('propped cantilever UDL: R = 5wL/8 and 3wL/8, M_A = -wL²/8, +9wL²/128 at 5L/8 (Roark 2c)', async () => {
    const [l, w] = [8, 6];
    const r = await solve({ spans: [span(l)], supports: [fixed(0), roller(l)], loads: [{ type: 'udl', start: -w, from: 0, to: l }] });
    expectClose(r.reactions[0]!.vertical, (5 * w * l) / 8);
    expectClose(r.reactions[1]!.vertical, (3 * w * l) / 8);
    expectClose(r.reactions[0]!.moment, (-w * l * l) / 8);
    expectClose(r.extremes.moment.maxSagging.value, (9 * w * l * l) / 128);
    expectClose(r.extremes.moment.maxSagging.position, (5 * l) / 8);
  });

  it('fixed-fixed UDL: -wL²/12 at the ends, wL²/24 at midspan, δ = wL⁴/384EI (Roark 2d)', async () => {
    const [l, w] = [6, 10];
    const r = await solve({ spans: [span(l)], supports: [fixed(0), fixed(l)], loads: [{ type: 'udl', start: -w, from: 0, to: l }] });
    expectClose(r.extremes.moment.maxHogging.value, (-w * l * l) / 12);
    expectClose(r.extremes.moment.maxSagging.value, (w * l * l) / 24);
    expectClose(r.extremes.deflection.max.value, ((-w * l ** 4) / (384 * EI)) * 1000);
    expectClose(r.reactions[0]!.moment, (-w * l * l) / 12);
    expectClose(r.reactions[1]!.moment, (w * l * l) / 12);
  });

  it('fixed-fixed central point: ±PL/8, δ = PL³/192EI (Roark 1d)', async () => {
    const [l, p] = [6, 30];
    const r = await solve({ spans: [span(l)], supports: [fixed(0), fixed(l)], loads: [{ type: 'point', magnitude: -p, position: l / 2 }] });
    expectClose(r.extremes.moment.maxHogging.value, (-p * l) / 8);
    expectClose(r.extremes.moment.maxSagging.value, (p * l) / 8);
    expectClose(r.extremes.deflection.max.value, ((-p * l ** 3) / (192 * EI)) * 1000);
  });

  it('two spans 4 m + 6 m, I2 = 2 I1, UDL: three-moment equation M_B = -430/14', async () => {
    // 2 M_B (L1/I1 + L2/I2) = -(wL1³/4I1 + wL2³/4I2) with I1 = 1, I2 = 2 (relative): M_B = -430/14
    const w = 10;
    const mb = -430 / 14;
    const r = await solve({
      spans: [span(4), { length: 6, E: 200, I: 2e8 }],
      supports: [pin(0), roller(4), roller(10)],
      loads: [{ type: 'udl', start: -w, from: 0, to: 10 }],
    });
    const ra = (w * 4) / 2 + mb / 4;
    const rc = (w * 6) / 2 + mb / 6;
    expectClose(r.reactions[0]!.vertical, ra);
    expectClose(r.reactions[2]!.vertical, rc);
    expectClose(r.reactions[1]!.vertical, 100 - ra - rc);
    expectClose(r.extremes.moment.maxHogging.value, mb);
    expectClose(r.extremes.moment.maxHogging.position, 4);
  });

  it('three spans 4/6/5 m with I = 1/2/1: three-moment equations give M_B, M_C', async () => {
    // 14 M_B + 3 M_C = -430, 3 M_B + 16 M_C = -582.5 -> M_B = -5132.5/215, M_C = -6865/215
    const w = 10;
    const [mb, mc] = [-5132.5 / 215, -6865 / 215];
    const r = await solve({
      spans: [span(4), { length: 6, E: 200, I: 2e8 }, span(5)],
      supports: [pin(0), roller(4), roller(10), roller(15)],
      loads: [{ type: 'udl', start: -w, from: 0, to: 15 }],
    });
    expectClose(r.reactions[0]!.vertical, (w * 4) / 2 + mb / 4);
    expectClose(r.reactions[3]!.vertical, (w * 5) / 2 + mc / 5);
    expectClose(r.extremes.moment.maxHogging.value, mc);
    expectClose(r.extremes.moment.maxHogging.position, 10);
  });

  it('overhang: supports at 0 and 6 on 8 m, UDL: R_B = 80·4/6, -20 over B', async () => {
    const w = 10;
    const r = await solve({ spans: [span(8)], supports: [pin(0), roller(6)], loads: [{ type: 'udl', start: -w, from: 0, to: 8 }] });
    const rb = (80 * 4) / 6;
    const ra = 80 - rb;
    expectClose(r.reactions[0]!.vertical, ra);
    expectClose(r.reactions[1]!.vertical, rb);
    expectClose(r.extremes.moment.maxHogging.value, -20);
    expectClose(r.extremes.moment.maxSagging.value, (ra * ra) / (2 * w));
  });

  it('interior support settles 10 mm: R_B = 6EIΔ/L³, R_A = -R_B/2', async () => {
    const [l, delta] = [5, -0.01];
    const r = await solve({
      spans: [span(l), span(l)],
      supports: [pin(0), { type: 'roller', position: l, settlement: -10 }, roller(2 * l)],
    });
    const rb = (6 * EI * delta) / l ** 3;
    expectClose(r.reactions[1]!.vertical, rb);
    expectClose(r.reactions[0]!.vertical, -rb / 2);
    expectClose(r.extremes.moment.maxSagging.value, (-rb / 2) * l);
  });

  it('fixed end settles 10 mm: shears 12EIΔ/L³, moments 6EIΔ/L² (slope-deflection)', async () => {
    const [l, delta] = [5, -0.01];
    const r = await solve({ spans: [span(l)], supports: [fixed(0), { type: 'fixed', position: l, settlement: -10 }] });
    expectClose(r.reactions[0]!.vertical, (-12 * EI * delta) / l ** 3);
    expectClose(r.reactions[1]!.vertical, (12 * EI * delta) / l ** 3);
    // counter-clockwise -6EIΔ/L² on the left end is clockwise +6EIΔ/L²... here Δ < 0, so -48 kN.m clockwise
    expectClose(r.reactions[0]!.moment, (6 * EI * delta) / (l * l));
  });

  it('Gerber beam: cantilever + suspended span through a hinge (statics)', async () => {
    // BC (4 m, w = 10) hangs on the cantilever tip: 20 kN at B and C; A: R = 20, moment -80 clockwise;
    // BC sags wL²/8 = 20 at x = 6; the hinge drops like a cantilever tip under 20 kN: PL³/3EI
    const r = await solve({
      spans: [span(4), span(4, { connection: 'hinge' })],
      supports: [fixed(0), roller(8)],
      loads: [{ type: 'udl', start: -10, from: 4, to: 8 }],
    });
    expectClose(r.reactions[0]!.vertical, 20);
    expectClose(r.reactions[0]!.moment, -80);
    expectClose(r.reactions[1]!.vertical, 20);
    expectClose(r.extremes.moment.maxSagging.value, 20);
    expectClose(r.extremes.moment.maxSagging.position, 6);
    const atHinge = r.diagrams.deflection.find(([x]) => x === 4)!;
    expectClose(atHinge[1], ((-20 * 64) / (3 * EI)) * 1000);
  });
});

describe('imperial', () => {
  // Same closed forms in kip, ft, ksi, in4: E = 29000 ksi, I = 500 in4 -> EI in kip.ft² = 29000·500/144.
  const ei = (29000 * 500) / 144;
  const beam = (l: number) => ({ length: l, E: 29000, I: 500 });

  it('simply supported UDL in k/ft: wL/2, wL²/8, 5wL⁴/384EI (in)', async () => {
    const [l, w] = [20, 1.5];
    const r = await solve({
      units: 'imperial',
      spans: [beam(l)],
      supports: [pin(0), roller(l)],
      loads: [{ type: 'udl', start: -w, from: 0, to: l }],
    });
    expectClose(r.reactions[0]!.vertical, (w * l) / 2);
    expectClose(r.extremes.moment.maxSagging.value, (w * l * l) / 8);
    expectClose(r.extremes.deflection.max.value, ((-5 * w * l ** 4) / (384 * ei)) * 12);
    expect(r.meta.unitLabels).toMatchObject({ length: 'ft', force: 'kip', moment: 'k.ft', deflection: 'in' });
  });

  it('cantilever tip load in kip: moment -PL k.ft, δ = -PL³/3EI (in)', async () => {
    const [l, p] = [10, 5];
    const r = await solve({
      units: 'imperial',
      spans: [beam(l)],
      supports: [fixed(0)],
      loads: [{ type: 'point', magnitude: -p, position: l }],
    });
    expectClose(r.reactions[0]!.moment, -p * l);
    expectClose(r.extremes.deflection.max.value, ((-p * l ** 3) / (3 * ei)) * 12);
  });

  it('propped cantilever with settlement in inches matches the SI solve converted', async () => {
    const imperial = await solve({
      units: 'imperial',
      spans: [beam(24)],
      supports: [fixed(0), { type: 'roller', position: 24, settlement: -0.5 }],
      loads: [{ type: 'udl', start: -2, from: 0, to: 24 }],
    });
    // propped cantilever: R_B = 3wL/8 + 3EIΔ/L³ (Δ the downward settlement, reduces R_B)
    const [w, l, delta] = [2, 24, 0.5 / 12];
    expectClose(imperial.reactions[1]!.vertical, (3 * w * l) / 8 - (3 * ei * delta) / l ** 3);
    // and the unit constants agree with SI: 1 kip = 4.4482216152605 kN, 1 ft = 0.3048 m
    const si = await solve({
      spans: [{ length: 24 * M_PER_FT, E: 29000 * 0.006894757293168361, I: 500 * 25.4 ** 4 }],
      supports: [fixed(0), { type: 'roller', position: 24 * M_PER_FT, settlement: -0.5 * MM_PER_IN }],
      loads: [{ type: 'udl', start: (-2 * KN_PER_KIP) / M_PER_FT, from: 0, to: 24 * M_PER_FT }],
    });
    expectClose(si.reactions[1]!.vertical / KN_PER_KIP, imperial.reactions[1]!.vertical, 1e-9);
    expectClose(si.reactions[0]!.moment / KNM_PER_KIPFT, imperial.reactions[0]!.moment, 1e-9);
  });
});

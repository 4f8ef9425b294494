/**
 * Section-driven models (decisions.md 20): a beam span names a section (E 200 GPa, I = Ix or Iy), `selfWeight`
 * adds each member's weight as case G on beams, trusses and frames, and a section beside a differing explicit
 * A or I warns. Every expected number is a hand calculation, worked in the comment beside it.
 */
import type Koa from 'koa';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';
import { PORTAL_FRAME, TRIANGLE_TRUSS } from '../support/models.js';

let server: ReturnType<Koa['callback']>;
beforeAll(async () => {
  server = (await testApp()).callback();
});

async function solve(kind: 'beam' | 'truss' | 'frame', body: object, status = 200) {
  return (await request(server).post(`/v1/${kind}/solve`).send(body).expect(status)).body;
}

// Standard gravity 9.80665 m/s2: 1 kg/m weighs 9.80665e-3 kN/m. 310UB40.4 (AS/NZS 3679.1): 40.4 kg/m, so
// w = 40.4 x 9.80665e-3 = 0.39618866 kN/m.
const W_310UB = 40.4 * 9.80665e-3;

describe('beam spans that name a section', () => {
  it('W14X90, simply supported, 30 ft, selfWeight: wL/2 = 1.35 kip at each end from 90 lb/ft', async () => {
    // AISC v15.0: W14X90 weighs 90 lb/ft = 0.090 kip/ft (1 lb of mass weighs 1 lbf under standard gravity).
    // R = wL/2 = 0.090 x 30 / 2 = 1.35 kip; M = wL^2/8 = 0.090 x 900 / 8 = 10.125 kip.ft.
    const body = await solve('beam', {
      units: 'imperial',
      spans: [{ length: 30, section: 'W14X90' }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 30 },
      ],
      selfWeight: true,
    });
    expectClose(body.reactions[0].vertical, 1.35);
    expectClose(body.reactions[1].vertical, 1.35);
    expectClose(body.extremes.moment.maxSagging.value, 10.125);
    // 5wL^4 / (384 EI): w = 0.09/12 kip/in, L = 360 in, E = 200 GPa = 29007.5476 ksi, Ix = 999 in4:
    // 5 x 0.0075 x 360^4 / (384 x 29007.5476 x 999) = 0.056603 in, downward.
    expectClose(body.extremes.deflection.maxDown.value, -0.056603, 1e-4);
  });

  it('axis "minor" bends the span about Iy (W14X90: 362 in4)', async () => {
    // PL^3 / (48 EI) = 10 x 360^3 / (48 x 29007.5476 x 362) = 466,560,000 / 504,035,147 = 0.925650 in.
    const body = await solve('beam', {
      units: 'imperial',
      spans: [{ length: 30, section: 'W14X90', axis: 'minor' }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 30 },
      ],
      loads: [{ type: 'point', magnitude: -10, position: 15 }],
    });
    expectClose(body.extremes.deflection.maxDown.value, -0.92565, 1e-5);
    expect(body.meta.warnings).toEqual([]);
  });

  it('uses an explicit I over the section and says that they differ', async () => {
    const body = await solve('beam', {
      spans: [{ length: 6, section: '310UB40.4', I: 100e6 }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 6 },
      ],
      loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
    });
    // 310UB40.4 Ix = 86.4e6 mm4; the given 100e6 is used: 5wL^4/(384EI) = 5 x 10 x 6^4 / (384 x 200e6 x 100e-6) m
    // = 64800 / 7,680,000 = 8.4375 mm.
    expectClose(body.extremes.deflection.maxDown.value, -8.4375);
    expect(body.meta.warnings.some((w: string) => w.startsWith('spans.0.I:') && w.includes('310UB40.4') && w.includes('86400000'))).toBe(
      true,
    );
  });

  it('refuses a span with no section and no E or I, an unknown section, and selfWeight with nothing to weigh', async () => {
    const supports = [
      { type: 'pin', position: 0 },
      { type: 'roller', position: 6 },
    ];
    const missing = await solve('beam', { spans: [{ length: 6 }], supports }, 400);
    expect(missing.issues.map((i: { path: string }) => i.path)).toEqual(['spans.0.E', 'spans.0.I']);
    const unknown = await solve('beam', { spans: [{ length: 6, section: 'W14X91' }], supports }, 400);
    expect(unknown.issues[0]).toMatchObject({ path: 'spans.0.section' });
    expect(unknown.issues[0].message).toMatch(/Did you mean "W14X99", "W14X90"/);
    const weightless = await solve('beam', { spans: [{ length: 6, E: 200, I: 1e8 }], supports, selfWeight: true }, 400);
    expect(weightless.issues.map((i: { path: string }) => i.path)).toEqual(['spans.0.mass']);
    // a span's own mass serves: 40.4 kg/m over 6 m, R = wL/2 = 0.39618866 x 3 = 1.18856598 kN
    const massed = await solve('beam', { spans: [{ length: 6, E: 200, I: 1e8, mass: 40.4 }], supports, selfWeight: true });
    expectClose(massed.reactions[0].vertical, W_310UB * 3);
  });
});

// TRIANGLE_TRUSS's geometry: nodes (0,0), (8,0), (4,3) m; the tie (member 1) is 8 m, each rafter 5 m (3-4-5).
const { nodes, members, supports } = TRIANGLE_TRUSS;
const TRIANGLE = { nodes, members, supports };

describe('truss selfWeight: half of each bar at each end node', () => {
  it('310UB40.4 bars: reactions half the total weight, apex load 5w carried by the rafters', async () => {
    const body = await solve('truss', { ...TRIANGLE, materials: [{ id: 1, section: '310UB40.4' }], selfWeight: true });
    // Total length 8 + 5 + 5 = 18 m, weight 18w; by symmetry each support carries 9w = 3.5656979 kN.
    expectClose(body.reactions[0].vertical, 9 * W_310UB);
    expectClose(body.reactions[1].vertical, 9 * W_310UB);
    // The apex gets half of each rafter: P = 5w = 1.9809433 kN. Rafters: -(P/2)/sin = -(P/2)/(3/5) = -5P/6;
    // tie: (5P/6)(4/5) = 2P/3 in tension. The tie's own weight goes straight into the supports.
    const force = (id: number) => body.memberForces.find((m: { member: number }) => m.member === id).force;
    expectClose(force(2), (-5 * 5 * W_310UB) / 6);
    expectClose(force(3), (-5 * 5 * W_310UB) / 6);
    expectClose(force(1), (2 * 5 * W_310UB) / 3);
  });

  it('takes density x A, and refuses a material with nothing to weigh', async () => {
    // 7850 kg/m3 x 5000 mm2 = 39.25 kg/m, w = 0.38491101 kN/m; each support 9w.
    const dense = await solve('truss', { ...TRIANGLE, materials: [{ id: 1, E: 200, A: 5000, density: 7850 }], selfWeight: true });
    expectClose(dense.reactions[0].vertical, 9 * 7850 * 5000e-6 * 9.80665e-3);
    const bare = await solve('truss', { ...TRIANGLE, materials: [{ id: 1, E: 200, A: 5000 }], selfWeight: true }, 400);
    expect(bare.issues.map((i: { path: string }) => i.path)).toEqual(['materials.0.mass']);
  });

  it('warns when an explicit A differs from the section, and not when it is the same', async () => {
    const loads = [{ node: 3, fy: -10 }];
    const differ = await solve('truss', { ...TRIANGLE, loads, materials: [{ id: 1, section: '310UB40.4', A: 4000 }] });
    expect(differ.meta.warnings.filter((w: string) => w.startsWith('materials.0.A:'))).toHaveLength(1);
    const same = await solve('truss', { ...TRIANGLE, loads, materials: [{ id: 1, section: '310UB40.4', A: 5210 }] });
    expect(same.meta.warnings.filter((w: string) => w.startsWith('materials.0.A:'))).toEqual([]);
  });
});

describe('frame selfWeight: a global-y udl along each member', () => {
  it('a fixed-base portal in 310UB40.4: each base carries half the total weight', async () => {
    // PORTAL_FRAME: columns 4 m, beam 6 m: 14 m of member, weight 14w; by symmetry each base carries 7w = 2.7733206 kN.
    const body = await solve('frame', { ...PORTAL_FRAME, memberLoads: [], materials: [{ id: 1, section: '310UB40.4' }], selfWeight: true });
    expectClose(body.reactions[0].vertical, 7 * W_310UB);
    expectClose(body.reactions[1].vertical, 7 * W_310UB);
  });

  it('a cantilever in minor-axis bending: tip deflection wL^4/(8EI) with Iy', async () => {
    // 310UB40.4 about its minor axis, Iy = 7.65e6 mm4, 2 m cantilever, selfWeight only:
    // wL^4/(8EI) = 0.39618866 x 16 / (8 x 200e6 x 7.65e-6) m = 6.33902 / 12240 m = 0.517894 mm downward.
    const body = await solve('frame', {
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 2, y: 0 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, section: '310UB40.4', axis: 'minor' }],
      supports: [{ node: 1, type: 'fixed' }],
      selfWeight: true,
    });
    // M at the base = wL^2/2 = 0.39618866 x 2 = 0.79237732 kN.m; V = wL = 0.79237732 kN.
    expectClose(body.reactions[0].vertical, 2 * W_310UB);
    expectClose(Math.abs(body.reactions[0].moment), 2 * W_310UB);
    const tip = body.displacements.find((d: { node: number }) => d.node === 2);
    // axial shortening is nil here (the load is normal to the member), so dy is the bending deflection alone
    expectClose(tip.dy, ((-W_310UB * 16) / (8 * 200e6 * 7.65e-6)) * 1000, 1e-5);
  });
});

describe('the diagram routes take the same models', () => {
  it('draws a section-only beam with selfWeight, and a truss and a frame with selfWeight, as SVG', async () => {
    const beam = {
      units: 'imperial',
      spans: [{ length: 30, section: 'W14X90' }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 30 },
      ],
      selfWeight: true,
    };
    for (const [kind, model, view] of [
      ['beam', beam, 'moment'],
      ['truss', { ...TRIANGLE, materials: [{ id: 1, section: '310UB40.4' }], selfWeight: true }, 'results'],
      ['frame', { ...PORTAL_FRAME, materials: [{ id: 1, section: '310UB40.4' }], selfWeight: true }, 'moment'],
    ] as const) {
      const res = await request(server)
        .post(`/v1/${kind}/diagram`)
        .send({ ...model, view })
        .buffer(true);
      expect(res.status, kind).toBe(200);
      expect(String(res.text ?? res.body), kind).toMatch(/<svg[\s>]/);
    }
  });
});

/**
 * Elastic critical load factors through POST /v1/frame/solve (decisions.md 19): portal frames against the
 * slope-deflection equations with stability functions (their characteristic equation solved here by bisection
 * to 1e-12), Euler's cantilever in imperial units, modes normalised to a unit translation, and the factors of
 * ULS combinations. The engine's own tests (crates/engine/tests/second_order.rs) hold the full set of columns.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});
const solve = (body: object) => request(app.callback()).post('/v1/frame/solve').send(body);
const relative = (got: number, want: number) => Math.abs(got - want) / Math.abs(want);

/**
 * Stability functions of a member in compression, φ = L·sqrt(P/EI) (Livesley & Chandler, Stability Functions for
 * Structural Frameworks, 1956): the near-end stiffness s·EI/L and the carry-over factor c.
 */
function stability(phi: number): { s: number; c: number } {
  const [sin, cos] = [Math.sin(phi), Math.cos(phi)];
  return { s: (phi * (sin - phi * cos)) / (2 - 2 * cos - phi * sin), c: (phi - sin) / (sin - phi * cos) };
}

/**
 * The sway mode of a portal whose two columns (h, EI_c) carry P each and whose beam (b, EI_b) turns both joints
 * by θ (double curvature, 6EI_b/b): joint equilibrium and the storey's shear with P-Δ, in θ and ψ = Δ/h,
 *   fixed base:  [s + 6R, -s(1+c); s(1+c), φ² - 2s(1+c)] (θ, ψ) = 0
 *   pinned base: [s' + 6R, -s'; s', φ² - s'] (θ, ψ) = 0,  s' = s(1 - c²) (the base moment released)
 * with R = (EI_b/b)/(EI_c/h) (Horne & Merchant, The Stability of Frames, 1965, ch. 3). Its determinant's
 * smallest root φ; as R → ∞ they give the guided columns' π and π/2, as R → 0 the cantilever's π/2 and 0.
 */
function swayDeterminant(phi: number, r: number, pinned: boolean): number {
  const { s, c } = stability(phi);
  if (pinned) {
    const sp = s * (1 - c * c);
    return (sp + 6 * r) * (phi * phi - sp) + sp * sp;
  }
  const t = s * (1 + c);
  return (s + 6 * r) * (phi * phi - 2 * t) + t * t;
}

/** The root in (lo, hi) by bisection to 1e-12 relative. */
function bisect(f: (x: number) => number, lo: number, hi: number): number {
  let [a, b] = [lo, hi];
  const fa = f(a);
  expect(Math.sign(fa)).not.toBe(Math.sign(f(b)));
  while (b - a > 1e-12 * b) {
    const m = (a + b) / 2;
    if (Math.sign(f(m)) === Math.sign(fa)) a = m;
    else b = m;
  }
  return (a + b) / 2;
}

// SI: columns h = 4 m, I = 8e7 mm⁴; beam b = 6 m, I = 1.2e8 mm⁴; E = 200 GPa; P = 200 kN on each top joint.
// Slope-deflection takes the columns as axially rigid: A = 1e12 mm² (1e6 m²) leaves the factor within 1e-11 of it,
// where 1e4 mm² would move it by about 1e-3 (antisymmetric bending stretches one column, squeezes the other). The
// beam keeps 1e4 mm²: in the sway mode it carries no axial force (crates/engine/tests/second_order.rs, the same portal).
const [H, B, P, IC, IB] = [4, 6, 200, 8e7, 1.2e8];
const EIC = 200e6 * IC * 1e-12; // kN.m²

function portal(base: 'fixed' | 'pin') {
  return {
    nodes: [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 0, y: H },
      { id: 3, x: B, y: H },
      { id: 4, x: B, y: 0 },
    ],
    members: [
      { id: 1, from: 1, to: 2 },
      { id: 2, from: 2, to: 3, material: 2 },
      { id: 3, from: 3, to: 4 },
    ],
    materials: [
      { id: 1, E: 200, A: 1e12, I: IC },
      { id: 2, E: 200, A: 1e4, I: IB },
    ],
    supports: [
      { node: 1, type: base },
      { node: 4, type: base },
    ],
    nodalLoads: [
      { node: 2, fy: -P },
      { node: 3, fy: -P },
    ],
    analysis: { buckling: 2 },
  };
}

describe('portal frames sway at the slope-deflection factor', () => {
  const r = IB / B / (IC / H);
  for (const [base, lo, hi] of [
    ['fixed', Math.PI / 2, Math.PI],
    ['pin', 1e-3, Math.PI / 2],
  ] as const) {
    it(`${base} bases: φ² EI_c / (h² P), the mode a unit sway of both joints`, async () => {
      const phi = bisect((x) => swayDeterminant(x, r, base === 'pin'), lo, hi);
      const want = (phi * phi * EIC) / (H * H * P);
      const res = await solve(portal(base));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [first, second] = res.body.buckling;
      expect(relative(first.factor, want)).toBeLessThan(1e-9);
      expect(second.factor).toBeGreaterThan(first.factor);
      // the joints sway together by the mode's largest translation, 1 (m per unit mode)
      const at = (node: number) => first.displacements.find((d: { node: number }) => d.node === node);
      expect(Math.abs(at(2).dx)).toBeCloseTo(1, 9);
      expect(at(3).dx).toBeCloseTo(at(2).dx, 9);
      // a first-order analysis: no iterations
      expect(res.body.meta.analysis).toEqual({ order: 'first', iterations: 0 });
    });
  }
});

describe('critical factors of combinations', () => {
  it('each ULS combination gets its own, the unfactored factor over its factor; SLS gets none', async () => {
    const body = {
      ...portal('fixed'),
      combinations: {
        standard: 'custom',
        custom: [
          { name: 'strength', kind: 'ULS', factors: { G: 1.5 } },
          { name: 'service', kind: 'SLS', factors: { G: 1 } },
        ],
      },
    };
    const res = await solve(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const top = res.body.buckling[0].factor;
    const [uls, sls] = res.body.envelope.combinations;
    // a first-order analysis is linear: 1.5 times the loads reach the critical load 1.5 times sooner
    expect(relative(uls.buckling[0].factor, top / 1.5)).toBeLessThan(1e-9);
    expect(uls.iterations).toBe(0);
    expect(sls.buckling).toBeUndefined();
  });
});

describe("Euler's cantilever in imperial units", () => {
  it('π²EI/4L² over P, the mode 1 ft at the top and rotations per foot of sway', async () => {
    // W14X48 (A = 14.1 in², I = 484 in⁴), E = 29,000 ksi, 28 ft, P = 100 kip
    const res = await solve({
      units: 'imperial',
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 0, y: 28 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, E: 29000, A: 14.1, I: 484 }],
      supports: [{ node: 1, type: 'fixed' }],
      nodalLoads: [{ node: 2, fy: -100 }],
      analysis: { order: 'first', buckling: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [mode] = res.body.buckling;
    const L = 28 * 12; // in
    expect(relative(mode.factor, (Math.PI ** 2 * 29000 * 484) / (4 * L * L * 100))).toBeLessThan(1e-9);
    // the mode v(y) = 1 - cos(πy/2L) (ft per unit mode): dx = 1 at the top, its slope there π/2L per foot of L in ft
    const top = mode.displacements[1];
    expect(Math.abs(top.dx)).toBeCloseTo(1, 12);
    expect(relative(top.rotation * Math.sign(top.dx), -Math.PI / (2 * 28))).toBeLessThan(1e-9);
  });
});

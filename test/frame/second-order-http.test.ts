/**
 * Second-order frames through POST /v1/frame/solve (decisions.md 18): the AISC 360-16 Commentary C2.2 benchmarks
 * in imperial units and converted to SI against their closed forms (to 1e-9) and the Commentary's printed values
 * (within 0.5%), a tie stiffened by tension, a second-order run with a tiny axial force against first order, and
 * the refusals: 422 unstable_structure naming the buckled arrangement, 422 engine_error, a 400 for patterns.
 * The fixture (test/fixtures/second-order/aisc-c2-2.json) holds the inputs, the printed values and the sources.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { PORTAL_FRAME } from '../support/models.js';
import { GPA_PER_KSI, KN_PER_KIP, KN_PER_M_PER_KIP_PER_FT, M_PER_FT, MM2_PER_IN2, MM4_PER_IN4 } from '../../ts/units/constants.js';

interface Run {
  P: number;
  printedMoment?: number;
  source: string;
}
const fixture = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'second-order', 'aisc-c2-2.json'), 'utf8'),
) as {
  section: { E: number; A: number; I: number; L: number };
  case1: { w: number; runs: Run[] };
  case2: { H: number; runs: Run[]; buckled: Run };
};

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});
const solve = (body: object) => request(app.callback()).post('/v1/frame/solve').send(body);

/** The W14X48 as each unit system's request gives it, and the same in the closed forms' consistent units. */
const { E, A, I, L } = fixture.section;
const SYSTEMS = {
  imperial: {
    request: { E, A, I, L, force: 1, lineLoad: 1 },
    // kip and in: E ksi, I in⁴, L 336 in; results k.ft (moment / 12) and in
    closed: { EI: E * I, L: L * 12, force: 1, lineLoad: 1 / 12, moment: 12, deflection: 1 },
  },
  SI: {
    request: {
      E: E * GPA_PER_KSI,
      A: A * MM2_PER_IN2,
      I: I * MM4_PER_IN4,
      L: L * M_PER_FT,
      force: KN_PER_KIP,
      lineLoad: KN_PER_M_PER_KIP_PER_FT,
    },
    // kN and m: E GPa = 1e6 kN/m², I mm⁴ = 1e-12 m⁴; results kN.m and mm
    closed: {
      EI: E * GPA_PER_KSI * 1e6 * I * MM4_PER_IN4 * 1e-12,
      L: L * M_PER_FT,
      force: KN_PER_KIP,
      lineLoad: KN_PER_M_PER_KIP_PER_FT,
      moment: 1,
      deflection: 1e3,
    },
  },
} as const;
type System = keyof typeof SYSTEMS;

function material(units: System) {
  const r = SYSTEMS[units].request;
  return { id: 1, E: r.E, A: r.A, I: r.I };
}

/** Case 1: a pinned beam along x, w down, P pushing its roller end toward the pin. */
function case1(units: System, p: number) {
  const r = SYSTEMS[units].request;
  return {
    units,
    nodes: [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: r.L, y: 0 },
    ],
    members: [{ id: 1, from: 1, to: 2 }],
    materials: [material(units)],
    supports: [
      { node: 1, type: 'pin' },
      { node: 2, type: 'roller' },
    ],
    nodalLoads: [{ node: 2, fx: -p * r.force }],
    memberLoads: [{ type: 'udl', member: 1, start: -fixture.case1.w * r.lineLoad }],
    analysis: { order: 'second' },
  };
}

/** Case 2: a cantilever column, H sideways and P down at its top. */
function case2(units: System, p: number) {
  const r = SYSTEMS[units].request;
  return {
    units,
    nodes: [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 0, y: r.L },
    ],
    members: [{ id: 1, from: 1, to: 2 }],
    materials: [material(units)],
    supports: [{ node: 1, type: 'fixed' }],
    nodalLoads: [{ node: 2, fx: fixture.case2.H * r.force, fy: -p * r.force }],
    analysis: { order: 'second' },
  };
}

/** Case 1's midspan moment and deflection (fixture `case1.description`), in the system's response units. */
function case1Closed(units: System, p: number) {
  const c = SYSTEMS[units].closed;
  const w = fixture.case1.w * c.lineLoad;
  if (p === 0) return { moment: (w * c.L ** 2) / 8 / c.moment, deflection: ((5 * w * c.L ** 4) / (384 * c.EI)) * c.deflection };
  const k = Math.sqrt((p * c.force) / c.EI);
  const sec = 1 / Math.cos((k * c.L) / 2);
  return {
    moment: ((w / k ** 2) * (sec - 1)) / c.moment,
    deflection: ((w / (k ** 4 * c.EI)) * (sec - 1) - (w * c.L ** 2) / (8 * k ** 2 * c.EI)) * c.deflection,
  };
}

/** Case 2's base moment and tip deflection (fixture `case2.description`). */
function case2Closed(units: System, p: number) {
  const c = SYSTEMS[units].closed;
  const h = fixture.case2.H * c.force;
  if (p === 0) return { moment: (h * c.L) / c.moment, deflection: ((h * c.L ** 3) / (3 * c.EI)) * c.deflection };
  const k = Math.sqrt((p * c.force) / c.EI);
  const kl = k * c.L;
  return {
    moment: (h * c.L * Math.tan(kl)) / kl / c.moment,
    deflection: ((h * (Math.tan(kl) - kl)) / (k ** 3 * c.EI)) * c.deflection,
  };
}

const relative = (got: number, want: number) => Math.abs(got - want) / Math.abs(want);

describe('AISC 360-16 Commentary C2.2 benchmarks over HTTP', () => {
  for (const units of ['imperial', 'SI'] as const) {
    for (const run of fixture.case1.runs) {
      it(`Case 1, ${units}, P = ${run.P} kip: midspan moment and deflection`, async () => {
        const res = await solve(case1(units, run.P));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const want = case1Closed(units, run.P);
        const extremes = res.body.members[0].extremes;
        expect(relative(extremes.moment.maxSagging.value, want.moment)).toBeLessThan(1e-9);
        expect(extremes.moment.maxSagging.position).toBeCloseTo(SYSTEMS[units].request.L / 2, 9);
        expect(relative(-extremes.deflection.maxDown.value, want.deflection)).toBeLessThan(1e-9);
        if (units === 'imperial') expect(relative(extremes.moment.maxSagging.value * 12, run.printedMoment!)).toBeLessThan(5e-3);
        expect(res.body.meta.analysis.order).toBe('second');
        expect(res.body.meta.check.equilibrium).toBeLessThan(1e-9);
      });
    }
    for (const run of fixture.case2.runs) {
      it(`Case 2, ${units}, P = ${run.P} kip: base moment and tip deflection`, async () => {
        const res = await solve(case2(units, run.P));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const want = case2Closed(units, run.P);
        // H along +x turns the column clockwise: the base holds it anticlockwise, negative clockwise-positive
        expect(relative(-res.body.reactions[0].moment, want.moment)).toBeLessThan(1e-9);
        expect(relative(res.body.displacements[1].dx, want.deflection)).toBeLessThan(1e-9);
        if (units === 'imperial' && run.printedMoment !== undefined)
          expect(relative(-res.body.reactions[0].moment * 12, run.printedMoment)).toBeLessThan(5e-3);
        // the column's axial force is P before and after: one solve with the re-formed member settles it
        expect(res.body.meta.analysis).toEqual({ order: 'second', iterations: 1 });
        expect(res.body.meta.check.equilibrium).toBeLessThan(1e-9);
      });
    }
    it(`Case 2, ${units}, P = ${fixture.case2.buckled.P} kip is past Euler's load: 422 unstable_structure`, async () => {
      const res = await solve(case2(units, fixture.case2.buckled.P));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('unstable_structure');
      expect(res.body.mechanism.kind).toBe('buckling');
      expect(res.body.mechanism.combination).toBeUndefined();
      // the factor of the loads to Euler's π²EI/4L² (the column's first-order axial force is P)
      const c = SYSTEMS[units].closed;
      const euler = (Math.PI ** 2 * c.EI) / (4 * c.L ** 2) / c.force;
      expect(relative(res.body.mechanism.factor, euler / fixture.case2.buckled.P)).toBeLessThan(1e-9);
    });
  }
});

describe('a combination past its critical load', () => {
  it('is a 422 naming the combination', async () => {
    // P = 200 kip (case G) is 0.652 of Euler's 306.8 kip; the custom combination 2.0 G makes it 400 kip
    const body = {
      ...case2('imperial', 200),
      combinations: { standard: 'custom', custom: [{ name: 'doubled', kind: 'ULS', factors: { G: 2 } }] },
    };
    const res = await solve(body);
    expect(res.status).toBe(422);
    expect(res.body.mechanism).toMatchObject({ kind: 'buckling', combination: 'CUSTOM-1' });
    expect(res.body.detail).toContain('CUSTOM-1');
    expect(relative(res.body.mechanism.factor, (Math.PI ** 2 * E * I) / (4 * (L * 12) ** 2) / 400)).toBeLessThan(1e-9);
  });

  it('each combination reports its own iterations', async () => {
    const body = {
      ...case2('imperial', 100),
      combinations: { standard: 'custom', custom: [{ name: 'factored', kind: 'ULS', factors: { G: 1.5 } }] },
    };
    const res = await solve(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.envelope.combinations[0].iterations).toBe(1);
    // the combination's base moment is Case 2's at 150 kip: HL·tan(kL)/kL with every load 1.5 times
    const want = case2Closed('imperial', 150).moment * 1.5;
    expect(relative(-res.body.envelope.combinations[0].reactions[0].moment, want)).toBeLessThan(1e-9);
  });
});

describe('tension stiffening', () => {
  it('a tie under tension T and a UDL: M_mid = (w/k²)(1 - sech(kL/2)) (Timoshenko & Gere 1.12, k² = T/EI)', async () => {
    // SI: 6 m, EI = 200 GPa × 8e7 mm⁴ = 16,000 kN.m², T = 2,000 kN, w = 10 kN/m
    const [EI, span, T, w] = [16000, 6, 2000, 10];
    const res = await solve({
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: span, y: 0 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, E: 200, A: 5000, I: 8e7 }],
      supports: [
        { node: 1, type: 'pin' },
        { node: 2, type: 'roller' },
      ],
      nodalLoads: [{ node: 2, fx: T }],
      memberLoads: [{ type: 'udl', member: 1, start: -w }],
      analysis: { order: 'second', buckling: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const k = Math.sqrt(T / EI);
    const sech = 1 / Math.cosh((k * span) / 2);
    const moment = (w / k ** 2) * (1 - sech);
    const deflection = ((w / (k ** 4 * EI)) * (sech - 1) + (w * span ** 2) / (8 * k ** 2 * EI)) * 1e3;
    const extremes = res.body.members[0].extremes;
    expect(relative(extremes.moment.maxSagging.value, moment)).toBeLessThan(1e-9);
    expect(relative(-extremes.deflection.maxDown.value, deflection)).toBeLessThan(1e-9);
    // and less than first order's wL²/8 = 45 kN.m
    expect(extremes.moment.maxSagging.value).toBeLessThan(45);
    // nothing is in compression: no critical factor, and a warning says so
    expect(res.body.buckling).toEqual([]);
    expect(res.body.meta.warnings.some((m: string) => m.startsWith('analysis.buckling'))).toBe(true);
  });
});

describe('a tiny axial force', () => {
  it('gives first-order results to 1e-9', async () => {
    // the shared fixed-base portal (test/support/models.ts), 4 m by 6 m, 1e-6 kN sideways: its axial forces are about 1e-6 kN, 1e-9 of nothing
    // against a column's Euler load (π² × 16,000 / 4² ≈ 9,870 kN), so P-Δ changes nothing at 1e-9
    const { nodes, members, supports } = PORTAL_FRAME;
    const body = { nodes, members, supports, materials: [{ id: 1, E: 200, A: 5000, I: 8e7 }], nodalLoads: [{ node: 2, fx: 1e-6 }] };
    const [first, second] = await Promise.all([solve(body), solve({ ...body, analysis: { order: 'second' } })]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const pick = (b: { reactions: object[]; displacements: object[]; members: { start: object; end: object }[] }) => [
      ...b.reactions.flatMap((r) => Object.values(r)),
      ...b.displacements.flatMap((d) => Object.values(d)),
      ...b.members.flatMap((m) => [...Object.values(m.start), ...Object.values(m.end)]),
    ];
    const [a, b] = [pick(first.body), pick(second.body)];
    const largest = Math.max(...a.map(Math.abs));
    a.forEach((v, i) => expect(Math.abs(b[i] - v) / largest).toBeLessThan(1e-9));
    expect(second.body.meta.analysis.order).toBe('second');
    expect(first.body.meta.analysis).toBeUndefined();
  });
});

describe('refusals', () => {
  it('pattern loading with second order is a 400 at combinations.pattern', async () => {
    const body = { ...case2('SI', 100), combinations: { standard: 'ASCE7', pattern: ['Q'] } };
    const res = await solve(body);
    expect(res.status).toBe(400);
    expect(
      res.body.issues.some(
        (i: { path: string; message: string }) => i.path === 'combinations.pattern' && i.message.includes('second-order'),
      ),
    ).toBe(true);
  });

  it('an unknown order and more than 5 modes are 400s at their paths', async () => {
    const res = await solve({ ...case2('SI', 100), analysis: { order: 'third', buckling: 6 } });
    expect(res.status).toBe(400);
    const paths = res.body.issues.map((i: { path: string }) => i.path);
    expect(paths).toContain('analysis.order');
    expect(paths).toContain('analysis.buckling');
  });
});

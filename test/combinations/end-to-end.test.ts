/**
 * Load combinations end to end: POST /v1/beam/solve and /v1/truss/solve on the real WASM engine.
 * Every expected number is a hand calculation or a figure of combinations.md, named beside it.
 * Beams: E = 200 GPa, I = 1e8 mm4 -> EI = 2e4 kN.m² (deflections in mm). Trusses: EA = 2e5 kN.
 * Tolerance 1e-6 relative (expectClose).
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const EI = 200e6 * 1e-4; // kN.m²
const section = { E: 200, I: 1e8 };

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

async function post(path: string, body: object): Promise<request.Response> {
  return request(app.callback()).post(path).send(body);
}

async function solveBeam(body: object): Promise<BeamBody> {
  const res = await post('/v1/beam/solve', body);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as BeamBody;
}

async function solveTruss(body: object): Promise<TrussBody> {
  const res = await post('/v1/truss/solve', body);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as TrussBody;
}

function envelopeOf<T extends { envelope?: unknown }>(body: T): NonNullable<T['envelope']> {
  if (body.envelope === undefined) throw new Error('no envelope in the response');
  return body.envelope as NonNullable<T['envelope']>;
}

/** The value of a series at `x` (the first pair there: the left value at a jump). */
function valueAt(series: Series, x: number): number {
  const pair = series.find(([p]) => Math.abs(p - x) < 1e-9);
  if (pair === undefined) throw new Error(`no sample at x = ${x}`);
  return pair[1];
}

const pin = (position: number) => ({ type: 'pin', position });
const roller = (position: number) => ({ type: 'roller', position });
const udl = (w: number, from: number, to: number, loadCase?: string) => ({
  type: 'udl',
  start: -w,
  from,
  to,
  ...(loadCase !== undefined && { case: loadCase }),
});

// ---------------------------------------------------------------------------------------------
// combinations.md 1.7, 2.8, 3.9, 4.6, 5.5 and 6: G = 10 kN/m, Q = 5 kN/m, simply supported 6 m, office.
// M = wL²/8 = 4.5w at midspan; δ = 5wL⁴/384EI = 16.875·w/EI (m, with EI in kN.m²), in mm ×1000.

const L = 6;
const workedExample = (combinations: object) => ({
  spans: [{ length: L, ...section }],
  supports: [pin(0), roller(L)],
  loads: [udl(10, 0, L), udl(5, 0, L, 'Q')],
  combinations,
});
const midspanMoment = (w: number) => (w * L * L) / 8;
const midspanDeflectionMm = (w: number) => ((-5 * w * L ** 4) / (384 * EI)) * 1000;

interface WorkedCase {
  standard: string;
  /** The generated ids, in order (combinations.md "Generated rows" of each worked example). */
  ids: string[];
  /** The governing ULS row and its w (kN/m) from the tables; undefined for BSL-Japan. */
  uls?: { id: string; name: string; w: number; moment: number };
  /** The governing SLS (deflection) row and its w (combinations.md 6). */
  sls: { id: string; w: number };
  /** Each generated row's w, from the worked example tables. */
  w: Record<string, number>;
}

const WORKED: WorkedCase[] = [
  {
    // combinations.md 1.7
    standard: 'AS1170',
    ids: ['AS1170-ULS-1', 'AS1170-ULS-2', 'AS1170-ULS-3', 'AS1170-SLS-1', 'AS1170-SLS-2', 'AS1170-SLS-3'],
    uls: { id: 'AS1170-ULS-2', name: '1.2G + 1.5Q', w: 19.5, moment: 87.75 },
    sls: { id: 'AS1170-SLS-2', w: 13.5 },
    w: {
      'AS1170-ULS-1': 13.5,
      'AS1170-ULS-2': 19.5,
      'AS1170-ULS-3': 15,
      'AS1170-SLS-1': 10,
      'AS1170-SLS-2': 13.5,
      'AS1170-SLS-3': 12,
    },
  },
  {
    // combinations.md 2.8
    standard: 'ASCE7',
    ids: ['ASCE7-ULS-1', 'ASCE7-ULS-2', 'ASCE7-SLS-1', 'ASCE7-SLS-2'],
    uls: { id: 'ASCE7-ULS-2', name: '1.2G + 1.6Q', w: 20, moment: 90 },
    sls: { id: 'ASCE7-SLS-2', w: 15 },
    w: { 'ASCE7-ULS-1': 14, 'ASCE7-ULS-2': 20, 'ASCE7-SLS-1': 10, 'ASCE7-SLS-2': 15 },
  },
  {
    // combinations.md 3.9
    standard: 'EN1990-UK',
    ids: ['EN1990UK-ULS-1', 'EN1990UK-ULS-2', 'EN1990UK-ULS-5', 'EN1990UK-SLS-1', 'EN1990UK-SLS-2', 'EN1990UK-SLS-15', 'EN1990UK-SLS-20'],
    uls: { id: 'EN1990UK-ULS-5', name: '1.24875G + 1.5Q', w: 19.9875, moment: 89.94375 },
    sls: { id: 'EN1990UK-SLS-2', w: 15 },
    w: {
      'EN1990UK-ULS-1': 13.5,
      'EN1990UK-ULS-2': 18.75,
      'EN1990UK-ULS-5': 19.9875,
      'EN1990UK-SLS-1': 10,
      'EN1990UK-SLS-2': 15,
      'EN1990UK-SLS-15': 12.5,
      'EN1990UK-SLS-20': 11.5,
    },
  },
  {
    // combinations.md 4.6
    standard: 'IS456',
    ids: ['IS456-ULS-1', 'IS456-SLS-1'],
    uls: { id: 'IS456-ULS-1', name: '1.5G + 1.5Q', w: 22.5, moment: 101.25 },
    sls: { id: 'IS456-SLS-1', w: 15 },
    w: { 'IS456-ULS-1': 22.5, 'IS456-SLS-1': 15 },
  },
  {
    // combinations.md 5.5: SLS only, G + Q long-term, M = 67.5
    standard: 'BSL-Japan',
    ids: ['BSLJ-SLS-1'],
    sls: { id: 'BSLJ-SLS-1', w: 15 },
    w: { 'BSLJ-SLS-1': 15 },
  },
];

describe('worked example of combinations.md (G = 10, Q = 5 kN/m, 6 m, office)', () => {
  it.each(WORKED)('$standard: generated rows, governing ULS moment and SLS deflection', async (c) => {
    const body = await solveBeam(workedExample({ standard: c.standard }));
    const envelope = envelopeOf(body);

    // decisions.md 4: the top level stays the unfactored analysis, w = 10 + 5 = 15: R = 45, M = 67.5
    expectClose(body.reactions[0]!.vertical, 45);
    expectClose(body.reactions[1]!.vertical, 45);
    expectClose(body.extremes.moment.maxSagging.value, 67.5);
    expectClose(body.extremes.deflection.maxDown.value, midspanDeflectionMm(15));

    expect(envelope.standard).toBe(c.standard);
    expect(envelope.occupancy).toBe('office');
    if (c.standard === 'BSL-Japan') expect(envelope.snowZone).toBe('general');
    else expect(envelope).not.toHaveProperty('snowZone');
    expect(envelope.combinations.map((k) => k.id)).toEqual(c.ids);

    // Every combination's own results: R = wL/2, M = wL²/8, δ = 5wL⁴/384EI with the table's w.
    for (const combination of envelope.combinations) {
      const w = c.w[combination.id]!;
      expect(Object.keys(combination.factors).sort()).toEqual(['E', 'G', 'Q', 'Qr', 'R', 'S', 'T', 'W']);
      expect(combination.kind).toBe(combination.id.includes('-ULS-') ? 'ULS' : 'SLS');
      expectClose(combination.reactions[0]!.vertical, (w * L) / 2);
      expectClose(combination.reactions[1]!.vertical, (w * L) / 2);
      expectClose(combination.extremes.moment.maxSagging.value, midspanMoment(w));
      expectClose(combination.extremes.moment.maxSagging.position, L / 2);
      expectClose(combination.extremes.deflection.maxDown.value, midspanDeflectionMm(w));
    }

    if (c.uls === undefined) {
      // BSL-Japan is SLS only: no ULS envelope at all (decisions.md 4)
      expect(envelope).not.toHaveProperty('uls');
    } else {
      const uls = envelope.uls!;
      expect(envelope.combinations.find((k) => k.id === c.uls!.id)!.name).toBe(c.uls.name);
      // The governing ULS midspan moment as combinations.md states it, named by its row.
      expect(uls.extremes.moment.maxSagging.combination).toBe(c.uls.id);
      expectClose(uls.extremes.moment.maxSagging.value, c.uls.moment);
      expectClose(uls.extremes.moment.maxSagging.position, L / 2);
      expectClose(midspanMoment(c.uls.w), c.uls.moment);
      expectClose(valueAt(uls.moment.max, L / 2), c.uls.moment);
      // Shear and reactions follow the same row: R = V(0+) = wL/2
      expect(uls.extremes.shear.max.combination).toBe(c.uls.id);
      expectClose(uls.extremes.shear.max.value, (c.uls.w * L) / 2);
      expect(uls.extremes.shear.min.combination).toBe(c.uls.id);
      expectClose(uls.extremes.shear.min.value, (-c.uls.w * L) / 2);
      expect(uls.reactions.map((r) => r.type)).toEqual(['pin', 'roller']);
      expect(uls.reactions[0]!.vertical.max.combination).toBe(c.uls.id);
      expectClose(uls.reactions[0]!.vertical.max.value, (c.uls.w * L) / 2);
      // The smallest ULS reaction: the smallest ULS w of the table
      const ulsW = Object.entries(c.w).filter(([id]) => id.includes('-ULS-'));
      const smallest = ulsW.reduce((a, b) => (b[1] < a[1] ? b : a));
      expect(uls.reactions[0]!.vertical.min.combination).toBe(smallest[0]);
      expectClose(uls.reactions[0]!.vertical.min.value, (smallest[1] * L) / 2);
      // Forces are enveloped from ULS rows only: the midspan min is the smallest ULS w, not an SLS one
      expectClose(valueAt(uls.moment.min, L / 2), midspanMoment(smallest[1]));
    }

    // SLS deflection envelope: δ = 16.875·w/EI with the governing SLS row's w (combinations.md 6)
    const sls = envelope.sls!;
    const delta = midspanDeflectionMm(c.sls.w);
    expectClose(delta, ((-16.875 * c.sls.w) / EI) * 1000);
    expect(sls.extremes.deflection.max.combination).toBe(c.sls.id);
    expectClose(sls.extremes.deflection.max.value, delta);
    expectClose(sls.extremes.deflection.max.position, L / 2);
    expect(sls.extremes.deflection.maxDown.combination).toBe(c.sls.id);
    expectClose(sls.extremes.deflection.maxDown.value, delta);
    expectClose(valueAt(sls.deflection.min, L / 2), delta);
    // The least deflection at midspan: the smallest SLS w (deflections are enveloped from SLS rows only)
    const leastSls = Math.min(
      ...Object.entries(c.w)
        .filter(([id]) => id.includes('-SLS-'))
        .map(([, w]) => w),
    );
    expectClose(valueAt(sls.deflection.max, L / 2), midspanDeflectionMm(leastSls));
  });

  it('BSL-Japan long-term row: M = 67.5 kN.m for w = 15 (combinations.md 5.5), snowZone echoed', async () => {
    const body = await solveBeam(workedExample({ standard: 'BSL-Japan', snowZone: 'heavy' }));
    const envelope = envelopeOf(body);
    expect(envelope.snowZone).toBe('heavy');
    // 5.2: SLS-6 (+0.7S) needs S, so the heavy zone also runs SLS-1 only
    expect(envelope.combinations.map((k) => k.id)).toEqual(['BSLJ-SLS-1']);
    expect(envelope.combinations[0]!.name).toBe('G + Q');
    expectClose(envelope.combinations[0]!.extremes.moment.maxSagging.value, 67.5);
    expect(envelope).not.toHaveProperty('uls');
  });

  it('imperial: the envelope series and extremes in k.ft and in (AS1170, 20 ft, G = 1 k/ft, Q = 0.5 k/ft)', async () => {
    // E = 29000 ksi, I = 1000 in4 -> EI = 2.9e7 kip.in². ULS-2: w = 1.2 + 0.75 = 1.95 k/ft, M = wL²/8 = 97.5 k.ft;
    // SLS-2: w = 1 + 0.35 = 1.35 k/ft = 0.1125 k/in, δ = 5wL⁴/384EI with L = 240 in (combinations.md 1.7 rows)
    const body = await solveBeam({
      units: 'imperial',
      spans: [{ length: 20, E: 29000, I: 1000 }],
      supports: [pin(0), roller(20)],
      loads: [udl(1, 0, 20), udl(0.5, 0, 20, 'Q')],
      combinations: { standard: 'AS1170' },
    });
    const envelope = envelopeOf(body);
    expect(envelope.uls!.extremes.moment.maxSagging.combination).toBe('AS1170-ULS-2');
    expectClose(envelope.uls!.extremes.moment.maxSagging.value, 97.5);
    expectClose(envelope.uls!.extremes.moment.maxSagging.position, 10);
    expectClose(valueAt(envelope.uls!.moment.max, 10), 97.5);
    expectClose(valueAt(envelope.uls!.moment.min, 10), (1.35 * 400) / 8); // ULS-1: 1.35G
    expectClose(valueAt(envelope.uls!.shear.max, 0), 1.95 * 10); // wL/2
    const delta = (-5 * (1.35 / 12) * 240 ** 4) / (384 * 29000 * 1000);
    expectClose(envelope.sls!.extremes.deflection.max.value, delta);
    expectClose(valueAt(envelope.sls!.deflection.min, 10), delta);
    expect(envelope.uls!.moment.max.at(-1)![0]).toBe(20); // positions in ft
  });

  it('without combinations there is no envelope and every case acts at factor 1', async () => {
    const body = await solveBeam({ ...workedExample({}), combinations: undefined });
    expect(body).not.toHaveProperty('envelope');
    expectClose(body.extremes.moment.maxSagging.value, 67.5); // (10 + 5)·36/8
  });
});

// ---------------------------------------------------------------------------------------------
// Pattern loading on two equal spans L = 6 m (pin 0, rollers 6 and 12), G = 10 kN/m on both,
// Q = 5 kN/m on span 1 only, Qr = 3 kN/m on span 2 only (two live cases so that a custom standard can
// factor each span's live load separately). Factored: 1.2G = 12; 1.5Q = 7.5; 1.5Qr = 4.5.
//
// Three-moment equation, M_A = M_C = 0, equal spans: 4L·M_B = -(w1 + w2)L³/4 -> M_B = -(w1 + w2)L²/16.
// Then R_A = w1L/2 + M_B/L, R_C = w2L/2 + M_B/L, R_B = (w1 + w2)L/2 - 2M_B/L;
// span 1: M(x) = R_A·x - w1x²/2, largest R_A²/(2w1) at x = R_A/w1; span 2 mirrored from C.
//
// | combination              | w1   | w2   | M_B     | R_A     | R_B     | R_C     | span 1 max            | span 2 max            |
// | CUSTOM-1 1.2G + 1.5Q     | 19.5 | 12   | -70.875 | 46.6875 | 118.125 | 24.1875 | 55.890324 at 2.394231 | 24.376465             |
// | CUSTOM-2 1.2G + 1.5Qr    | 12   | 16.5 | -64.125 | 25.3125 | 106.875 | 38.8125 | 26.696777             | 45.648793 at 9.647727 |
// | CUSTOM-3 1.2G+1.5Q+1.5Qr | 19.5 | 16.5 | -81     | 45      | 135     | 36      | 51.923077 at 2.307692 | 39.272727             |

const SPAN = 6;
const patternBeam = (combinations: object) => ({
  spans: [
    { length: SPAN, ...section },
    { length: SPAN, ...section },
  ],
  supports: [pin(0), roller(SPAN), roller(2 * SPAN)],
  loads: [udl(10, 0, 2 * SPAN), udl(5, 0, SPAN, 'Q'), udl(3, SPAN, 2 * SPAN, 'Qr')],
  combinations,
});
const PATTERN_ROWS = [
  { name: '1.2G + 1.5Q', kind: 'ULS', factors: { G: 1.2, Q: 1.5 } },
  { name: '1.2G + 1.5Qr', kind: 'ULS', factors: { G: 1.2, Qr: 1.5 } },
  { name: '1.2G + 1.5Q + 1.5Qr', kind: 'ULS', factors: { G: 1.2, Q: 1.5, Qr: 1.5 } },
];

/** Hand results of the table above for a pair of factored span loads. */
function twoSpan(w1: number, w2: number) {
  const mB = (-(w1 + w2) * SPAN * SPAN) / 16;
  const rA = (w1 * SPAN) / 2 + mB / SPAN;
  const rC = (w2 * SPAN) / 2 + mB / SPAN;
  const rB = ((w1 + w2) * SPAN) / 2 - (2 * mB) / SPAN;
  const m = (x: number) => (x <= SPAN ? rA * x - (w1 * x * x) / 2 : rC * (2 * SPAN - x) - (w2 * (2 * SPAN - x) ** 2) / 2);
  return {
    mB,
    rA,
    rB,
    rC,
    m,
    span1Max: (rA * rA) / (2 * w1),
    span1At: rA / w1,
    span2Max: (rC * rC) / (2 * w2),
    span2At: 2 * SPAN - rC / w2,
  };
}
const C1 = twoSpan(19.5, 12);
const C2 = twoSpan(12, 16.5);
const C3 = twoSpan(19.5, 16.5);

describe('pattern loading on a two-span continuous beam (custom combinations)', () => {
  it('hand values of the table', () => {
    // The table's figures, checked once so the tests below can use the formulas.
    expectClose(C1.mB, -70.875);
    expectClose(C2.mB, -64.125);
    expectClose(C3.mB, -81);
    expectClose(C1.span1Max, 2179.72265625 / 39); // 46.6875² / 39
    expectClose(C2.span2Max, 1506.41015625 / 33); // 38.8125² / 33
    expectClose(C3.span1Max, 2025 / 39); // 45² / 39
    expectClose(C3.rB, 135);
  });

  it('max sagging from the pattern rows, max hogging over the middle support from the full row', async () => {
    const body = await solveBeam(patternBeam({ standard: 'custom', custom: PATTERN_ROWS }));
    const envelope = envelopeOf(body);
    const uls = envelope.uls!;
    expect(envelope.combinations.map((k) => k.id)).toEqual(['CUSTOM-1', 'CUSTOM-2', 'CUSTOM-3']);
    expect(envelope).not.toHaveProperty('sls'); // custom ULS rows only

    // Each combination's own extremes (table above)
    const [k1, k2, k3] = envelope.combinations;
    expectClose(k1!.extremes.moment.maxSagging.value, C1.span1Max);
    expectClose(k1!.extremes.moment.maxSagging.position, C1.span1At);
    expectClose(k2!.extremes.moment.maxSagging.value, C2.span2Max);
    expectClose(k2!.extremes.moment.maxSagging.position, C2.span2At);
    expectClose(k3!.extremes.moment.maxSagging.value, C3.span1Max);
    expectClose(k3!.extremes.moment.maxHogging.value, C3.mB);
    expectClose(k3!.extremes.moment.maxHogging.position, SPAN);

    // Envelope: sagging 55.89 (CUSTOM-1, Q on span 1 alone) beats the full row's 51.92
    expect(uls.extremes.moment.maxSagging.combination).toBe('CUSTOM-1');
    expectClose(uls.extremes.moment.maxSagging.value, C1.span1Max);
    expectClose(uls.extremes.moment.maxSagging.position, C1.span1At);
    expect(C1.span1Max).toBeGreaterThan(C3.span1Max);
    // Hogging over B: -81 from the full row
    expect(uls.extremes.moment.maxHogging.combination).toBe('CUSTOM-3');
    expectClose(uls.extremes.moment.maxHogging.value, -81);
    expectClose(uls.extremes.moment.maxHogging.position, SPAN);

    // Reactions: R_A largest with Q on span 1 alone, R_B largest with both, smallest with Qr alone
    const [a, b, cc] = uls.reactions;
    expect(a!.vertical.max).toEqual({ value: expect.any(Number), combination: 'CUSTOM-1' });
    expectClose(a!.vertical.max.value, 46.6875);
    expect(a!.vertical.min.combination).toBe('CUSTOM-2');
    expectClose(a!.vertical.min.value, 25.3125);
    expect(b!.vertical.max.combination).toBe('CUSTOM-3');
    expectClose(b!.vertical.max.value, 135);
    expect(b!.vertical.min.combination).toBe('CUSTOM-2');
    expectClose(b!.vertical.min.value, 106.875);
    expect(cc!.vertical.max.combination).toBe('CUSTOM-2');
    expectClose(cc!.vertical.max.value, 38.8125);
    expect(cc!.vertical.min.combination).toBe('CUSTOM-1');
    expectClose(cc!.vertical.min.value, 24.1875);

    // Shear: V(B+) = w2·L - R_C: 99 - 36 = 63 and V(B-) = R_A - w1·L = 45 - 117 = -72, both from the full row
    expect(uls.extremes.shear.max.combination).toBe('CUSTOM-3');
    expectClose(uls.extremes.shear.max.value, 63);
    expect(uls.extremes.shear.min.combination).toBe('CUSTOM-3');
    expectClose(uls.extremes.shear.min.value, -72);

    // Top level unfactored: w1 = 15, w2 = 13: M_B = -28·36/16 = -63
    expectClose(body.extremes.moment.maxHogging.value, -63);
  });

  it('the envelope series at different positions come from different combinations', async () => {
    const body = await solveBeam(patternBeam({ standard: 'custom', custom: PATTERN_ROWS }));
    const envelope = envelopeOf(body);
    const { max, min } = envelope.uls!.moment;
    const own = envelope.combinations.map((k) => k.id);
    expect(own).toEqual(['CUSTOM-1', 'CUSTOM-2', 'CUSTOM-3']);

    // x = 3 (span 1): M = R_A·3 - 4.5·w1: CUSTOM-1 52.3125, CUSTOM-2 21.9375, CUSTOM-3 47.25
    expectClose(C1.m(3), 52.3125);
    expectClose(C2.m(3), 21.9375);
    expectClose(C3.m(3), 47.25);
    expectClose(valueAt(max, 3), 52.3125); // CUSTOM-1
    expectClose(valueAt(min, 3), 21.9375); // CUSTOM-2
    // x = 9 (span 2): M = R_C·3 - 4.5·w2: CUSTOM-1 18.5625, CUSTOM-2 42.1875, CUSTOM-3 33.75
    expectClose(C1.m(9), 18.5625);
    expectClose(C2.m(9), 42.1875);
    expectClose(C3.m(9), 33.75);
    expectClose(valueAt(max, 9), 42.1875); // CUSTOM-2
    expectClose(valueAt(min, 9), 18.5625); // CUSTOM-1
    // x = 6 (support B): max -64.125 (CUSTOM-2), min -81 (CUSTOM-3)
    expectClose(valueAt(max, SPAN), -64.125);
    expectClose(valueAt(min, SPAN), -81);

    // So no single combination is the envelope: each falls below the max series somewhere
    // (CUSTOM-1 at x = 9, CUSTOM-2 at x = 3, CUSTOM-3 at both).
    for (const m of [C1.m, C2.m, C3.m]) {
      expect(Math.max(valueAt(max, 3) - m(3), valueAt(max, 9) - m(9))).toBeGreaterThan(1);
    }
    // Everywhere the envelope bounds the sampled series of the hand solution of every combination.
    for (const [x, v] of max) expect(v).toBeGreaterThanOrEqual(Math.max(C1.m(x), C2.m(x), C3.m(x)) - 1e-6);
    for (const [x, v] of min) expect(v).toBeLessThanOrEqual(Math.min(C1.m(x), C2.m(x), C3.m(x)) + 1e-6);
    expect(max.length).toBe(min.length);
  });
});

// ---------------------------------------------------------------------------------------------
// Custom combinations and include.

describe('custom combinations', () => {
  it('ids CUSTOM-1.. in the order given, names kept, omitted factors 0, negative factors allowed', async () => {
    const custom = [
      { name: 'Dead only, my label', kind: 'SLS', factors: { G: 1 } },
      { name: 'Uplift check: G − Q', kind: 'ULS', factors: { G: 1, Q: -1 } },
      { name: 'Strength 1.4/1.7', kind: 'ULS', factors: { G: 1.4, Q: 1.7 } },
    ];
    const envelope = envelopeOf(await solveBeam(workedExample({ standard: 'custom', custom })));
    expect(envelope.standard).toBe('custom');
    expect(envelope.combinations.map(({ id, name, kind }) => ({ id, name, kind }))).toEqual([
      { id: 'CUSTOM-1', name: 'Dead only, my label', kind: 'SLS' },
      { id: 'CUSTOM-2', name: 'Uplift check: G − Q', kind: 'ULS' },
      { id: 'CUSTOM-3', name: 'Strength 1.4/1.7', kind: 'ULS' },
    ]);
    expect(envelope.combinations[0]!.factors).toEqual({ G: 1, Q: 0, Qr: 0, W: 0, E: 0, S: 0, R: 0, T: 0 });
    expect(envelope.combinations[1]!.factors).toEqual({ G: 1, Q: -1, Qr: 0, W: 0, E: 0, S: 0, R: 0, T: 0 });
    // CUSTOM-2: w = 10 - 5 = 5 -> M = 22.5; CUSTOM-3: w = 14 + 8.5 = 22.5 -> M = 101.25
    expectClose(envelope.combinations[1]!.extremes.moment.maxSagging.value, 22.5);
    expectClose(envelope.combinations[2]!.extremes.moment.maxSagging.value, 101.25);
    expect(envelope.uls!.extremes.moment.maxSagging.combination).toBe('CUSTOM-3');
    expectClose(envelope.uls!.extremes.moment.maxSagging.value, 101.25);
    // the smallest ULS reaction: wL/2 = 15 from CUSTOM-2
    expect(envelope.uls!.reactions[0]!.vertical.min.combination).toBe('CUSTOM-2');
    expectClose(envelope.uls!.reactions[0]!.vertical.min.value, 15);
    // SLS envelope from the one SLS row, w = 10: δ = 16.875·10/EI
    expect(envelope.sls!.extremes.deflection.max.combination).toBe('CUSTOM-1');
    expectClose(envelope.sls!.extremes.deflection.max.value, midspanDeflectionMm(10));
  });

  it('custom SLS rows only: uls absent, sls present', async () => {
    const custom = [{ name: 'G + Q', kind: 'SLS', factors: { G: 1, Q: 1 } }];
    const envelope = envelopeOf(await solveBeam(workedExample({ standard: 'custom', custom })));
    expect(envelope).not.toHaveProperty('uls');
    expectClose(envelope.sls!.extremes.deflection.maxDown.value, midspanDeflectionMm(15));
  });

  it('custom rows with another standard, or standard custom without rows, are 400', async () => {
    const withRows = await post('/v1/beam/solve', workedExample({ standard: 'AS1170', custom: PATTERN_ROWS }));
    expect(withRows.status).toBe(400);
    expect(withRows.body.issues.map((i: { path: string }) => i.path)).toContain('combinations.custom');
    const without = await post('/v1/beam/solve', workedExample({ standard: 'custom' }));
    expect(without.status).toBe(400);
    expect(without.body.issues.map((i: { path: string }) => i.path)).toContain('combinations.custom');
  });
});

describe('include', () => {
  it('runs only the named ids, in id order, and the envelope comes from them alone', async () => {
    const envelope = envelopeOf(
      await solveBeam(workedExample({ standard: 'AS1170', include: ['AS1170-SLS-3', 'AS1170-ULS-3', 'AS1170-ULS-1'] })),
    );
    expect(envelope.combinations.map((k) => k.id)).toEqual(['AS1170-ULS-1', 'AS1170-ULS-3', 'AS1170-SLS-3']);
    // Without ULS-2 (87.75) the governing ULS row is ULS-3: 1.2G + 0.6Q, w = 15, M = 67.5 (combinations.md 1.7)
    expect(envelope.uls!.extremes.moment.maxSagging.combination).toBe('AS1170-ULS-3');
    expectClose(envelope.uls!.extremes.moment.maxSagging.value, 67.5);
    // SLS from SLS-3 alone: G + 0.4Q, w = 12
    expect(envelope.sls!.extremes.deflection.max.combination).toBe('AS1170-SLS-3');
    expectClose(envelope.sls!.extremes.deflection.max.value, midspanDeflectionMm(12));
  });

  it('only SLS ids: uls absent', async () => {
    const envelope = envelopeOf(await solveBeam(workedExample({ standard: 'ASCE7', include: ['ASCE7-SLS-2'] })));
    expect(envelope.combinations.map((k) => k.id)).toEqual(['ASCE7-SLS-2']);
    expect(envelope).not.toHaveProperty('uls');
    expectClose(envelope.sls!.extremes.deflection.max.value, midspanDeflectionMm(15));
  });

  it('a defined id whose cases are absent is skipped with a warning; an unknown id is 400 listing the valid ids', async () => {
    const body = await solveBeam(workedExample({ standard: 'AS1170', include: ['AS1170-ULS-2', 'AS1170-ULS-4'] }));
    expect(envelopeOf(body).combinations.map((k) => k.id)).toEqual(['AS1170-ULS-2']);
    expect(body.meta.warnings.some((w) => w.includes('AS1170-ULS-4'))).toBe(true);

    const res = await post('/v1/beam/solve', workedExample({ standard: 'AS1170', include: ['AS1170-ULS-2', 'ASCE7-ULS-2'] }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['combinations.include.1']);
    expect(res.body.detail).toContain('AS1170-ULS-10');
  });

  it('include applies to custom ids too', async () => {
    const envelope = envelopeOf(await solveBeam(patternBeam({ standard: 'custom', custom: PATTERN_ROWS, include: ['CUSTOM-3'] })));
    expect(envelope.combinations.map((k) => k.id)).toEqual(['CUSTOM-3']);
    expect(envelope.combinations[0]!.name).toBe('1.2G + 1.5Q + 1.5Qr');
    // Without the pattern rows the sagging envelope is the full row's 51.92 (table above)
    expectClose(envelope.uls!.extremes.moment.maxSagging.value, C3.span1Max);
  });
});

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

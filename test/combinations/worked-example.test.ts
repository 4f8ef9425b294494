/**
 * Load combinations end to end, the worked example of combinations.md: POST /v1/beam/solve on the real WASM
 * engine for every standard (the generated rows, the governing ULS moment and SLS deflection), in imperial
 * units too, and without combinations. Every expected number is a hand calculation or a figure of
 * combinations.md, named beside it. Beams: E = 200 GPa, I = 1e8 mm4 -> EI = 2e4 kN.m² (deflections in mm).
 * The app, the requests and the worked example's beam: over-http.ts. Tolerance 1e-6 relative (expectClose).
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../support/app.js';
import {
  EI,
  L,
  envelopeOf,
  midspanDeflectionMm,
  midspanMoment,
  pin,
  roller,
  solveOverHttp,
  udl,
  valueAt,
  workedExample,
} from './over-http.js';

const { solveBeam } = solveOverHttp();

// The worked example's beam and its formulas (combinations.md 1.7, 2.8, 3.9, 4.6, 5.5 and 6):
// workedExample, midspanMoment and midspanDeflectionMm in over-http.ts.

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
    // combinations.md 2.8, named in ASCE 7's symbols (D dead, L live)
    standard: 'ASCE7',
    ids: ['ASCE7-ULS-1', 'ASCE7-ULS-2', 'ASCE7-SLS-1', 'ASCE7-SLS-2'],
    uls: { id: 'ASCE7-ULS-2', name: '1.2D + 1.6L', w: 20, moment: 90 },
    sls: { id: 'ASCE7-SLS-2', w: 15 },
    w: { 'ASCE7-ULS-1': 14, 'ASCE7-ULS-2': 20, 'ASCE7-SLS-1': 10, 'ASCE7-SLS-2': 15 },
  },
  {
    // combinations.md 3.9, named in EN 1990's characteristic values (Gk, Qk)
    standard: 'EN1990-UK',
    ids: ['EN1990UK-ULS-1', 'EN1990UK-ULS-2', 'EN1990UK-ULS-5', 'EN1990UK-SLS-1', 'EN1990UK-SLS-2', 'EN1990UK-SLS-15', 'EN1990UK-SLS-20'],
    uls: { id: 'EN1990UK-ULS-5', name: '1.24875Gk + 1.5Qk', w: 19.9875, moment: 89.94375 },
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

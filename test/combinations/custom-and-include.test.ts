/**
 * Load combinations end to end, custom rows and `include`: POST /v1/beam/solve on the real WASM engine for
 * pattern loading on a two-span continuous beam (custom combinations), custom combinations on the worked
 * example of combinations.md, and include. Every expected number is a hand calculation or a figure of
 * combinations.md, named beside it. Beams: E = 200 GPa, I = 1e8 mm4 -> EI = 2e4 kN.m² (deflections in mm).
 * The app, the requests and the worked example's beam: over-http.ts. Tolerance 1e-6 relative (expectClose).
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../support/app.js';
import { envelopeOf, midspanDeflectionMm, pin, roller, section, solveOverHttp, udl, valueAt, workedExample } from './over-http.js';

const { post, solveBeam } = solveOverHttp();

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

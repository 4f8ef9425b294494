/**
 * Pattern loading on beams over HTTP (decisions.md 17): the golden fixtures of test/fixtures/pattern, each
 * number a closed form named beside it and each governing arrangement the one the closed form loads; then
 * the warnings and refusals. The engine's own brute force over every arrangement is
 * crates/engine/tests/pattern_beams.rs.
 */
import { describe, expect, it } from 'vitest';
import { fixtures, misses } from '../support/fixtures.js';
import { TRIANGLE_TRUSS } from '../support/models.js';
import { pin, roller, section, solveOverHttp, udl } from './over-http.js';

const { post, solveBeam } = solveOverHttp();

/** The object at a dotted path. */
function objectAt(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);
}

describe('pattern loading: golden beams', () => {
  for (const f of fixtures('pattern')) {
    it(`${f.name}: ${f.description}`, async () => {
      const body = await solveBeam(f.request);
      expect(misses(f, body)).toEqual([]);
      for (const a of f.arrangements ?? []) {
        const found = objectAt(body, a.path) as { pattern?: unknown; combination?: string } | unknown[];
        expect(Array.isArray(found) ? found : found.pattern, a.path).toEqual(a.pattern);
        if (a.combination !== undefined) expect((found as { combination?: string }).combination).toBe(a.combination);
      }
    });
  }
});

/** The same shape and strings, every number within 1e-9 of its counterpart (relative, or absolute below 1e-9). */
function expectNear(got: unknown, want: unknown, path = ''): void {
  if (typeof want === 'number') {
    expect(Math.abs((got as number) - want), path).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  } else if (want !== null && typeof want === 'object') {
    expect(Object.keys(got as object).sort(), path).toEqual(Object.keys(want).sort());
    for (const [k, v] of Object.entries(want)) expectNear((got as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else {
    expect(got, path).toEqual(want);
  }
}

const beam = (combinations: object) => ({
  spans: [
    { length: 6, ...section },
    { length: 6, ...section },
  ],
  supports: [pin(0), roller(6), roller(12)],
  loads: [udl(10, 0, 12), udl(5, 0, 12, 'Q')],
  combinations,
});

describe('pattern loading: the envelope around it', () => {
  it('lists the pieces, names an arrangement on every extreme and reaction bound, and leaves the combinations fully loaded', async () => {
    const body = await solveBeam(beam({ standard: 'AS1170', pattern: ['Q'] }));
    const envelope = body.envelope as unknown as Record<string, never>;
    expect(objectAt(envelope, 'pattern')).toEqual({
      cases: ['Q'],
      pieces: [
        { case: 'Q', from: 0, to: 6 },
        { case: 'Q', from: 6, to: 12 },
      ],
    });
    for (const path of ['uls.extremes.shear.max', 'uls.extremes.moment.maxSagging', 'sls.extremes.deflection.maxDown']) {
      expect(Array.isArray((objectAt(envelope, path) as { pattern: unknown }).pattern), path).toBe(true);
    }
    for (const r of objectAt(envelope, 'uls.reactions') as { vertical: { max: { pattern: unknown } } }[]) {
      expect(Array.isArray(r.vertical.max.pattern)).toBe(true);
    }
    // without the pattern the same request gives the fully loaded envelope, which the combinations keep (to
    // round-off: a patterned case is solved piece by piece and summed)
    const plain = await solveBeam(beam({ standard: 'AS1170' }));
    expectNear(body.envelope!.combinations, plain.envelope!.combinations);
    expectNear(body.extremes, plain.extremes);
    expect(objectAt(plain.envelope, 'pattern')).toBeUndefined();
    expect(objectAt(plain.envelope, 'uls.extremes.moment.maxSagging.pattern')).toBeUndefined();
  });

  it('draws the patterned envelope and says so in the caption', async () => {
    // three 6 m spans, g = q = 10 kN/m, AS1170-ULS-2: the end-span peak 88.935 kN.m of three-span-as1170.json
    const three = fixtures('pattern').find((f) => f.name === 'three-span-as1170')!.request;
    const res = await post('/v1/beam/diagram', { ...three, view: 'moment', combination: 'envelope' });
    expect(res.status).toBe(200);
    const svg = String(res.body instanceof Buffer ? res.body.toString('utf8') : res.text);
    expect(svg).toContain('Envelope of ULS combinations: moment max and min, Q patterned');
    expect(svg).toContain('88.9 at 2.57 m');
  });

  it('warns about a patterned case that no load carries', async () => {
    const body = await solveBeam(beam({ standard: 'AS1170', pattern: ['Q', 'W'] }));
    expect(body.meta.warnings).toContain('combinations.pattern: no load is in case W, so there is nothing of it to pattern.');
    // with nothing to arrange, the envelope is the unpatterned one, every bound under the empty arrangement
    const nothing = await solveBeam(beam({ standard: 'AS1170', pattern: ['W'] }));
    const plain = await solveBeam(beam({ standard: 'AS1170' }));
    expect(objectAt(nothing.envelope, 'pattern')).toEqual({ cases: ['W'], pieces: [] });
    const sagging = objectAt(nothing.envelope, 'uls.extremes.moment.maxSagging') as { value: number; pattern: unknown };
    expect(sagging.pattern).toEqual([]);
    expect(sagging.value).toBe((objectAt(plain.envelope, 'uls.extremes.moment.maxSagging') as { value: number }).value);
    expect(objectAt(nothing.envelope, 'uls.reactions.0.vertical.min.pattern')).toEqual([]);
  });

  it('refuses a case that is not a load case, at its path', async () => {
    const res = await post('/v1/beam/solve', beam({ standard: 'AS1170', pattern: ['Q', 'L'] }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['combinations.pattern.1']);
  });

  it('refuses a pattern outside combinations', async () => {
    const { combinations: _none, ...request } = beam({});
    const res = await post('/v1/beam/solve', { ...request, pattern: ['Q'] });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['pattern']);
  });

  it('refuses a pattern on a truss, whose loads stand on nodes', async () => {
    const loads = TRIANGLE_TRUSS.loads.map((l) => ({ ...l, case: 'Q' }));
    const res = await post('/v1/truss/solve', { ...TRIANGLE_TRUSS, loads, combinations: { standard: 'AS1170', pattern: ['Q'] } });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['combinations.pattern']);
  });
});

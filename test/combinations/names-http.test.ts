/**
 * Combination names in the standards' own symbols over HTTP (issue 36, defect 8): ASCE 7 writes D and L
 * (ASCE/SEI 7-22 2.3.1 combination 2, "1.2D + 1.6L"), EN 1990 characteristic values Gk and Qk (BS EN 1990 6.10b,
 * "1.24875Gk + 1.5Qk" with ξγG = 0.925 × 1.35); ids and factors are combinations.md's.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { SIMPLE_BEAM } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const deadAndLive = (standard: string) => ({
  ...SIMPLE_BEAM,
  loads: [
    { type: 'udl', start: -10, from: 0, to: 6, case: 'G' },
    { type: 'udl', start: -5, from: 0, to: 6, case: 'Q' },
  ],
  combinations: { standard },
});

type Named = { id: string; name: string; factors: Record<string, number> };

describe('combination names in the envelope', () => {
  it('ASCE7: 1.4D, 1.2D + 1.6L, D, D + L (combinations.md 2.8), factors unchanged', async () => {
    const res = await request(app.callback()).post('/v1/beam/solve').send(deadAndLive('ASCE7')).expect(200);
    const combinations = res.body.envelope.combinations as Named[];
    expect(combinations.map((c) => `${c.id} ${c.name}`)).toEqual([
      'ASCE7-ULS-1 1.4D',
      'ASCE7-ULS-2 1.2D + 1.6L',
      'ASCE7-SLS-1 D',
      'ASCE7-SLS-2 D + L',
    ]);
    expect(combinations[1]!.factors).toMatchObject({ G: 1.2, Q: 1.6 });
    // the governing ULS moment names its combination by id: 1.2 × 10 + 1.6 × 5 = 20 kN/m, wL²/8 = 90 kN.m
    expect(res.body.envelope.uls.extremes.moment.maxSagging.combination).toBe('ASCE7-ULS-2');
  });

  it('EN1990-UK: 6.10b as 1.24875Gk + 1.5Qk (combinations.md 3.9)', async () => {
    const res = await request(app.callback()).post('/v1/beam/solve').send(deadAndLive('EN1990-UK')).expect(200);
    const names = new Map((res.body.envelope.combinations as Named[]).map((c) => [c.id, c.name]));
    expect(names.get('EN1990UK-ULS-1')).toBe('1.35Gk');
    expect(names.get('EN1990UK-ULS-5')).toBe('1.24875Gk + 1.5Qk');
    expect(names.get('EN1990UK-SLS-2')).toBe('Gk + Qk');
  });
});

/**
 * Golden beam cases over HTTP, from the fixtures cargo test reads too (test/fixtures/beam/*.json): each
 * expected number is a closed form named in its fixture's `source`. Below them, what a number alone
 * cannot say: unit labels, how many pairs a jump gives, and that imperial input is SI input converted.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { KN_PER_KIP, M_PER_FT, MM_PER_IN, KNM_PER_KIPFT } from '../../ts/units/constants.js';
import { expectClose, testApp } from '../support/app.js';
import { fixture, fixtures, misses } from '../support/fixtures.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

interface BeamBody {
  reactions: { type: string; position: number; vertical: number; moment: number }[];
  diagrams: Record<'shear' | 'moment' | 'rotation' | 'deflection', [number, number][]>;
  meta: { units: string; unitLabels: Record<string, string>; warnings: string[]; engineVersion: string };
}

async function solve(body: object): Promise<BeamBody> {
  const res = await request(app.callback()).post('/v1/beam/solve').send(body);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  // every golden model is in equilibrium to round-off (decisions.md 15, meta.check)
  expect(res.body.meta.check.equilibrium).toBeLessThan(1e-10);
  return res.body as BeamBody;
}

describe('golden fixtures', () => {
  const all = fixtures('beam');

  it('are all there', () => {
    expect(all.length).toBeGreaterThanOrEqual(26);
  });

  it.each(all.map((f) => [f.name, f] as const))('%s', async (_, f) => {
    expect(misses(f, await solve(f.request))).toEqual([]);
  });
});

describe('what the fixtures cannot say', () => {
  it('SI and imperial unit labels', async () => {
    const si = await solve(fixture('beam', 'simply-supported-udl').request);
    expect(si.meta.unitLabels).toMatchObject({ length: 'm', force: 'kN', moment: 'kN.m', deflection: 'mm', rotation: 'rad' });
    const imperial = await solve(fixture('beam', 'imperial-simply-supported-udl').request);
    expect(imperial.meta.unitLabels).toMatchObject({ length: 'ft', force: 'kip', moment: 'k.ft', deflection: 'in' });
  });

  it('a point load is two shear pairs at its position, a moment two moment pairs (decisions.md 3)', async () => {
    const point = await solve(fixture('beam', 'simply-supported-point-off-centre').request);
    expect(point.diagrams.shear.filter(([x]) => x === 3)).toHaveLength(2);
    const moment = await solve(fixture('beam', 'simply-supported-midspan-moment').request);
    expect(moment.diagrams.moment.filter(([x]) => x === 4)).toHaveLength(2);
  });

  it('the rotation jumps at a hinge: two pairs there', async () => {
    const gerber = await solve(fixture('beam', 'gerber-beam').request);
    expect(gerber.diagrams.rotation.filter(([x]) => x === 4)).toHaveLength(2);
  });

  it('the imperial propped cantilever with settlement matches the SI solve converted', async () => {
    const imperial = await solve(fixture('beam', 'imperial-propped-cantilever-settlement').request);
    // the unit constants: 1 kip = 4.4482216152605 kN, 1 ft = 0.3048 m, 1 ksi = 0.006894757293168361 GPa
    const si = await solve({
      spans: [{ length: 24 * M_PER_FT, E: 29000 * 0.006894757293168361, I: 500 * 25.4 ** 4 }],
      supports: [
        { type: 'fixed', position: 0 },
        { type: 'roller', position: 24 * M_PER_FT, settlement: -0.5 * MM_PER_IN },
      ],
      loads: [{ type: 'udl', start: (-2 * KN_PER_KIP) / M_PER_FT, from: 0, to: 24 * M_PER_FT }],
    });
    expectClose(si.reactions[1]!.vertical / KN_PER_KIP, imperial.reactions[1]!.vertical, 1e-9);
    expectClose(si.reactions[0]!.moment / KNM_PER_KIPFT, imperial.reactions[0]!.moment, 1e-9);
  });
});

/**
 * Imperial round trip: every SI golden fixture without combinations, restated in feet, kips, ksi, in², in⁴ and
 * inches (the exact definitions of ts/units/constants.ts: 1 ft = 0.3048 m, 1 in = 25.4 mm, 1 kip =
 * 4.4482216152605 kN), solved over POST /v1/frame/solve, and its answer taken back to SI: every reaction,
 * displacement, member length, end force, extreme value and the ends of every diagram agree with the SI answer
 * to the fixture's tolerance of the largest magnitude of their kind. (Several fixtures make members nearly
 * rigid axially, A = 1e7 mm², whose conditioning leaves a few parts in 1e9 between the two unit systems; the
 * extremes' positions are not compared, since on a flat stretch such as a constant axial force a last-digit
 * difference moves the reported position from one end to the other.)
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GPA_PER_KSI,
  KN_PER_KIP,
  KN_PER_M_PER_KIP_PER_FT,
  KNM_PER_KIPFT,
  M_PER_FT,
  MM2_PER_IN2,
  MM4_PER_IN4,
  MM_PER_IN,
} from '../../ts/units/constants.js';
import { testApp } from '../support/app.js';
import { frameFixtures } from './fixtures.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- requests and responses as JSON

/** An SI request restated in imperial units. */
function imperial(si: Json): Json {
  const ft = (m: number) => m / M_PER_FT;
  return {
    ...si,
    units: 'imperial',
    nodes: si.nodes.map((n: Json) => ({ ...n, x: ft(n.x), y: ft(n.y) })),
    materials: si.materials.map((m: Json) => ({ ...m, E: m.E / GPA_PER_KSI, A: m.A / MM2_PER_IN2, I: m.I / MM4_PER_IN4 })),
    supports: si.supports.map((s: Json) =>
      s.settlement === undefined
        ? s
        : {
            ...s,
            settlement: {
              ...s.settlement,
              ...(s.settlement.x !== undefined && { x: s.settlement.x / MM_PER_IN }),
              ...(s.settlement.y !== undefined && { y: s.settlement.y / MM_PER_IN }),
            },
          },
    ),
    ...(si.nodalLoads && {
      nodalLoads: si.nodalLoads.map((l: Json) => ({
        ...l,
        ...(l.fx !== undefined && { fx: l.fx / KN_PER_KIP }),
        ...(l.fy !== undefined && { fy: l.fy / KN_PER_KIP }),
        ...(l.moment !== undefined && { moment: l.moment / KNM_PER_KIPFT }),
      })),
    }),
    ...(si.memberLoads && {
      memberLoads: si.memberLoads.map((l: Json) => {
        if (l.type === 'point') return { ...l, magnitude: l.magnitude / KN_PER_KIP, position: ft(l.position) };
        if (l.type === 'moment') return { ...l, magnitude: l.magnitude / KNM_PER_KIPFT, position: ft(l.position) };
        return {
          ...l,
          start: l.start / KN_PER_M_PER_KIP_PER_FT,
          ...(l.end !== undefined && { end: l.end / KN_PER_M_PER_KIP_PER_FT }),
          from: ft(l.from),
          to: ft(l.to),
        };
      }),
    }),
  };
}

const DIAGRAM_SCALE: Record<string, number> = { axial: KN_PER_KIP, shear: KN_PER_KIP, moment: KNM_PER_KIPFT, deflection: MM_PER_IN };

/** Every number of a frame response, by kind, taken to SI with `scale` per kind (1 when already SI). */
function numbers(body: Json, scale: (kind: string) => number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (...entries: [string, number][]) => {
    for (const [kind, v] of entries) out.set(kind, [...(out.get(kind) ?? []), v * scale(kind)]);
  };
  for (const r of body.reactions) add(['force', r.horizontal], ['force', r.vertical], ['moment', r.moment]);
  for (const d of body.displacements) add(['displacement', d.dx], ['displacement', d.dy], ['rotation', d.rotation]);
  for (const m of body.members) {
    add(['length', m.length]);
    for (const end of [m.start, m.end]) add(['force', end.axial], ['force', end.shear], ['moment', end.moment]);
    for (const e of [m.extremes.axial.max, m.extremes.axial.min, m.extremes.shear.max, m.extremes.shear.min]) add(['force', e.value]);
    for (const e of [m.extremes.moment.maxSagging, m.extremes.moment.maxHogging]) add(['moment', e.value]);
    // sampling follows the member's length in the request's unit, so only the end points are shared samples
    for (const [name, series] of Object.entries(m.diagrams as Record<string, [number, number][]>)) {
      for (const [x, v] of [series[0]!, series.at(-1)!]) add(['length', x], [name, v]);
    }
  }
  return out;
}

const TO_SI: Record<string, number> = {
  force: KN_PER_KIP,
  moment: KNM_PER_KIPFT,
  displacement: MM_PER_IN,
  rotation: 1,
  length: M_PER_FT,
  ...DIAGRAM_SCALE,
};

describe('an imperial request answers what its SI twin answers', () => {
  const fixtures = frameFixtures().filter((f) => f.request.units === 'SI' && f.request.combinations === undefined);
  it('has SI fixtures to restate', () => expect(fixtures.length).toBeGreaterThan(10));
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const [si, us] = await Promise.all(
      [fixture.request, imperial(fixture.request)].map((body) => request(app.callback()).post('/v1/frame/solve').send(body)),
    );
    expect(si!.status).toBe(200);
    expect(us!.status, JSON.stringify(us!.body)).toBe(200);
    expect(us!.body.meta.unitLabels).toMatchObject({ length: 'ft', force: 'kip', moment: 'k.ft', displacement: 'in', rotation: 'rad' });
    const want = numbers(si!.body, () => 1);
    const got = numbers(us!.body, (kind) => TO_SI[kind]!);
    for (const [kind, values] of want) {
      // a kind that is zero throughout (no rotation of an axial column) is held to 1e-12 of its SI unit
      const tolerance = fixture.tolerance * Math.max(...values.map(Math.abs)) + 1e-12;
      expect(got.get(kind)!.length, kind).toBe(values.length);
      values.forEach((v, i) =>
        expect(Math.abs(got.get(kind)![i]! - v), `${kind} ${i}: ${got.get(kind)![i]} against ${v}`).toBeLessThanOrEqual(tolerance),
      );
    }
  });
});

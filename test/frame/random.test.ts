/**
 * Random frames through POST /v1/frame/solve against the tests' own dense solver (test/frame/dense-frame.ts,
 * Lagrange-multiplier supports, quadrature fixed-end forces, no code shared with the engine): reactions,
 * joint displacements and member end forces agree to 1e-9 of the largest magnitude of the same dimension in
 * that frame (forces of reactions and member ends together, moments likewise): a member force that is zero
 * up to rounding is compared at the frame's scale, not its own.
 *
 * The generator (seeded, so a failure names its frame) builds stable frames only: a spanning tree of rigidly
 * joined members from the first node, which is fixed, then extra members, which alone carry releases (so a
 * release never leaves a node without a rigid member, and never turns part of the tree into a mechanism).
 * Further supports of every type, inclined rollers and settlements; nodal loads and member loads of every
 * type and direction, in several cases (all at factor 1 in the unfactored analysis the response leads with).
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { generator } from '../support/random.js';
import { solveDenseFrame, type DenseFrame, type DenseFrameResult, type DenseMemberLoad } from './dense-frame.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const DIRECTIONS = ['global-y', 'global-x', 'local-y', 'local-x'] as const;
const CASES = ['G', 'Q', 'W'] as const;

function randomFrame(seed: number): DenseFrame {
  const r = generator(seed);
  const count = r.int(3, 8);
  const taken = new Set<string>();
  const nodes: DenseFrame['nodes'] = [];
  while (nodes.length < count) {
    const [x, y] = [r.int(0, 24) / 2, r.int(0, 16) / 2];
    if (taken.has(`${x},${y}`)) continue;
    taken.add(`${x},${y}`);
    nodes.push({ id: 10 + 3 * nodes.length, x, y }); // ids that are not indices
  }
  const members: DenseFrame['members'] = [];
  const joined = new Set<string>();
  const join = (a: number, b: number, releases?: { start?: boolean; end?: boolean }) => {
    const [from, to] = r.chance(0.5) ? [a, b] : [b, a];
    joined.add(`${Math.min(a, b)}-${Math.max(a, b)}`);
    members.push({
      id: 100 + members.length,
      from: nodes[from]!.id,
      to: nodes[to]!.id,
      material: r.int(1, 2),
      ...(releases && { releases }),
    });
  };
  for (let i = 1; i < count; i++) join(r.int(0, i - 1), i);
  for (let extra = r.int(0, 3); extra > 0; extra--) {
    const [a, b] = [r.int(0, count - 1), r.int(0, count - 1)];
    if (a === b || joined.has(`${Math.min(a, b)}-${Math.max(a, b)}`)) continue;
    join(a, b, r.pick([undefined, { start: true }, { end: true }, { start: true, end: true }]));
  }
  const materials = [1, 2].map((id) => ({ id, E: r.between(150, 210), A: r.between(2000, 12000), I: r.between(2e7, 3e8) }));

  const supports: DenseFrame['supports'] = [{ node: nodes[0]!.id, type: 'fixed' }];
  if (r.chance(0.3)) supports[0]!.settlement = { x: r.between(-5, 5), y: r.between(-10, 0), rotation: r.between(-0.002, 0.002) };
  for (let i = 1; i < count; i++) {
    if (!r.chance(0.3)) continue;
    const type = r.pick(['pin', 'roller', 'fixed'] as const);
    const support: DenseFrame['supports'][number] = { node: nodes[i]!.id, type };
    if (type === 'roller') support.angle = r.pick([0, 90, r.between(-80, 80), r.between(100, 170)]);
    if (r.chance(0.3)) support.settlement = { x: r.between(-5, 5), y: r.between(-10, 5), ...(type === 'fixed' && { rotation: 0.001 }) };
    supports.push(support);
  }

  const nodalLoads = Array.from({ length: r.int(0, 3) }, () => ({
    node: r.pick(nodes).id,
    fx: r.between(-20, 20),
    fy: r.between(-40, 10),
    moment: r.between(-15, 15),
    case: r.pick(CASES),
  }));
  const lengthOf = (m: DenseFrame['members'][number]) => {
    const [a, b] = [nodes.find((n) => n.id === m.from)!, nodes.find((n) => n.id === m.to)!];
    return Math.hypot(b.x - a.x, b.y - a.y);
  };
  const memberLoads: DenseMemberLoad[] = [];
  for (let k = r.int(1, 6); k > 0; k--) {
    const m = r.pick(members);
    const L = lengthOf(m);
    const type = r.pick(['point', 'udl', 'moment'] as const);
    const loadCase = r.pick(CASES);
    if (type === 'point') {
      memberLoads.push({
        type,
        member: m.id,
        magnitude: r.between(-30, 30),
        position: L * r.between(0.05, 0.95),
        direction: r.pick(DIRECTIONS),
        case: loadCase,
      });
    } else if (type === 'moment') {
      memberLoads.push({ type, member: m.id, magnitude: r.between(-20, 20), position: L * r.between(0.05, 0.95), case: loadCase });
    } else {
      const from = r.chance(0.5) ? 0 : L * r.between(0, 0.45);
      const to = r.chance(0.5) ? L : L * r.between(0.55, 1);
      memberLoads.push({
        type,
        member: m.id,
        start: r.between(-10, 5),
        ...(r.chance(0.6) && { end: r.between(-10, 5) }),
        from,
        to,
        direction: r.pick(DIRECTIONS),
        case: loadCase,
      });
    }
  }
  return { units: 'SI', nodes, members, materials, supports, nodalLoads, memberLoads };
}

/** Every number of a dimension, in the same order in both results: reactions and member end forces share one scale. */
function quantities(result: DenseFrameResult): Record<string, number[]> {
  const ends = (key: 'axial' | 'shear' | 'moment') => result.members.flatMap((m) => [m.start[key], m.end[key]]);
  return {
    force: [...result.reactions.flatMap((x) => [x.horizontal, x.vertical]), ...ends('axial'), ...ends('shear')],
    moment: [...result.reactions.map((x) => x.moment), ...ends('moment')],
    displacement: result.displacements.flatMap((d) => [d.dx, d.dy]),
    rotation: result.displacements.map((d) => d.rotation),
  };
}

describe('random frames agree with the dense solver to 1e-9', () => {
  const seeds = Array.from({ length: 50 }, (_, i) => 1000 + i);
  it.each(seeds)('frame of seed %i', async (seed) => {
    const frame = randomFrame(seed);
    const res = await request(app.callback()).post('/v1/frame/solve').send(frame);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as DenseFrameResult;
    const dense = solveDenseFrame(frame);
    expect(body.reactions.map((x) => x.node)).toEqual(dense.reactions.map((x) => x.node));
    expect(body.displacements.map((x) => x.node)).toEqual(dense.displacements.map((x) => x.node));
    expect(body.members.map((x) => x.member)).toEqual(dense.members.map((x) => x.member));
    const [got, want] = [quantities(body), quantities(dense)];
    for (const [name, values] of Object.entries(want)) {
      // relative to the largest of the dimension; 1e-12 kN, kN.m, mm or rad absolute where all of it is zero
      const tolerance = 1e-9 * Math.max(...values.map(Math.abs)) + 1e-12;
      values.forEach((v, i) => {
        expect(Math.abs(got[name]![i]! - v), `${name} ${i}: ${got[name]![i]} against ${v}`).toBeLessThanOrEqual(tolerance);
      });
    }
  });
});

/**
 * Golden truss cases over HTTP, from the fixtures cargo test reads too (test/fixtures/truss/*.json): each
 * expected number from statics, compatibility or virtual work, derived in its fixture's `source`. Below
 * them, what a number alone cannot say, and equilibrium on random trusses.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';
import { fixture, fixtures, misses } from '../support/fixtures.js';
import { TRIANGLE_TRUSS } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

interface TrussBody {
  reactions: { node: number; horizontal: number; vertical: number }[];
  memberForces: { member: number; from: number; to: number; force: number }[];
  displacements: { node: number; dx: number; dy: number }[];
  meta: { warnings: string[]; unitLabels: Record<string, string> };
  links?: { view: string };
}

async function solve(body: object): Promise<TrussBody> {
  const res = await request(app.callback()).post('/v1/truss/solve').send(body);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  // every golden model is in equilibrium to round-off (decisions.md 15, meta.check)
  expect(res.body.meta.check.equilibrium).toBeLessThan(1e-10);
  return res.body as TrussBody;
}

describe('golden fixtures', () => {
  const all = fixtures('truss');

  it('are all there', () => {
    expect(all.length).toBeGreaterThanOrEqual(22);
  });

  it.each(all.map((f) => [f.name, f] as const))('%s', async (_, f) => {
    expect(misses(f, await solve(f.request))).toEqual([]);
  });
});

describe('what the fixtures cannot say', () => {
  it("ids are the request's, not positions: the triangle renumbered 10, 20, 30", async () => {
    const id = (n: number) => n * 10;
    const renumbered = {
      ...TRIANGLE_TRUSS,
      nodes: TRIANGLE_TRUSS.nodes.map((n) => ({ ...n, id: id(n.id) })),
      members: TRIANGLE_TRUSS.members.map((m) => ({ ...m, from: id(m.from), to: id(m.to) })),
      supports: TRIANGLE_TRUSS.supports.map((s) => ({ ...s, node: id(s.node) })),
      loads: TRIANGLE_TRUSS.loads.map((l) => ({ ...l, node: id(l.node) })),
    };
    const r = await solve(renumbered);
    expect(r.memberForces.find((m) => m.member === 3)).toMatchObject({ from: 20, to: 30 });
    expect(r.reactions.map((x) => x.node)).toEqual([10, 20]);
    expect(r.displacements.map((x) => x.node)).toEqual([10, 20, 30]);
    expect(r.meta.unitLabels).toEqual({ length: 'm', force: 'kN', displacement: 'mm' });
  });

  it('a roller settlement along its rolling direction is reported', async () => {
    const r = await solve(fixture('truss', 'triangle-roller-settlement-along-rolling').request);
    expect(r.meta.warnings.join(' ')).toMatch(/Node 2/);
  });

  it('sections resolve from the library: A = gross area, E = 200 GPa', async () => {
    // W14X90: A = 26.5 in² (AISC Shapes Database v15.0) = 17096.74 mm²; apex deflection 105/EA
    // (unit-load virtual work on the triangle, test/fixtures/truss/triangle.json)
    const r = await solve({ ...TRIANGLE_TRUSS, materials: [{ id: 1, section: 'W14X90' }] });
    const ea = 200e6 * 26.5 * 0.0254 ** 2;
    expectClose(r.displacements[2]!.dy, (-105 / ea) * 1000);
    const model = JSON.parse(
      (await import('node:zlib')).inflateRawSync(Buffer.from(new URL(r.links!.view).searchParams.get('model')!, 'base64url')).toString(),
    );
    expect(model.materials[0]).toMatchObject({ id: 1, section: 'W14X90', E: 200 });
    expectClose(model.materials[0].A, 26.5 * 25.4 ** 2);
  });
});

describe('equilibrium on random trusses', () => {
  it('reactions balance the loads and every node is in equilibrium', async () => {
    // A small deterministic generator (linear congruential) for triangulated strips with random loads.
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let trial = 0; trial < 10; trial++) {
      const panels = 3 + (trial % 4);
      const nodes = [];
      for (let i = 0; i <= panels; i++) {
        nodes.push({ id: 2 * i + 1, x: i * 3 + random() * 0.5, y: random() * 0.3 });
        nodes.push({ id: 2 * i + 2, x: i * 3 + random() * 0.5, y: 3 + random() * 0.3 });
      }
      const members: { id: number; from: number; to: number }[] = [];
      const link = (from: number, to: number) => members.push({ id: members.length + 1, from, to });
      for (let i = 0; i <= panels; i++) link(2 * i + 1, 2 * i + 2);
      for (let i = 0; i < panels; i++) {
        link(2 * i + 1, 2 * i + 3);
        link(2 * i + 2, 2 * i + 4);
        link(2 * i + 1, 2 * i + 4);
      }
      const loads = nodes.map((n) => ({ node: n.id, fx: random() * 10 - 5, fy: -random() * 20 }));
      const body = {
        nodes,
        members,
        materials: [{ id: 1, E: 200, A: 1500 }],
        supports: [
          { node: 1, type: 'pin' },
          { node: 2 * panels + 1, type: 'roller' },
        ],
        loads,
      };
      const r = await solve(body);
      const sum = (f: (x: { horizontal: number; vertical: number }) => number) => r.reactions.reduce((s, x) => s + f(x), 0);
      const total = loads.reduce((s, l) => s + Math.abs(l.fx) + Math.abs(l.fy), 0);
      expect(Math.abs(sum((x) => x.horizontal) + loads.reduce((s, l) => s + l.fx, 0))).toBeLessThan(1e-9 * total);
      expect(Math.abs(sum((x) => x.vertical) + loads.reduce((s, l) => s + l.fy, 0))).toBeLessThan(1e-9 * total);
      for (const n of nodes) {
        let [fx, fy] = [0, 0];
        for (const m of r.memberForces) {
          if (m.from !== n.id && m.to !== n.id) continue;
          const other = nodes.find((o) => o.id === (m.from === n.id ? m.to : m.from))!;
          const [dx, dy] = [other.x - n.x, other.y - n.y];
          const length = Math.hypot(dx, dy);
          fx += (m.force * dx) / length;
          fy += (m.force * dy) / length;
        }
        const load = loads.find((l) => l.node === n.id)!;
        const support = r.reactions.find((x) => x.node === n.id);
        expect(Math.abs(fx + load.fx + (support?.horizontal ?? 0))).toBeLessThan(1e-9 * total);
        expect(Math.abs(fy + load.fy + (support?.vertical ?? 0))).toBeLessThan(1e-9 * total);
      }
    }
  });
});

/**
 * Golden truss cases over HTTP: each expected number from statics, compatibility or virtual work,
 * derived beside it. E = 200 GPa, A = 1000 mm² -> EA = 2e5 kN. Tolerance 1e-6 relative.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const EA = 2e5; // kN
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
const force = (r: TrussBody, member: number) => r.memberForces.find((m) => m.member === member)!.force;
const reaction = (r: TrussBody, node: number) => r.reactions.find((x) => x.node === node)!;
const displacement = (r: TrussBody, node: number) => r.displacements.find((x) => x.node === node)!;

/** A(0,0) pin, B(8,0) roller, apex C(4,3): members AB (1), BC (2), AC (3); ids deliberately not 0-based. */
const triangle = (extra: object = {}) => ({
  nodes: [
    { id: 10, x: 0, y: 0 },
    { id: 20, x: 8, y: 0 },
    { id: 30, x: 4, y: 3 },
  ],
  members: [
    { id: 1, from: 10, to: 20 },
    { id: 2, from: 20, to: 30 },
    { id: 3, from: 10, to: 30 },
  ],
  materials: [{ id: 1, E: 200, A: 1000 }],
  supports: [
    { node: 10, type: 'pin' },
    { node: 20, type: 'roller' },
  ],
  loads: [{ node: 30, fy: -10 }],
  ...extra,
});

/** Symmetric three-bar truss: pins A(-4,4), B(0,4), C(4,4); loaded node D(0,0); α = 45° from vertical. */
const threeBar = (extra: object = {}) => ({
  nodes: [
    { id: 1, x: -4, y: 4 },
    { id: 2, x: 0, y: 4 },
    { id: 3, x: 4, y: 4 },
    { id: 4, x: 0, y: 0 },
  ],
  members: [
    { id: 1, from: 1, to: 4 },
    { id: 2, from: 2, to: 4 },
    { id: 3, from: 3, to: 4 },
  ],
  materials: [{ id: 1, E: 200, A: 1000 }],
  supports: [
    { node: 1, type: 'pin' },
    { node: 2, type: 'pin' },
    { node: 3, type: 'pin' },
  ],
  ...extra,
});
const c3 = Math.cos(Math.PI / 4) ** 3;

describe('determinate', () => {
  it('triangle by the method of joints: AC = BC = -25/3 (3-4-5), AB = +20/3', async () => {
    // joint C: 2 F sin θ = 10 with sin θ = 3/5 -> F = -25/3 (compression); joint A: AB = -F cos θ = 20/3
    const r = await solve(triangle());
    expectClose(force(r, 3), -25 / 3);
    expectClose(force(r, 2), -25 / 3);
    expectClose(force(r, 1), 20 / 3);
    expectClose(reaction(r, 10).vertical, 5);
    expectClose(reaction(r, 20).vertical, 5);
    expect(r.memberForces.find((m) => m.member === 2)).toMatchObject({ from: 20, to: 30 });
    expect(r.meta.unitLabels).toEqual({ length: 'm', force: 'kN', displacement: 'mm' });
  });

  it('apex deflection by virtual work: Σ F f L / EA = 105/EA', async () => {
    // f = F/10 per unit load: 2·(25/3)(5/6)·5 + (20/3)(2/3)·8 = 69.44 + 35.56 = 105 kN.m -> 0.525 mm down
    const r = await solve(triangle());
    expectClose(displacement(r, 30).dy, (-105 / EA) * 1000);
  });

  it('a Pratt truss by the method of sections', async () => {
    // 4 panels of 3 m, height 4 m, 20 kN at each interior bottom node: R = 30 each.
    // Sections: bottom chord 2-3, moments about top node 6 (x = 3): 30·3/4 = 22.5 (tension);
    // bottom chord 3-4, about node 8 (x = 9) where the cut top chord and diagonal 8-3 meet:
    // (30·9 - 20·6 - 20·3)/4 = 22.5; top chord 6-7, about node 3 (x = 6): -(30·6 - 20·3)/4 = -30;
    // the end post carries R = 30 at slope 4/5: -37.5; diagonal 6-3 carries the panel shear 10: 12.5.
    const nodes = [...[0, 3, 6, 9, 12].map((x, i) => ({ id: i + 1, x, y: 0 })), ...[3, 6, 9].map((x, i) => ({ id: i + 6, x, y: 4 }))];
    // one line per group of members, as its comment names it
    // prettier-ignore
    const links: [number, number][] = [
      [1, 2], [2, 3], [3, 4], [4, 5], // bottom chord
      [6, 7], [7, 8], // top chord
      [1, 6], [8, 5], // end posts (inclined)
      [2, 6], [3, 7], [4, 8], // verticals
      [6, 3], [8, 3], // diagonals down towards the middle
    ];
    const r = await solve({
      nodes,
      members: links.map(([from, to], i) => ({ id: i + 1, from, to })),
      materials: [{ id: 1, E: 200, A: 1000 }],
      supports: [
        { node: 1, type: 'pin' },
        { node: 5, type: 'roller' },
      ],
      loads: [2, 3, 4].map((node) => ({ node, fy: -20 })),
    });
    expectClose(reaction(r, 1).vertical, 30);
    expectClose(force(r, 2), 22.5); // bottom chord 2-3
    expectClose(force(r, 3), 22.5); // bottom chord 3-4
    expectClose(force(r, 5), -30); // top chord 6-7
    expectClose(force(r, 7), -37.5); // end post 1-6: carries R = 30 at slope 4/5, compression
    expectClose(force(r, 12), 12.5); // diagonal 6-3: shear in panel 2 = 30 - 20 = 10, /0.8
  });
});

describe('indeterminate', () => {
  it('three-bar truss: middle P/(1 + 2cos³α), sides P cos²α/(1 + 2cos³α)', async () => {
    const p = 100;
    const r = await solve(threeBar({ loads: [{ node: 4, fy: -p }] }));
    expectClose(force(r, 2), p / (1 + 2 * c3));
    expectClose(force(r, 1), (p * 0.5) / (1 + 2 * c3));
    expectClose(force(r, 3), (p * 0.5) / (1 + 2 * c3));
  });

  it('settlement of the middle support Δ: middle bar -EA Δ/L · 2c³/(1 + 2c³) (compatibility)', async () => {
    const delta = 0.005;
    const r = await solve(
      threeBar({
        supports: [
          { node: 1, type: 'pin' },
          { node: 2, type: 'pin', settlement: { y: -5 } },
          { node: 3, type: 'pin' },
        ],
      }),
    );
    expectClose(force(r, 2), ((-EA * delta) / 4) * ((2 * c3) / (1 + 2 * c3)));
  });

  it('lack of fit: the middle bar 5 mm short is stretched to EA δ/L · 2c³/(1 + 2c³)', async () => {
    const delta = 0.005;
    const r = await solve(threeBar({ fabricationErrors: [{ type: 'lack-of-fit', member: 2, deltaLength: -5 }] }));
    expectClose(force(r, 2), ((EA * delta) / 4) * ((2 * c3) / (1 + 2 * c3)));
    // the sides: F = EA c² u / L with u = -δ/(1 + 2c³) (the node rises)
    expectClose(force(r, 1), (-EA * 0.5 * delta) / (4 * (1 + 2 * c3)));
  });

  it('thermal strain: the middle bar heated 40 °C acts like a bar α ΔT L too long', async () => {
    const [alpha, dT] = [12e-6, 40];
    const lengthening = alpha * dT * 4;
    const r = await solve(threeBar({ fabricationErrors: [{ type: 'thermal', member: 2, alpha, deltaT: dT }] }));
    expectClose(force(r, 2), ((-EA * lengthening) / 4) * ((2 * c3) / (1 + 2 * c3)));
  });

  it('fabrication errors give no force in a determinate truss', async () => {
    const r = await solve(
      triangle({
        fabricationErrors: [
          { type: 'lack-of-fit', member: 1, deltaLength: 3 },
          { type: 'thermal', member: 2, alpha: 12e-6, deltaT: 30 },
        ],
        loads: [],
      }),
    );
    for (const m of r.memberForces) expect(Math.abs(m.force)).toBeLessThan(1e-9);
  });
});

describe('supports and load forms', () => {
  it('a roller rolling along 30° pushes along its normal (statics)', async () => {
    // moments about A: R_B · 8 · sin 60° = 10 · 4 -> R_B = 5/sin 60°; components (-R_B/2, R_B sin 60°)
    const r = await solve(
      triangle({
        supports: [
          { node: 10, type: 'pin' },
          { node: 20, type: 'roller', angle: 30 },
        ],
      }),
    );
    const rb = 5 / Math.sin(Math.PI / 3);
    expectClose(reaction(r, 20).horizontal, -rb / 2);
    expectClose(reaction(r, 20).vertical, 5);
    expectClose(reaction(r, 10).horizontal, rb / 2);
  });

  it('a polar load at 240°: fx = 10 cos 240°, fy = 10 sin 240° (statics)', async () => {
    // ΣFx: R_Ax = 5; moments about A: 8 R_By + 4(-5√3) - 3(-5) = 0
    const r = await solve(triangle({ loads: [{ node: 30, magnitude: 10, angle: 240 }] }));
    const rby = (20 * Math.sqrt(3) - 15) / 8;
    expectClose(reaction(r, 10).horizontal, 5);
    expectClose(reaction(r, 20).vertical, rby);
    expectClose(reaction(r, 10).vertical, 5 * Math.sqrt(3) - rby);
  });

  it('a roller settlement along its rolling direction does nothing and says so', async () => {
    const r = await solve(
      triangle({
        supports: [
          { node: 10, type: 'pin' },
          { node: 20, type: 'roller', settlement: { x: 4 } },
        ],
      }),
    );
    expectClose(force(r, 1), 20 / 3);
    expect(r.meta.warnings.join(' ')).toMatch(/20/);
  });

  it('sections resolve from the library: A = gross area, E = 200 GPa', async () => {
    // W14X90: A = 26.5 in² (AISC Shapes Database v15.0) = 17096.74 mm²; apex deflection 105/EA
    const r = await solve(triangle({ materials: [{ id: 1, section: 'W14X90' }] }));
    const ea = 200e6 * 26.5 * 0.0254 ** 2;
    expectClose(displacement(r, 30).dy, (-105 / ea) * 1000);
    const model = JSON.parse(
      (await import('node:zlib')).inflateRawSync(Buffer.from(new URL(r.links!.view).searchParams.get('model')!, 'base64url')).toString(),
    );
    expect(model.materials[0]).toMatchObject({ id: 1, section: 'W14X90', E: 200 });
    expectClose(model.materials[0].A, 26.5 * 25.4 ** 2);
  });
});

describe('imperial', () => {
  it('the triangle in ft and kip gives the same forces in kip', async () => {
    const r = await solve({ ...triangle(), units: 'imperial', materials: [{ id: 1, E: 29000, A: 2 }] });
    expectClose(force(r, 3), -25 / 3);
    expectClose(force(r, 1), 20 / 3);
    // δ = 105 kip.ft / EA, EA = 29000 ksi · 2 in² = 58000 kip -> in inches x 12
    expectClose(displacement(r, 30).dy, (-105 / 58000) * 12);
  });

  it('lack of fit in inches on the three-bar truss', async () => {
    // δ = 0.2 in, L = 4 ft = 48 in, EA = 29000·2 kip: F = EA δ / L · 2c³/(1 + 2c³)
    const r = await solve({
      ...threeBar({ fabricationErrors: [{ type: 'lack-of-fit', member: 2, deltaLength: -0.2 }] }),
      units: 'imperial',
      materials: [{ id: 1, E: 29000, A: 2 }],
    });
    expectClose(force(r, 2), ((58000 * 0.2) / 48) * ((2 * c3) / (1 + 2 * c3)));
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

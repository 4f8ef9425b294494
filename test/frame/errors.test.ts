/**
 * Frame requests that must be refused over POST /v1/frame/solve: each semantic rule as 400 invalid_input with
 * the path of the field to fix, schema bounds, and mechanisms (including one made by releases) as 422
 * unstable_structure naming the node, its coordinates and the direction it moves.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { PORTAL_FRAME, SIMPLE_BEAM, TRIANGLE_TRUSS } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const post = (body: unknown) =>
  request(app.callback())
    .post('/v1/frame/solve')
    .send(body as object);
const paths = (res: request.Response) => (res.body.issues as { path: string }[]).map((i) => i.path);
const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i + 1));

const PORTAL = PORTAL_FRAME;
const node = (id: number, x: number, y: number) => ({ id, x, y });

describe('400 invalid_input with the path of each semantic rule', () => {
  const cases: [string, unknown, string][] = [
    ['duplicate node id', { ...PORTAL, nodes: [...PORTAL.nodes, node(2, 9, 9)] }, 'nodes.4.id'],
    ['duplicate member id', { ...PORTAL, members: [...PORTAL.members, { id: 2, from: 1, to: 3 }] }, 'members.3.id'],
    ['duplicate material id', { ...PORTAL, materials: [...PORTAL.materials, { id: 1, E: 1, A: 1, I: 1 }] }, 'materials.1.id'],
    ['member from an unknown node', { ...PORTAL, members: [{ id: 1, from: 9, to: 2 }, ...PORTAL.members.slice(1)] }, 'members.0.from'],
    ['member to an unknown node', { ...PORTAL, members: [{ id: 1, from: 1, to: 9 }, ...PORTAL.members.slice(1)] }, 'members.0.to'],
    ['member from a node to itself', { ...PORTAL, members: [...PORTAL.members, { id: 4, from: 2, to: 2 }] }, 'members.3.to'],
    [
      'zero-length member',
      { ...PORTAL, nodes: [...PORTAL.nodes, node(5, 6, 4)], members: [...PORTAL.members, { id: 4, from: 3, to: 5 }] },
      'members.3',
    ],
    // a node mistyped 1e20 m away makes the scale 1e20 m: members up to 1e-9 of it (1e11 m) coincide to within rounding
    [
      'members that vanish beside a far node',
      { ...PORTAL, nodes: [...PORTAL.nodes, node(5, 1e20, 0)], members: [...PORTAL.members, { id: 4, from: 4, to: 5 }] },
      'members.1',
    ],
    // the frame engine's scale is at least 1 m: the 4e-10 m columns of a portal shrunk 1e10 times are below 1e-9 m
    ['members below a nanometre', { ...PORTAL, nodes: PORTAL.nodes.map((n) => node(n.id, n.x * 1e-10, n.y * 1e-10)) }, 'members.0'],
    [
      'unknown material',
      { ...PORTAL, members: [{ id: 1, from: 1, to: 2, material: 7 }, ...PORTAL.members.slice(1)] },
      'members.0.material',
    ],
    ['material without I or a section', { ...PORTAL, materials: [{ id: 1, E: 200, A: 5000 }] }, 'materials.0'],
    ['unknown section', { ...PORTAL, materials: [{ id: 1, section: 'W14X91' }] }, 'materials.0.section'],
    ['support on an unknown node', { ...PORTAL, supports: [...PORTAL.supports, { node: 8, type: 'pin' }] }, 'supports.2.node'],
    ['two supports on one node', { ...PORTAL, supports: [...PORTAL.supports, { node: 1, type: 'pin' }] }, 'supports.2.node'],
    [
      'a rotation imposed on a pin',
      { ...PORTAL, supports: [{ node: 1, type: 'pin', settlement: { rotation: 0.01 } }, PORTAL.supports[1]] },
      'supports.0.settlement.rotation',
    ],
    ['nodal load on an unknown node', { ...PORTAL, nodalLoads: [{ node: 99, fx: 1 }] }, 'nodalLoads.0.node'],
    [
      'member load on an unknown member',
      { ...PORTAL, memberLoads: [{ type: 'moment', member: 9, magnitude: 1, position: 1 }] },
      'memberLoads.0.member',
    ],
    ['udl with from = to', { ...PORTAL, memberLoads: [{ type: 'udl', member: 2, start: -1, from: 3, to: 3 }] }, 'memberLoads.0.to'],
    [
      'udl past the end of its member',
      { ...PORTAL, memberLoads: [{ type: 'udl', member: 2, start: -1, from: 0, to: 6.5 }] },
      'memberLoads.0.to',
    ],
    [
      'point load past the end',
      { ...PORTAL, memberLoads: [{ type: 'point', member: 1, magnitude: 1, position: 4.01 }] },
      'memberLoads.0.position',
    ],
    [
      'moment load past the end',
      { ...PORTAL, memberLoads: [{ type: 'moment', member: 3, magnitude: 1, position: 5 }] },
      'memberLoads.0.position',
    ],
    [
      'every member hinged at an unsupported joint',
      {
        ...PORTAL,
        members: [
          { id: 1, from: 1, to: 2, releases: { end: true } },
          { id: 2, from: 2, to: 3, releases: { start: true } },
          PORTAL.members[2],
        ],
      },
      'members.1.releases.start',
    ],
    ['a node no member reaches', { ...PORTAL, nodes: [...PORTAL.nodes, node(5, 10, 0)] }, 'nodes.4'],
    ['an unknown combination id', { ...PORTAL, combinations: { standard: 'AS1170', include: ['AS-NOPE'] } }, 'combinations.include.0'],
  ];
  it.each(cases)('%s', async (_name, body, path) => {
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(paths(res)).toContain(path);
  });
});

describe('400 invalid_input for the schema bounds', () => {
  const cases: [string, unknown, string][] = [
    ['one node', { ...PORTAL, nodes: [node(1, 0, 0)] }, 'nodes'],
    ['301 nodes', { ...PORTAL, nodes: many(301, (id) => node(id, id, 0)) }, 'nodes'],
    ['no members', { ...PORTAL, members: [] }, 'members'],
    ['1001 members', { ...PORTAL, members: many(1001, (id) => ({ id, from: 1, to: 2 })) }, 'members'],
    ['101 materials', { ...PORTAL, materials: many(101, (id) => ({ id, E: 200, A: 1, I: 1 })) }, 'materials'],
    ['no supports', { ...PORTAL, supports: [] }, 'supports'],
    ['101 supports', { ...PORTAL, supports: many(101, () => ({ node: 1, type: 'pin' })) }, 'supports'],
    ['501 nodal loads', { ...PORTAL, nodalLoads: many(501, () => ({ node: 2, fx: 1 })) }, 'nodalLoads'],
    [
      '501 member loads',
      { ...PORTAL, memberLoads: many(501, () => ({ type: 'point', member: 1, magnitude: 1, position: 1 })) },
      'memberLoads',
    ],
    ['a negative area', { ...PORTAL, materials: [{ id: 1, E: 200, A: -5, I: 1e8 }] }, 'materials.0.A'],
    [
      'an unknown load direction',
      { ...PORTAL, memberLoads: [{ type: 'point', member: 1, magnitude: 1, position: 1, direction: 'down' }] },
      'memberLoads.0.direction',
    ],
    ['a stray property', { ...PORTAL, loads: [] }, 'loads'],
  ];
  it.each(cases)('%s', async (_name, body, path) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(paths(res)).toContain(path);
  });
});

describe('a body meant for another structure', () => {
  it('sends a truss body to /v1/truss/solve and a beam body to /v1/beam/solve', async () => {
    const truss = await post(TRIANGLE_TRUSS);
    expect(truss.status).toBe(400);
    expect(truss.body.detail).toMatch(/looks like a truss request .*POST \/v1\/truss\/solve/);
    const beam = await post(SIMPLE_BEAM);
    expect(beam.status).toBe(400);
    expect(beam.body.detail).toMatch(/looks like a beam request .*POST \/v1\/beam\/solve/);
  });
});

describe('422 unstable_structure names the node, where it is and how it moves', () => {
  it('a beam on two rollers slides horizontally', async () => {
    const res = await post({
      nodes: [node(1, 0, 0), node(2, 5, 0)],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: PORTAL.materials,
      supports: [
        { node: 1, type: 'roller' },
        { node: 2, type: 'roller' },
      ],
      nodalLoads: [{ node: 2, fy: -1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unstable_structure');
    expect(res.body.detail).toMatch(/node (1 \(x = 0, y = 0 m\)|2 \(x = 5, y = 0 m\)) can move horizontally/);
    // decisions.md 15: the extension member names the node that moves and how, with the same hint
    const { node: moved, direction, hint } = res.body.mechanism as { node: number; direction: string; hint: string };
    expect([1, 2]).toContain(moved);
    expect(direction).toBe('horizontal');
    expect(hint).toBe(
      `Node ${moved} (x = ${moved === 1 ? 0 : 5}, y = 0 m) can move horizontally with nothing to resist it. Add a member or a support there, or make a released member end rigid.`,
    );
    expect(res.body.detail).toBe(`The frame is a mechanism: ${hint[0]!.toLowerCase()}${hint.slice(1)}`);
  });

  it('a portal on pins with both beam ends released sways (a mechanism made by releases)', async () => {
    const res = await post({
      ...PORTAL,
      members: [PORTAL.members[0], { id: 2, from: 2, to: 3, releases: { start: true, end: true } }, PORTAL.members[2]],
      supports: [
        { node: 1, type: 'pin' },
        { node: 4, type: 'pin' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unstable_structure');
    expect(res.body.detail).toMatch(
      /The frame is a mechanism: node \d \(x = \d, y = \d m\) can (move horizontally|move vertically|rotate)/,
    );
  });

  it('a part connected to no support, in feet for an imperial request', async () => {
    const res = await post({
      ...PORTAL,
      units: 'imperial',
      materials: [{ id: 1, E: 29000, A: 10, I: 300 }],
      nodes: [...PORTAL.nodes, node(5, 20, 0), node(6, 24, 0)],
      members: [...PORTAL.members, { id: 9, from: 5, to: 6 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/node (5|6) \(x = 2[04], y = 0 ft\)/);
    // the free part (nodes 5 and 6, one member) moves; the member names one of its nodes
    expect([5, 6]).toContain((res.body.mechanism as { node: number }).node);
    expect(['horizontal', 'vertical', 'rotation']).toContain((res.body.mechanism as { direction: string }).direction);
  });
});

/** Truss requests that must be refused, each with its code and an issues[] path a user can act on. */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { TRIANGLE_TRUSS } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const post = (body: unknown) =>
  request(app.callback())
    .post('/v1/truss/solve')
    .send(body as object);
const paths = (res: request.Response) => (res.body.issues as { path: string }[]).map((i) => i.path);

describe('400 invalid_input with paths', () => {
  const cases: [string, unknown, string][] = [
    ['one node', { ...TRIANGLE_TRUSS, nodes: [{ id: 1, x: 0, y: 0 }] }, 'nodes'],
    ['301 nodes', { ...TRIANGLE_TRUSS, nodes: Array.from({ length: 301 }, (_, i) => ({ id: i + 1, x: i, y: 0 })) }, 'nodes'],
    ['no members', { ...TRIANGLE_TRUSS, members: [] }, 'members'],
    ['101 materials', { ...TRIANGLE_TRUSS, materials: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, E: 1, A: 1 })) }, 'materials'],
    [
      'an id past 2^53 - 1',
      { ...TRIANGLE_TRUSS, nodes: [...TRIANGLE_TRUSS.nodes.slice(0, 2), { id: 9007199254740992, x: 4, y: 3 }] },
      'nodes.2.id',
    ],
    ['a fractional id', { ...TRIANGLE_TRUSS, members: [{ id: 1.5, from: 1, to: 2 }] }, 'members.0.id'],
    ['id zero', { ...TRIANGLE_TRUSS, nodes: [{ id: 0, x: 0, y: 0 }, ...TRIANGLE_TRUSS.nodes.slice(1)] }, 'nodes.0.id'],
    ['unknown support type', { ...TRIANGLE_TRUSS, supports: [{ node: 1, type: 'fixed' }] }, 'supports.0.type'],
    [
      'settlement with a stray key',
      { ...TRIANGLE_TRUSS, supports: [{ node: 1, type: 'pin', settlement: { z: 1 } }] },
      'supports.0.settlement.z',
    ],
    ['polar load without angle', { ...TRIANGLE_TRUSS, loads: [{ node: 3, magnitude: 10 }] }, 'loads.0.angle'],
    ['load with a stray key', { ...TRIANGLE_TRUSS, loads: [{ node: 3, fy: -10, fz: 1 }] }, 'loads.0.fz'],
    ['unknown fabrication type', { ...TRIANGLE_TRUSS, fabricationErrors: [{ type: 'creep', member: 1 }] }, 'fabricationErrors.0.type'],
    ['section name too long', { ...TRIANGLE_TRUSS, materials: [{ id: 1, section: 'x'.repeat(65) }] }, 'materials.0.section'],
    ['duplicate node id', { ...TRIANGLE_TRUSS, nodes: [...TRIANGLE_TRUSS.nodes, { id: 3, x: 1, y: 1 }] }, 'nodes.3.id'],
    ['duplicate member id', { ...TRIANGLE_TRUSS, members: [...TRIANGLE_TRUSS.members, { id: 3, from: 2, to: 1 }] }, 'members.3.id'],
    ['member to an unknown node', { ...TRIANGLE_TRUSS, members: [{ id: 1, from: 1, to: 9 }] }, 'members.0.to'],
    ['member to itself', { ...TRIANGLE_TRUSS, members: [{ id: 1, from: 1, to: 1 }] }, 'members.0.to'],
    [
      'zero-length member',
      {
        ...TRIANGLE_TRUSS,
        nodes: [...TRIANGLE_TRUSS.nodes, { id: 4, x: 0, y: 0 }],
        members: [...TRIANGLE_TRUSS.members, { id: 4, from: 1, to: 4 }],
      },
      'members.3',
    ],
    ['unknown material', { ...TRIANGLE_TRUSS, members: [{ id: 1, from: 1, to: 2, material: 7 }] }, 'members.0.material'],
    ['material without E and A or a section', { ...TRIANGLE_TRUSS, materials: [{ id: 1, E: 200 }] }, 'materials.0'],
    ['unknown section', { ...TRIANGLE_TRUSS, materials: [{ id: 1, section: 'W14X91' }] }, 'materials.0.section'],
    ['support on an unknown node', { ...TRIANGLE_TRUSS, supports: [{ node: 8, type: 'pin' }] }, 'supports.0.node'],
    [
      'two supports on one node',
      {
        ...TRIANGLE_TRUSS,
        supports: [
          { node: 1, type: 'pin' },
          { node: 1, type: 'roller' },
        ],
      },
      'supports.1.node',
    ],
    ['load on an unknown node', { ...TRIANGLE_TRUSS, loads: [{ node: 99, fy: -1 }] }, 'loads.0.node'],
    [
      'fabrication error on an unknown member',
      { ...TRIANGLE_TRUSS, fabricationErrors: [{ type: 'lack-of-fit', member: 9, deltaLength: 1 }] },
      'fabricationErrors.0.member',
    ],
  ];
  it.each(cases)('%s', async (_name, body, path) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(paths(res)).toContain(path);
  });

  it('members that vanish beside a far node are named, not left to the engine', async () => {
    // node 4 at x = 5e9 m (a mistyped coordinate) makes the model's scale 5e9 m; a member no longer than
    // 1e-9 of it, 1e-9 x 5e9 = 5 m, has ends that coincide to within rounding: both 5 m rafters
    // (members.1 and .2, hypot(4, 3) = 5) are named, the 8 m tie (members.0) is not
    const res = await post({
      ...TRIANGLE_TRUSS,
      nodes: [...TRIANGLE_TRUSS.nodes, { id: 4, x: 5e9, y: 0 }],
      members: [...TRIANGLE_TRUSS.members, { id: 4, from: 2, to: 4 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(paths(res)).toEqual(['members.1', 'members.2']);
    expect(res.body.issues[0].message).toMatch(/scale \(5000000000 m\), so nodes 1 and 3 coincide to within rounding/);
  });

  it('an unknown section suggests the nearest designations', async () => {
    const res = await post({ ...TRIANGLE_TRUSS, materials: [{ id: 1, section: 'W14X91' }] });
    expect(res.body.issues[0].message).toMatch(/Did you mean .*"W14X90"/);
  });
});

describe('422 unstable_structure names the node', () => {
  it('too few supports (one roller)', async () => {
    const res = await post({ ...TRIANGLE_TRUSS, supports: [{ node: 2, type: 'roller' }] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unstable_structure');
    expect(res.body.detail).toMatch(/node \d/);
  });

  it('a collinear node with no stiffness across it', async () => {
    // node 4 sits midway on a straight two-bar chain: nothing resists its vertical movement
    const res = await post({
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 4, x: 2, y: 0 },
        { id: 2, x: 4, y: 0 },
      ],
      members: [
        { id: 1, from: 1, to: 4 },
        { id: 2, from: 4, to: 2 },
      ],
      materials: [{ id: 1, E: 200, A: 1000 }],
      supports: [
        { node: 1, type: 'pin' },
        { node: 2, type: 'pin' },
      ],
      loads: [{ node: 4, fy: -1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/node 4 .*vertically/);
  });

  it('a part connected to no support', async () => {
    const res = await post({
      ...TRIANGLE_TRUSS,
      nodes: [...TRIANGLE_TRUSS.nodes, { id: 5, x: 20, y: 0 }, { id: 6, x: 24, y: 0 }],
      members: [...TRIANGLE_TRUSS.members, { id: 9, from: 5, to: 6 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/node (5|6)/);
  });
});

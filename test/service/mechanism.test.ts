/**
 * Issue 15, stumble 6: a mechanism's 422 names the place that moves and carries it as the `mechanism`
 * member {node?, position?, direction, hint} (decisions.md section 15).
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const span = (length: number, connection?: 'hinge') => ({ length, E: 200, I: 1e8, ...(connection && { connection }) });

async function unstable(path: string, body: object) {
  const res = await request(app.callback()).post(path).send(body);
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('unstable_structure');
  return res.body as { detail: string; mechanism: { node?: number; position?: number; direction: string; hint: string } };
}

describe('beam', () => {
  it('pin, hinge at 6 m, roller: names the hinge, not the pin', async () => {
    // pieces 0-6 and 6-10 each held at one end only: both turn and the hinge drops
    const body = await unstable('/v1/beam/solve', {
      spans: [span(6), span(4, 'hinge')],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 10 },
      ],
      loads: [{ type: 'point', magnitude: -10, position: 3 }],
    });
    expect(body.mechanism).toMatchObject({ position: 6, direction: 'vertical' });
    expect(body.mechanism.hint).toContain('The hinge at x = 6 m can move vertically');
    expect(body.detail).toContain('hinge at x = 6 m');
    expect(body.mechanism.node).toBeUndefined();
  });

  it('a hinge with an overhang beyond the roller still names the hinge (imperial: ft)', async () => {
    const body = await unstable('/v1/beam/solve', {
      units: 'imperial',
      spans: [
        { length: 10, E: 29000, I: 500 },
        { length: 10, E: 29000, I: 500, connection: 'hinge' },
      ],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 15 },
      ],
    });
    expect(body.mechanism).toMatchObject({ position: 10, direction: 'vertical' });
    expect(body.mechanism.hint).toContain('hinge at x = 10 ft');
  });

  it('one pin only: the far end moves as the beam turns about it', async () => {
    const body = await unstable('/v1/beam/solve', { spans: [span(6)], supports: [{ type: 'pin', position: 0 }] });
    expect(body.mechanism).toMatchObject({ position: 6, direction: 'vertical' });
    expect(body.mechanism.hint).toContain('The end at x = 6 m can move vertically');
  });
});

describe('truss', () => {
  it('a square frame of four bars with no diagonal sways: a top node moving horizontally', async () => {
    const body = await unstable('/v1/truss/solve', {
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 4, y: 0 },
        { id: 3, x: 4, y: 3 },
        { id: 4, x: 0, y: 3 },
      ],
      members: [
        { id: 1, from: 1, to: 2 },
        { id: 2, from: 2, to: 3 },
        { id: 3, from: 3, to: 4 },
        { id: 4, from: 4, to: 1 },
      ],
      materials: [{ id: 1, E: 200, A: 1000 }],
      supports: [
        { node: 1, type: 'pin' },
        { node: 2, type: 'roller' },
      ],
      loads: [{ node: 3, fx: 5 }],
    });
    expect([3, 4]).toContain(body.mechanism.node);
    expect(body.mechanism.direction).toBe('horizontal');
    expect(body.mechanism.hint).toMatch(new RegExp(`^Node ${body.mechanism.node} \\(x = \\d, y = 3 m\\) can move horizontally`));
    expect(body.detail).toContain(`node ${body.mechanism.node}`);
  });
});

/**
 * Validation answers a new user can act on (issue 15, stumble 7): a missing field is one issue, not two, and a
 * body sent to the wrong structure's endpoint says where it belongs instead of listing every field that
 * does not fit.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { TRIANGLE_TRUSS } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const beam = {
  spans: [{ length: 6, E: 200, I: 1e8 }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
};

describe('validation noise', () => {
  it('reports a missing field once', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send({ ...beam, spans: [{ E: 200, I: 1e8 }] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'spans.0.length', message: 'is required' }]);
  });

  it('sends a truss body posted to the beam route to /v1/truss/solve, with the top-level issues only', async () => {
    const res = await request(app.callback()).post('/v1/beam/solve').send(TRIANGLE_TRUSS);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/looks like a truss request .*POST \/v1\/truss\/solve/);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['materials', 'members', 'nodes', 'spans']);
  });

  it('sends a beam body posted to the truss diagram route to /v1/beam/diagram', async () => {
    const res = await request(app.callback())
      .post('/v1/truss/diagram')
      .send({ ...beam, view: 'results' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/looks like a beam request .*POST \/v1\/beam\/diagram/);
  });

  it('keeps every issue when the body is the right kind with mistakes', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send({ ...beam, spans: [{ length: -6, E: 200, I: 1e8 }] });
    expect(res.body.detail).toBe('The request failed validation.');
    expect(res.body.issues).toEqual([{ path: 'spans.0.length', message: expect.any(String) }]);
  });
});

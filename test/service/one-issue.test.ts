/**
 * One issue per problem (issue 36, defect 3; docs/api.md "A missing field is one issue"): a field missing from a
 * variant of a discriminated union (a beam `udl` without `to`) is "is required" alone, not also "expected number",
 * on every route whose body holds such a union.
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

const post = (path: string, body: unknown) =>
  request(app.callback())
    .post(path)
    .send(body as object);

describe('a missing field inside a union variant is one issue', () => {
  const cases: [string, string, unknown, string][] = [
    ['beam udl without to', '/v1/beam/solve', { ...SIMPLE_BEAM, loads: [{ type: 'udl', start: -10, from: 0 }] }, 'loads.0.to'],
    [
      'beam point load without position',
      '/v1/beam/solve',
      { ...SIMPLE_BEAM, loads: [{ type: 'point', magnitude: -10 }] },
      'loads.0.position',
    ],
    ['beam diagram udl without start', '/v1/beam/diagram', { ...SIMPLE_BEAM, loads: [{ type: 'udl', from: 0, to: 6 }] }, 'loads.0.start'],
    [
      'frame point load without magnitude',
      '/v1/frame/solve',
      { ...PORTAL_FRAME, memberLoads: [{ type: 'point', member: 2, position: 3 }] },
      'memberLoads.0.magnitude',
    ],
    ['truss load without node', '/v1/truss/solve', { ...TRIANGLE_TRUSS, loads: [{ fy: -10 }] }, 'loads.0.node'],
    ['circle without diameter', '/v1/section-properties', { shapes: [{ type: 'circle', x: 0, y: 0 }] }, 'shapes.0.diameter'],
  ];
  for (const [name, path, body, at] of cases) {
    it(name, async () => {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: at, message: 'is required' }]);
    });
  }
});

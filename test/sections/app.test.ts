/**
 * The library routes as the service serves them: through createApp, with its problem+json middleware,
 * X-Engine-Version on every answer, and 405 for other methods.
 */
import { join, resolve } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { createApp } from '../../ts/server/app.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';

// The library routes never reach the engine; this stand-in only carries the version string.
const engine: Engine = {
  version: '0.0.0+sectionstest0',
  solveFrame: () => {
    throw new Error('the section routes must not call the engine');
  },
  solveTruss: () => {
    throw new Error('the section routes must not call the engine');
  },
  analyseBeam: () => {
    throw new Error('the section routes must not call the engine');
  },
  reset: () => {
    throw new Error('the section routes must not call the engine');
  },
  memoryBytes: () => {
    throw new Error('the section routes must not call the engine');
  },
  linkDeflater: () => {
    throw new Error('the section routes must not call the engine');
  },
  sectionProperties: () => {
    throw new Error('the section routes must not call the engine');
  },
};
const library = loadSectionLibrary(join(resolve(import.meta.dirname, '..', '..'), 'data', 'sections'));
const server = createApp({ engine, sections: library }).callback();

describe('section routes in the service', () => {
  it('serves a record with X-Engine-Version and an ETag, and 304 on a matching If-None-Match', async () => {
    const res = await request(server).get('/v1/sections/IPE300').expect(200);
    expect(res.headers['x-engine-version']).toBe(engine.version);
    // IPE300: A 53.81 cm2 = 5381 mm2 (eurocodepy, ArcelorMittal values).
    expect(res.body.si.A).toBe(5381);
    const again = await request(server)
      .get('/v1/sections/IPE300')
      .set('If-None-Match', res.headers.etag as string)
      .expect(304);
    expect(again.headers['x-engine-version']).toBe(engine.version);
    expect(again.text).toBe('');
  });

  it('renders 404 and 400 as problem+json with the service type URI', async () => {
    const missing = await request(server).get('/v1/sections/IPE301').expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.headers['x-engine-version']).toBe(engine.version);
    expect(missing.body).toMatchObject({
      type: 'http://localhost:3000/problems/not_found',
      title: 'Not found',
      status: 404,
      code: 'not_found',
    });
    expect(missing.body.detail).toMatch(/^No section named "IPE301"\. Did you mean "IPE300"/);
    const bad = await request(server).get('/v1/sections?limit=0').expect(400);
    expect(bad.body).toMatchObject({ code: 'invalid_input', issues: [{ path: 'query.limit' }] });
  });

  it('answers 405 with Allow for other methods on the library paths', async () => {
    for (const path of ['/v1/standards', '/v1/sections', '/v1/sections/IPE300']) {
      const res = await request(server).post(path).send({}).expect(405);
      expect(res.headers.allow, path).toMatch(/GET/);
      expect(res.body.code).toBe('method_not_allowed');
    }
  });

  it('lists the standards', async () => {
    const res = await request(server).get('/v1/standards').expect(200);
    expect(res.body.total).toBe(3785);
  });
});

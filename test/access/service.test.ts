/**
 * Access control inside the real service (createApp, the WASM engine, the section library): the
 * counting rules of decisions.md section 10 met by the service's own body limit, router and errors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueKey } from '../../ts/keys/issue.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { testApp } from '../support/app.js';
import { manualClock } from './app.js';

// A simply supported 4 m span with a 10 kN point load at midspan: a model every build solves.
const BEAM = {
  spans: [{ length: 4, E: 200, I: 1e8 }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 4 },
  ],
  loads: [{ type: 'point', magnitude: -10, position: 2 }],
};

let dir: string;
let keys: SqliteKeyStore;
let clock: ReturnType<typeof manualClock>;
let app: ReturnType<Koa['callback']>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-service-access-'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
});
afterAll(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  clock = manualClock('2025-03-10T12:00:00Z');
  app = (await testApp({ access: { keys, counters: new MemoryCounterStore(), clock: clock.now } })).callback();
});

const remaining = (res: request.Response) => res.headers['x-ratelimit-remaining'];

describe('the service with access control', () => {
  it('counts a solve and says so in the headers, beside X-Engine-Version', async () => {
    const res = await request(app).post('/v1/beam/solve').send(BEAM);
    expect(res.status).toBe(200);
    expect(res.headers['x-engine-version']).toBeTruthy();
    // Anonymous day cap 30 (spec table): 29 left after the first request.
    expect(res.headers['x-ratelimit-window']).toBe('day');
    expect(res.headers['x-ratelimit-limit']).toBe('30');
    expect(remaining(res)).toBe('29');
  });

  it('counts a 400 (schema and content type) with the headers on the problem', async () => {
    const invalid = await request(app).post('/v1/beam/solve').send({ spans: [] });
    expect(invalid.status).toBe(400);
    expect(remaining(invalid)).toBe('29');
    const notJson = await request(app).post('/v1/beam/solve').set('Content-Type', 'text/plain').send('spans');
    expect(notJson.status).toBe(400);
    expect(remaining(notJson)).toBe('28');
  });

  it('does not count a 413, a 405 or an unknown path', async () => {
    // One byte over the 102,400-byte body limit of interface-spec.md.
    const tooLarge = await request(app)
      .post('/v1/beam/solve')
      .set('Content-Type', 'application/json')
      .send(`{"pad":"${'x'.repeat(102_400 - 10 + 1)}"}`);
    expect(tooLarge.status).toBe(413);
    expect(remaining(tooLarge)).toBeUndefined();
    expect((await request(app).get('/v1/beam/solve')).status).toBe(405);
    expect((await request(app).post('/v1/beam/unknown').send(BEAM)).status).toBe(404);
    expect(remaining(await request(app).post('/v1/beam/solve').send(BEAM))).toBe('29');
  });

  it('counts library lookups, a did-you-mean 404 included, and not health', async () => {
    const found = await request(app).get('/v1/sections/W14X90');
    expect(found.status).toBe(200);
    expect(remaining(found)).toBe('29');
    const missing = await request(app).get('/v1/sections/W14X91');
    expect(missing.status).toBe(404);
    expect(remaining(missing)).toBe('28');
    const health = await request(app).get('/v1/health');
    expect(health.status).toBe(200);
    expect(remaining(health)).toBeUndefined();
    expect(remaining(await request(app).get('/v1/standards'))).toBe('27');
  });

  it('answers the eleventh request in a minute with 429 problem+json and Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await request(app).post('/v1/beam/solve').send(BEAM)).status).toBe(200);
    clock.set('2025-03-10T12:00:40Z');
    const res = await request(app).post('/v1/beam/solve').send(BEAM);
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.headers['x-engine-version']).toBeTruthy();
    expect(res.body).toMatchObject({ code: 'rate_limited', type: 'http://localhost:3000/problems/rate_limited' });
    expect(res.headers['x-ratelimit-window']).toBe('burst');
    // 12:00:40 -> 12:01:00 = 20 s.
    expect(res.headers['retry-after']).toBe('20');
  });

  it('serves a key on its tier and refuses a bad one with 401', async () => {
    const { key } = await issueKey(keys, { tier: 'pro', contact: 'svc@example.org' }, clock.now());
    const ok = await request(app).post('/v1/beam/solve').set('Authorization', `Bearer ${key}`).send(BEAM);
    expect(ok.status).toBe(200);
    // Pro month cap 50,000 (spec table).
    expect(ok.headers['x-ratelimit-window']).toBe('month');
    expect(ok.headers['x-ratelimit-limit']).toBe('50000');
    expect(remaining(ok)).toBe('49999');
    const bad = await request(app).post('/v1/beam/solve').set('Authorization', 'Token abc').send(BEAM);
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('unauthorized');
    expect(bad.headers['x-engine-version']).toBeTruthy();
  });
});

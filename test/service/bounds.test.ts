/**
 * Issue 12, defects 2, 4 and 5 over HTTP against the whole service (createApp with access control):
 * a designation's length is bounded before any search; a POST to a GET-only path is 405 with Allow and
 * uncounted; string bounds count characters (code points), not UTF-16 units.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { testApp } from '../support/app.js';
import { SIMPLE_BEAM, TRIANGLE_TRUSS } from '../support/models.js';

// One emoji is one character (code point) and two UTF-16 units.
const emoji = (n: number) => '\u{1F3D7}'.repeat(n);

let dir: string;
let keys: SqliteKeyStore;
let app: ReturnType<Koa['callback']>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-bounds-'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
});
afterAll(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  app = (await testApp({ access: { keys, counters: new MemoryCounterStore() } })).callback();
});

const remaining = (res: request.Response) => res.headers['x-ratelimit-remaining'];

describe('a section name is bounded before any search (defect 2)', () => {
  it('refuses a name over 64 characters with 400 at `name`, whatever its length', async () => {
    for (const length of [65, 8_000, 16_000]) {
      const res = await request(app).get(`/v1/sections/${'X'.repeat(length)}`);
      expect(res.status, String(length)).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'name', message: 'must be at most 64 characters' }]);
    }
  });

  it('answers a 64-character miss with a plain 404 (nothing is within reach of it)', async () => {
    const res = await request(app).get(`/v1/sections/${'W14X'.repeat(16)}`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`No section named "${'W14X'.repeat(16)}".`);
  });

  it('still suggests near designations for a typo', async () => {
    const res = await request(app).get('/v1/sections/IPE301');
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/^No section named "IPE301"\. Did you mean "IPE300"/);
  });
});

describe('a POST to a GET-only path (defect 4)', () => {
  it('is 405 with Allow, read no body and counted nothing', async () => {
    for (const path of ['/v1/health', '/v1/standards', '/v1/sections/W14X90', '/v1/sections']) {
      const res = await request(app).post(path).set('Content-Type', 'text/plain').send('not json');
      expect(res.status, path).toBe(405);
      expect(res.body.code).toBe('method_not_allowed');
      // HEAD only where the route is not counted (issue 31: a HEAD would spend a count on an empty answer)
      expect(res.headers.allow?.split(', ').sort(), path).toEqual(path === '/v1/health' ? ['GET', 'HEAD'] : ['GET']);
      expect(remaining(res), path).toBeUndefined();
    }
    // Anonymous day cap 30 (spec table): this is the first counted request.
    expect(remaining(await request(app).get('/v1/standards'))).toBe('29');
  });

  it('is 405 for GET on a POST-only path and on /mcp too', async () => {
    for (const path of ['/v1/beam/solve', '/v1/truss/diagram', '/mcp']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(405);
      expect(res.headers.allow, path).toBe('POST');
    }
  });
});

describe('string bounds count characters (defect 5)', () => {
  it('looks up a 33-emoji designation (33 characters, limit 64): a miss, not a length refusal', async () => {
    expect((await request(app).get(`/v1/sections/${encodeURIComponent(emoji(33))}`)).status).toBe(404);
    expect((await request(app).get(`/v1/sections/${encodeURIComponent(emoji(64))}`)).status).toBe(404);
    const over = await request(app).get(`/v1/sections/${encodeURIComponent(emoji(65))}`);
    expect(over.status).toBe(400);
    expect(over.body.issues).toEqual([{ path: 'name', message: 'must be at most 64 characters' }]);
  });

  it('takes a truss material section of 33 emoji as a name to look up', async () => {
    const truss = { ...TRIANGLE_TRUSS, materials: [{ id: 1, section: emoji(33) }] };
    const res = await request(app).post('/v1/truss/solve').send(truss);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'materials.0.section', message: `No section named "${emoji(33)}".` }]);
  });

  it('accepts a combination name of 60 emoji and refuses 61', async () => {
    const named = (name: string) => ({
      ...SIMPLE_BEAM,
      combinations: { standard: 'custom', custom: [{ name, kind: 'ULS', factors: { G: 1.35 } }] },
    });
    expect(
      (
        await request(app)
          .post('/v1/beam/solve')
          .send(named(emoji(60)))
      ).status,
    ).toBe(200);
    const over = await request(app)
      .post('/v1/beam/solve')
      .send(named(emoji(61)));
    expect(over.status).toBe(400);
    expect(over.body.issues).toEqual([{ path: 'combinations.custom.0.name', message: 'must be at most 60 characters' }]);
  });
});

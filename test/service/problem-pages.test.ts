/**
 * Issue 15, stumble 2: every problem `type` URI (`<PUBLIC_BASE_URL>/problems/<code>`) answers a short
 * HTML page saying what the code means and how to fix the request (decisions.md section 15). The pages
 * are not counted; an unknown code is a 404 problem.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { TIERS } from '../../ts/limits/tiers.js';
import { problemStatus, problemTitle, type ProblemCode } from '../../ts/problem/index.js';
import { problemExplanation } from '../../ts/problem/pages.js';
import { testApp } from '../support/app.js';

const CODES = Object.keys(problemStatus) as ProblemCode[];
let dir: string;
let keys: SqliteKeyStore;
let app: Koa;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-problems-'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  // a day cap of 1: a second counted request would be refused
  const tiers = { ...TIERS, anonymous: { burst: 1000, day: 1, month: 1000 } };
  app = await testApp({ access: { keys, counters: new MemoryCounterStore(), tiers } });
});
afterAll(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('problem pages', () => {
  it('has a page for every code, with its title, meaning and fix', async () => {
    expect(CODES).toHaveLength(11);
    for (const code of CODES) {
      const res = await request(app.callback()).get(`/problems/${code}`);
      expect(res.status, code).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-ratelimit-limit'], 'not counted').toBeUndefined();
      expect(res.text).toMatch(/^<!doctype html>/);
      expect(res.text).toContain(`<h1>${problemTitle[code]} (${problemStatus[code]} ${code})</h1>`);
      expect(res.text).toContain('What it means');
      expect(res.text).toContain('How to fix the request');
      expect(res.text).toContain(`<li>${problemExplanation[code].fix[0]!.replaceAll('"', '&quot;')}</li>`);
    }
  });

  it('is the page a problem type names', async () => {
    const res = await request(app.callback()).get('/v1/nowhere');
    expect(res.status).toBe(404);
    const type = new URL(res.body.type as string);
    const page = await request(app.callback()).get(type.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Not found (404 not_found)');
  });

  it('answers 404 not_found for an unknown code', async () => {
    const res = await request(app.callback()).get('/problems/no_such_code');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'not_found' });
    expect(res.body.detail).toContain('invalid_input');
  });
});

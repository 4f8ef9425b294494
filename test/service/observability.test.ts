/**
 * What operators see (issue 36, defect 7; docs/operations.md): one JSON access-log line per request (method,
 * route, path, status, time, tier, key id, never the key), and a Prometheus `/metrics` that is open, not
 * counted against any limit, and not counting its own scrapes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../ts/keys/issue.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { createLogger, logSettingsFromEnv } from '../../ts/server/logger.js';
import { testApp } from '../support/app.js';
import { SIMPLE_BEAM } from '../support/models.js';

let dir: string;
let keys: SqliteKeyStore;
let app: ReturnType<import('koa')['callback']>;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-observability-'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  const logger = createLogger({ level: 'info', format: 'json' }, { write: (line: string) => void lines.push(line) });
  app = (await testApp({ access: { keys, counters: new MemoryCounterStore() }, logger })).callback();
});
afterAll(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

type Line = {
  level: number;
  msg: string;
  method: string;
  route: string | null;
  path: string;
  status: number;
  ms: number;
  tier: string | null;
  keyId: string | null;
};
const logged = () => lines.map((l) => JSON.parse(l) as Line);

describe('the access log', () => {
  it('writes one JSON line per request, with the tier and key id of a keyed caller and never the key', async () => {
    const { key, record } = await issueKey(keys, { tier: 'pro', contact: 'ops@example.org' }, new Date());
    lines.length = 0;
    await request(app).post('/v1/beam/solve').set('Authorization', `Bearer ${key}`).send(SIMPLE_BEAM).expect(200);
    await request(app).post('/v1/beam/solve').send({ spans: [] }).expect(400);
    await request(app).get('/v1/sections/IPE300').expect(200);
    await request(app).get('/v1/nowhere').expect(404);
    await request(app).get('/v1/health').expect(200);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).not.toContain(key);
    const [keyed, invalid, section, missing, health] = logged();
    expect(keyed).toMatchObject({ msg: 'request', method: 'POST', route: '/v1/beam/solve', status: 200, tier: 'pro', keyId: record.id });
    expect(keyed!.ms).toBeGreaterThan(0);
    expect(invalid).toMatchObject({ route: '/v1/beam/solve', status: 400, tier: 'anonymous', keyId: null });
    expect(section).toMatchObject({ method: 'GET', route: '/v1/sections/{name}', path: '/v1/sections/IPE300', status: 200 });
    expect(missing).toMatchObject({ route: null, path: '/v1/nowhere', status: 404, tier: null });
    expect(health).toMatchObject({ route: '/v1/health', status: 200, tier: null });
  });

  it('reads its level and format from LOG_LEVEL and LOG_FORMAT, and refuses a mistyped one', () => {
    expect(logSettingsFromEnv({})).toEqual({ level: 'info', format: 'json' });
    expect(logSettingsFromEnv({ LOG_LEVEL: 'WARN', LOG_FORMAT: 'pretty' })).toEqual({ level: 'warn', format: 'pretty' });
    expect(() => logSettingsFromEnv({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL=verbose is not one of trace, debug, info');
    expect(() => logSettingsFromEnv({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT=xml is not one of json, pretty');
  });

  it('at LOG_LEVEL=warn writes no request lines', async () => {
    const quiet: string[] = [];
    const logger = createLogger({ level: 'warn', format: 'json' }, { write: (line: string) => void quiet.push(line) });
    const silent = (await testApp({ logger })).callback();
    await request(silent).get('/v1/health').expect(200);
    expect(quiet).toEqual([]);
  });
});

describe('/metrics', () => {
  it('counts requests by route and status, times solves by kind, reports the store, and is not rate limited', async () => {
    await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM).expect(200);
    const scrape = async () => {
      const res = await request(app).get('/metrics').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      // open and uncounted: no rate-limit headers
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
      return res.text;
    };
    const text = await scrape();
    expect(text).toMatch(/^spanwise_http_requests_total\{method="POST",route="\/v1\/beam\/solve",status="200"\} [1-9]/m);
    expect(text).toMatch(/^spanwise_http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).toMatch(/^spanwise_http_request_duration_seconds_count\{method="POST",route="\/v1\/beam\/solve",status="200"\} [1-9]/m);
    expect(text).toMatch(/^spanwise_solve_duration_seconds_count\{kind="beam"\} [1-9]/m);
    expect(text).toMatch(/^spanwise_counter_store_up 1$/m);
    expect(text).toMatch(/^spanwise_process_cpu_user_seconds_total /m);
    // the scrapes count nowhere: not in the metrics, and not against the anonymous caller's 10 a minute
    for (let i = 0; i < 12; i++) await scrape();
    expect(await scrape()).not.toContain('route="/metrics"');
  });

  it('counts each 429 by the window that was full', async () => {
    const limited = (await testApp({ access: { keys, counters: new MemoryCounterStore() } })).callback();
    // the anonymous burst cap is 10 a minute (docs/operations.md, tiers): the 11th solve is refused
    for (let i = 0; i < 10; i++) await request(limited).get('/v1/sections/IPE300').expect(200);
    const refused = await request(limited).get('/v1/sections/IPE300');
    expect(refused.status).toBe(429);
    const text = (await request(limited).get('/metrics')).text;
    expect(text).toMatch(new RegExp(`^spanwise_rate_limited_total\\{window="${refused.headers['x-ratelimit-window']}"\\} 1$`, 'm'));
  });
});

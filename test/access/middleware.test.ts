import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueKey } from '../../ts/keys/issue.js';
import { hashKey } from '../../ts/keys/key.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { clientAddress, keepsCount, normaliseAddress, storesFromEnv, trustProxyFromEnv } from '../../ts/server/middleware/access.js';
import { accessTestApp, manualClock } from './app.js';

let dir: string;
let keys: SqliteKeyStore;
let clock: ReturnType<typeof manualClock>;

function server(trustProxy = 0) {
  return accessTestApp({ keys, counters: new MemoryCounterStore(), clock: clock.now, trustProxy }).callback();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-access-'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  clock = manualClock('2025-03-10T12:00:00Z');
});
afterEach(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('counted responses', () => {
  it('carry the most constraining window of an anonymous caller: the day', async () => {
    const res = await request(server()).get('/v1/standards');
    expect(res.status).toBe(200);
    // Counted by address; supertest connects over IPv4 loopback.
    expect(res.body.caller).toEqual({ tier: 'anonymous', identity: 'anon:127.0.0.1' });
    // Anonymous: day cap 30, month cap 300 (spec table); after one request 29 of the day remain.
    expect(res.headers['x-ratelimit-window']).toBe('day');
    expect(res.headers['x-ratelimit-limit']).toBe('30');
    expect(res.headers['x-ratelimit-remaining']).toBe('29');
  });

  it('count 400 and 422 responses and carry the headers on them', async () => {
    const app = server();
    const invalid = await request(app).post('/v1/beam/solve?fail=400');
    expect(invalid.status).toBe(400);
    expect(invalid.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(invalid.headers['x-ratelimit-remaining']).toBe('29');
    const unstable = await request(app).post('/v1/beam/solve?fail=422');
    expect(unstable.status).toBe(422);
    expect(unstable.headers['x-ratelimit-remaining']).toBe('28');
    // A section lookup that finds nothing was answered: it counts too.
    const missing = await request(app).get('/v1/sections/IPE301');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-ratelimit-remaining']).toBe('27');
  });

  it('do not count 413, 5xx or a route that does not exist', async () => {
    const app = server();
    const tooLarge = await request(app).post('/v1/beam/solve?fail=413');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['x-ratelimit-remaining']).toBeUndefined();
    expect((await request(app).post('/v1/beam/solve?fail=500')).status).toBe(500);
    expect((await request(app).post('/v1/beam/nothing-here')).status).toBe(404);
    // None of the three counted: the next request is the first, 29 of 30 left.
    expect((await request(app).get('/v1/standards')).headers['x-ratelimit-remaining']).toBe('29');
  });

  it('leave health and uncounted paths alone', async () => {
    const app = server();
    for (let i = 0; i < 12; i++) {
      const res = await request(app).get('/v1/health');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await request(app).get('/v1/standards')).headers['x-ratelimit-remaining']).toBe('29');
  });
});

describe('429 rate_limited', () => {
  it('names the burst window, with Retry-After to the next minute', async () => {
    const app = server();
    for (let i = 0; i < 10; i++) expect((await request(app).get('/v1/standards')).status).toBe(200);
    clock.set('2025-03-10T12:00:45.200Z');
    const res = await request(app).get('/v1/standards');
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'rate_limited', status: 429, title: 'Too many requests' });
    expect(res.body.detail).toContain('burst');
    expect(res.headers['x-ratelimit-window']).toBe('burst');
    // 12:00:45.200 -> 12:01:00 is 14.8 s, rounded up to 15; the anonymous burst cap is 10.
    expect(res.headers['retry-after']).toBe('15');
    expect(res.headers['x-ratelimit-limit']).toBe('10');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    clock.set('2025-03-10T12:01:00Z');
    expect((await request(app).get('/v1/standards')).status).toBe(200);
  });

  it('names the day window at 23:59:30 UTC with Retry-After 30', async () => {
    const app = server();
    // 10 per minute at 23:56, 23:57, 23:58 fills the day's 30 without touching the burst cap.
    for (const minute of ['56', '57', '58']) {
      clock.set(`2025-03-10T23:${minute}:00Z`);
      for (let i = 0; i < 10; i++) expect((await request(app).get('/v1/standards')).status).toBe(200);
    }
    clock.set('2025-03-10T23:59:30Z');
    const res = await request(app).post('/v1/beam/solve');
    expect(res.status).toBe(429);
    expect(res.body.detail).toContain('day');
    expect(res.headers['x-ratelimit-window']).toBe('day');
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['x-ratelimit-limit']).toBe('30');
    clock.set('2025-03-11T00:00:00Z');
    expect((await request(app).get('/v1/standards')).status).toBe(200);
  });

  it('names the month window, with Retry-After to the 1st', async () => {
    const app = server();
    // 30 a day (10 a minute) on 1..10 March: 300, the anonymous month cap.
    for (let day = 1; day <= 10; day++) {
      for (const minute of ['00', '01', '02']) {
        clock.set(`2025-03-${String(day).padStart(2, '0')}T08:${minute}:00Z`);
        for (let i = 0; i < 10; i++) expect((await request(app).get('/v1/standards')).status).toBe(200);
      }
    }
    clock.set('2025-03-31T23:59:30Z');
    const res = await request(app).get('/v1/sections/IPE300');
    expect(res.status).toBe(429);
    expect(res.body.detail).toContain('month');
    expect(res.headers['x-ratelimit-window']).toBe('month');
    // 31 Mar 23:59:30 -> 1 Apr 00:00:00 UTC.
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['x-ratelimit-limit']).toBe('300');
  });

  it('is not counted itself', async () => {
    const app = server();
    for (let i = 0; i < 10; i++) await request(app).get('/v1/standards');
    for (let i = 0; i < 5; i++) expect((await request(app).get('/v1/standards')).status).toBe(429);
    // Next minute: 10 counted, the 5 refused did not count, so the day has 30 - 10 - 1 = 19 left.
    clock.set('2025-03-10T12:01:00Z');
    expect((await request(app).get('/v1/standards')).headers['x-ratelimit-remaining']).toBe('19');
  });

  it('lets exactly the cap through under concurrent requests', async () => {
    const app = server();
    const statuses = await Promise.all(
      Array.from({ length: 25 }, () =>
        request(app)
          .get('/v1/standards')
          .then((r) => r.status),
      ),
    );
    // Anonymous burst cap: 10.
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('authentication', () => {
  it('serves a live key on its tier, counted per key', async () => {
    const app = server();
    const { key, record } = await issueKey(keys, { tier: 'student', contact: 's@example.org' }, clock.now());
    const res = await request(app).get('/v1/standards').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    expect(res.body.caller).toEqual({ tier: 'student', identity: `key:${record.id}`, keyId: record.id });
    // Student: month cap 2,000 and no day cap (spec table).
    expect(res.headers['x-ratelimit-window']).toBe('month');
    expect(res.headers['x-ratelimit-limit']).toBe('2000');
    expect(res.headers['x-ratelimit-remaining']).toBe('1999');
    // The scheme name is case-insensitive (RFC 9110 section 11.1).
    const lower = await request(app).get('/v1/standards').set('Authorization', `bearer ${key}`);
    expect(lower.headers['x-ratelimit-remaining']).toBe('1998');
    // The same address without a key is a different caller.
    expect((await request(app).get('/v1/standards')).headers['x-ratelimit-remaining']).toBe('29');
  });

  it("lets a keyed caller past the anonymous burst cap, up to the tier's own", async () => {
    const app = server();
    const { key } = await issueKey(keys, { tier: 'student', contact: 's@example.org' }, clock.now());
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await request(app).get('/v1/standards').set('Authorization', `Bearer ${key}`)).status);
    }
    // Student burst cap: 60 per minute.
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it.each([
    ['an unknown key', () => `Bearer sw_live_${'A'.repeat(32)}`, 'not recognised'],
    ['a malformed key', () => 'Bearer sw_live_short', 'malformed'],
    ['a bearer with no key', () => 'Bearer', 'malformed'],
    ['an empty header', () => '', 'Bearer scheme'],
    ['the Basic scheme', () => 'Basic dXNlcjpwYXNz', 'Bearer scheme'],
    ['a bare key with no scheme', () => `sw_live_${'A'.repeat(32)}`, 'Bearer scheme'],
  ])('refuses %s with 401 unauthorized, uncounted', async (_name, header, phrase) => {
    const app = server();
    const res = await request(app).post('/v1/beam/solve').set('Authorization', header());
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'unauthorized', status: 401, title: 'Unauthorized' });
    expect(res.body.detail).toContain(phrase);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await request(app).get('/v1/standards')).headers['x-ratelimit-remaining']).toBe('29');
  });

  it('refuses a revoked key with 401', async () => {
    const app = server();
    const { key, record } = await issueKey(keys, { tier: 'pro', contact: 'p@example.org' }, clock.now());
    expect((await request(app).get('/v1/standards').set('Authorization', `Bearer ${key}`)).status).toBe(200);
    await keys.revoke(record.id, clock.now());
    const res = await request(app).get('/v1/standards').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain('revoked');
  });

  it('ignores the Authorization header on paths that need none', async () => {
    const res = await request(server()).get('/v1/health').set('Authorization', 'Basic dXNlcjpwYXNz');
    expect(res.status).toBe(200);
  });
});

describe('MCP counting', () => {
  it('counts tools/call through ctx.state.countCall, and nothing else on /mcp', async () => {
    const app = server();
    for (let i = 0; i < 12; i++) {
      const res = await request(app).post('/mcp?method=tools/list');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    for (let i = 0; i < 10; i++) {
      const res = await request(app).post('/mcp?method=tools/call');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(29 - i));
    }
    // The 11th call in the minute is over the anonymous burst cap of 10.
    const refused = await request(app).post('/mcp?method=tools/call');
    expect(refused.status).toBe(429);
    expect(refused.headers['x-ratelimit-window']).toBe('burst');
  });

  it('authenticates /mcp with the same bearer keys', async () => {
    const res = await request(server()).post('/mcp?method=tools/list').set('Authorization', 'Bearer nope');
    expect(res.status).toBe(401);
  });
});

describe('client address', () => {
  it('counts anonymous callers by X-Forwarded-For only behind a trusted proxy', async () => {
    const proxied = server(1);
    for (let i = 0; i < 10; i++) await request(proxied).get('/v1/standards').set('X-Forwarded-For', '198.51.100.1');
    expect((await request(proxied).get('/v1/standards').set('X-Forwarded-For', '198.51.100.1')).status).toBe(429);
    expect((await request(proxied).get('/v1/standards').set('X-Forwarded-For', '198.51.100.2')).status).toBe(200);

    const direct = server(0);
    for (let i = 0; i < 10; i++) await request(direct).get('/v1/standards').set('X-Forwarded-For', `198.51.100.${i}`);
    // Without TRUST_PROXY the header is the client's own claim: all ten came from one socket address.
    expect((await request(direct).get('/v1/standards').set('X-Forwarded-For', '198.51.100.99')).status).toBe(429);
  });

  it('takes the hops-th address from the right of X-Forwarded-For', () => {
    const chain = '192.0.2.1, 198.51.100.7, 203.0.113.9';
    expect(clientAddress('10.0.0.1', chain, 0)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', chain, 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.1', chain, 2)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.1', chain, 5)).toBe('192.0.2.1');
    expect(clientAddress('10.0.0.1', '', 1)).toBe('10.0.0.1');
  });

  it('folds IPv4-mapped addresses to IPv4 and IPv6 to its /64', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(normaliseAddress('2001:db8:1:2:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(normaliseAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normaliseAddress('::1')).toBe('0:0:0:0::/64');
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads TRUST_PROXY', () => {
    expect(trustProxyFromEnv({})).toBe(0);
    expect(trustProxyFromEnv({ TRUST_PROXY: '0' })).toBe(0);
    expect(trustProxyFromEnv({ TRUST_PROXY: '1' })).toBe(1);
    expect(trustProxyFromEnv({ TRUST_PROXY: 'true' })).toBe(1);
    expect(trustProxyFromEnv({ TRUST_PROXY: '2' })).toBe(2);
    expect(trustProxyFromEnv({ TRUST_PROXY: 'no' })).toBe(0);
  });
});

describe('counting rules', () => {
  it.each([
    [200, '/v1/beam/solve', true],
    [400, '/v1/beam/solve', true],
    [422, '/v1/truss/solve', true],
    [404, '/v1/sections/W14X91', true],
    [401, '/v1/beam/solve', false],
    [405, '/v1/beam/solve', false],
    [413, '/v1/beam/solve', false],
    [429, '/v1/beam/solve', false],
    [500, '/v1/beam/solve', false],
    [503, '/v1/beam/solve', false],
  ])('status %i on %s (a route that matched) counts: %s', (status, _path, counts) => {
    expect(keepsCount(status)).toBe(counts);
  });
});

describe('stores from the environment', () => {
  it('without REDIS_URL: the SQLite key file at KEYS_DB and memory counters', async () => {
    const stores = storesFromEnv({ KEYS_DB: join(dir, 'env', 'keys.sqlite') });
    expect(stores.backend).toBe('embedded');
    expect(stores.keys).toBeInstanceOf(SqliteKeyStore);
    expect(stores.counters).toBeInstanceOf(MemoryCounterStore);
    const { key } = await issueKey(stores.keys, { tier: 'pro', contact: 'e@example.org' }, clock.now());
    await stores.close();
    const reopened = new SqliteKeyStore(join(dir, 'env', 'keys.sqlite'));
    expect(await reopened.findByHash(hashKey(key))).toBeDefined();
    await reopened.close();
  });
});

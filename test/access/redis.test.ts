import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueKey, reissueKey } from '../../ts/keys/issue.js';
import { KEY_PREFIX, hashKey } from '../../ts/keys/key.js';
import { RedisKeyStore, REVOCATION_DELAY_MS } from '../../ts/keys/redis-store.js';
import { createLimiter } from '../../ts/limits/limiter.js';
import { RedisCounterStore } from '../../ts/limits/redis-store.js';
import { storesFromEnv } from '../../ts/server/middleware/access.js';
import { accessTestApp, manualClock } from './app.js';
import { startRedis, type RunningRedis } from './redis-server.js';

let redis: RunningRedis;
let admin: Redis;
const connections: Redis[] = [];

function connect(): Redis {
  const client = new Redis(redis.url);
  connections.push(client);
  return client;
}

beforeAll(async () => {
  redis = await startRedis();
  admin = connect();
});
afterAll(async () => {
  await Promise.all(connections.map((client) => client.quit().catch(() => undefined)));
  await redis?.stop();
});
beforeEach(async () => {
  await admin.flushall();
});

/** An access-controlled app with its own Redis connection, listening on loopback: one service instance. */
async function instance(clock: () => Date): Promise<{ url: string; close: () => Promise<void> }> {
  const client = connect();
  const server: Server = accessTestApp({ keys: new RedisKeyStore(client), counters: new RedisCounterStore(client), clock }).listen(
    0,
    '127.0.0.1',
  );
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('Redis counter store', () => {
  it('enforces each window with the right Retry-After', async () => {
    const limiter = createLimiter({ counters: new RedisCounterStore(connect()) });
    const at = (iso: string) => new Date(iso);
    // 10 per minute at 23:56, 23:57, 23:58: the anonymous day cap of 30.
    for (const minute of ['56', '57', '58']) {
      for (let i = 0; i < 10; i++) {
        expect((await limiter.check('anon:r', 'anonymous', at(`2025-03-10T23:${minute}:00Z`))).allowed).toBe(true);
      }
    }
    // An eleventh in the 23:58 minute hits the burst cap of 10 (and the day): the day is named, 23:58:20 -> midnight = 100 s.
    expect(await limiter.check('anon:r', 'anonymous', at('2025-03-10T23:58:20Z'))).toMatchObject({
      allowed: false,
      window: 'day',
      retryAfter: 100,
    });
    // 23:59:30 -> midnight = 30 s.
    expect(await limiter.check('anon:r', 'anonymous', at('2025-03-10T23:59:30Z'))).toMatchObject({
      allowed: false,
      window: 'day',
      limit: 30,
      remaining: 0,
      retryAfter: 30,
    });
    // Burst alone: a student's 61st request in one minute, at 12:00:45.200 -> 15 s to 12:01.
    for (let i = 0; i < 60; i++) await limiter.check('key:s', 'student', at('2025-03-10T12:00:00Z'));
    expect(await limiter.check('key:s', 'student', at('2025-03-10T12:00:45.200Z'))).toMatchObject({
      allowed: false,
      window: 'burst',
      limit: 60,
      retryAfter: 15,
    });
    expect((await limiter.check('anon:r', 'anonymous', at('2025-03-11T00:00:00Z'))).allowed).toBe(true);
  });

  it('expires counters after their window, with the margin, by relative TTL', async () => {
    const limiter = createLimiter({ counters: new RedisCounterStore(connect(), { prefix: 't:' }) });
    await limiter.check('anon:ttl', 'anonymous', new Date('2025-03-10T12:00:30Z'));
    const ttl = await admin.pttl('t:{anon:ttl}:burst:2025-03-10T12:00');
    // 30 s to the end of the minute plus the 60 s margin: 90,000 ms (less the time since the call).
    expect(ttl).toBeGreaterThan(85_000);
    expect(ttl).toBeLessThanOrEqual(90_000);
  });
});

describe('Redis key store', () => {
  it('issues, finds, lists, revokes and re-issues', async () => {
    const store = new RedisKeyStore(connect());
    const now = new Date('2025-03-10T12:00:00Z');
    const a = await issueKey(store, { tier: 'pro', contact: 'a@example.org' }, now);
    const b = await issueKey(store, { tier: 'enterprise', contact: 'b@example.org' }, new Date('2025-03-11T00:00:00Z'));
    expect(await store.findByHash(hashKey(a.key))).toEqual({ ...a.record });
    expect(await store.findByHash(hashKey(`${KEY_PREFIX}${'Z'.repeat(32)}`))).toBeUndefined();
    const again = await reissueKey(store, a.record.id, new Date('2025-03-12T00:00:00Z'));
    expect(again?.revoked.revoked).toBe('2025-03-12T00:00:00.000Z');
    expect((await store.revoke(a.record.id, new Date('2025-03-13T00:00:00Z')))?.revoked).toBe('2025-03-12T00:00:00.000Z');
    expect(await store.revoke('0000000000000000', now)).toBeUndefined();
    expect((await store.list()).map((r) => [r.contact, r.tier, r.revoked === null])).toEqual([
      ['a@example.org', 'pro', false],
      ['b@example.org', 'enterprise', true],
      ['a@example.org', 'pro', true],
    ]);
    await expect(store.add(b.record)).rejects.toThrow(/already exists/);
  });

  it("keeps a looked-up key for REVOCATION_DELAY_MS: another instance's revocation holds within it, its own at once", async () => {
    const service = new RedisKeyStore(connect());
    const tool = new RedisKeyStore(connect());
    const issued = await issueKey(tool, { tier: 'pro', contact: 'cache@example.org' }, new Date('2025-03-10T12:00:00Z'));
    expect((await service.findByHash(issued.record.hash))?.revoked).toBeNull();
    await tool.revoke(issued.record.id, new Date('2025-03-11T00:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_DELAY_MS + 20));
    expect((await service.findByHash(issued.record.hash))?.revoked).toBe('2025-03-11T00:00:00.000Z');
    const other = await issueKey(service, { tier: 'pro', contact: 'cache2@example.org' }, new Date('2025-03-10T12:00:00Z'));
    expect((await service.findByHash(other.record.hash))?.revoked).toBeNull();
    await service.revoke(other.record.id, new Date('2025-03-12T00:00:00Z'));
    expect((await service.findByHash(other.record.hash))?.revoked).toBe('2025-03-12T00:00:00.000Z');
  });

  it('stores only hashes: the plain key is in no Redis key or value', async () => {
    const store = new RedisKeyStore(connect());
    const issued = await Promise.all(
      (['student', 'institution'] as const).map((tier) => issueKey(store, { tier, contact: 'h@example.org' }, new Date())),
    );
    const names = await admin.keys('*');
    const dump: string[] = [...names];
    for (const name of names) {
      const type = await admin.type(name);
      if (type === 'hash') dump.push(...Object.entries(await admin.hgetall(name)).flat());
      else if (type === 'set') dump.push(...(await admin.smembers(name)));
      else dump.push(String(await admin.get(name)));
    }
    const text = dump.join('\n');
    for (const { key, record } of issued) {
      expect(text).not.toContain(key.slice(KEY_PREFIX.length));
      expect(text).toContain(record.hash);
    }
  });

  it('keeps keys and counts across a restart of the service', async () => {
    const clock = manualClock('2025-03-10T12:00:00Z');
    const first = connect();
    const { key } = await issueKey(new RedisKeyStore(first), { tier: 'student', contact: 'r@example.org' }, clock.now());
    const before = await instance(clock.now);
    for (let i = 0; i < 5; i++) {
      await fetch(`${before.url}/v1/standards`, { headers: { Authorization: `Bearer ${key}` } });
    }
    await before.close();
    await first.quit();
    const after = await instance(clock.now);
    const res = await fetch(`${after.url}/v1/standards`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    // Student month cap 2,000: 5 before the restart and 1 after leave 1,994.
    expect(res.headers.get('x-ratelimit-remaining')).toBe('1994');
    await after.close();
  });
});

describe('two service instances sharing one Redis', () => {
  it('serve exactly the cap under concurrent requests, never one more', async () => {
    const clock = manualClock('2025-03-10T12:00:00Z');
    const { key } = await issueKey(new RedisKeyStore(admin), { tier: 'student', contact: 'c@example.org' }, clock.now());
    const a = await instance(clock.now);
    const b = await instance(clock.now);
    const fire = (n: number, headers: Record<string, string>) =>
      Promise.all(
        Array.from({ length: n }, (_, i) => fetch(`${(i % 2 === 0 ? a : b).url}/v1/standards`, { headers }).then((res) => res.status)),
      );
    // Student burst cap: 60 per minute. 150 requests at once, split over the two instances.
    const keyed = await fire(150, { Authorization: `Bearer ${key}` });
    expect(keyed.filter((s) => s === 200)).toHaveLength(60);
    expect(keyed.filter((s) => s === 429)).toHaveLength(90);
    // Anonymous burst cap: 10 per minute, one client address (loopback) through both instances.
    const anonymous = await fire(40, {});
    expect(anonymous.filter((s) => s === 200)).toHaveLength(10);
    expect(anonymous.filter((s) => s === 429)).toHaveLength(30);
    // The shared count is exact: 60 counted, so 2,000 - 60 = 1,940 of the student's month remain.
    clock.set('2025-03-10T12:01:00Z');
    const next = await fetch(`${b.url}/v1/standards`, { headers: { Authorization: `Bearer ${key}` } });
    expect(next.headers.get('x-ratelimit-remaining')).toBe('1939');
    await Promise.all([a.close(), b.close()]);
  });

  it('enforce an anonymous day cap exactly across minutes', async () => {
    const clock = manualClock('2025-03-10T09:00:00Z');
    const a = await instance(clock.now);
    const b = await instance(clock.now);
    let served = 0;
    // Four minutes of 25 concurrent requests each: 10 a minute could pass the burst cap, 40 in all,
    // but the day cap is 30.
    for (const minute of ['00', '01', '02', '03']) {
      clock.set(`2025-03-10T09:${minute}:00Z`);
      const statuses = await Promise.all(
        Array.from({ length: 25 }, (_, i) => fetch(`${(i % 2 ? a : b).url}/v1/beam/solve`, { method: 'POST' }).then((r) => r.status)),
      );
      served += statuses.filter((s) => s === 200).length;
    }
    expect(served).toBe(30);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('the keys tool with REDIS_URL', () => {
  it('issues into Redis, where the service looks', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, REDIS_URL: redis.url, KEYS_DB: '/nonexistent/never-used.sqlite' };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'ts/keys/cli.ts', 'issue', '--tier', 'institution', '--contact', 'uni@example.org'],
      { env },
    );
    const key = stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(stdout).toContain('store: redis');
    expect(await new RedisKeyStore(admin).findByHash(hashKey(key))).toMatchObject({ tier: 'institution', contact: 'uni@example.org' });
  });
});

describe('stores from the environment', () => {
  it('with REDIS_URL: Redis for both keys and counters', async () => {
    const stores = storesFromEnv({ REDIS_URL: redis.url });
    expect(stores.backend).toBe('redis');
    expect(stores.keys).toBeInstanceOf(RedisKeyStore);
    expect(stores.counters).toBeInstanceOf(RedisCounterStore);
    const { key } = await issueKey(stores.keys, { tier: 'pro', contact: 'env@example.org' }, new Date());
    await stores.close();
    expect(await new RedisKeyStore(admin).findByHash(hashKey(key))).toMatchObject({ tier: 'pro' });
  });
});

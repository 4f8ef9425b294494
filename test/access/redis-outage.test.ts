/**
 * Issue 12, defect 8: Redis stops while the service runs. Counted requests and /mcp fail closed as 503
 * `service_unavailable` with Retry-After (not a 500 with a stack trace each), /v1/health answers 503
 * {ok: false} so a load balancer stops sending traffic, the outage and the recovery are logged once each,
 * and the service recovers by itself when Redis is back on its port.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../ts/keys/issue.js';
import { storesFromEnv, type AccessStores } from '../../ts/server/middleware/access.js';
import { testApp } from '../support/app.js';
import { SIMPLE_BEAM } from '../support/models.js';
import { startRedis, type RunningRedis } from './redis-server.js';

const MCP_CALL = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_section', arguments: { name: 'IPE300' } } };

let redis: RunningRedis;
let stores: AccessStores;
let server: Server;
let url: string;
let key: string;
const logged: string[] = [];
const faults: unknown[] = [];

beforeAll(async () => {
  redis = await startRedis();
  stores = storesFromEnv({ REDIS_URL: redis.url }, { log: (message) => logged.push(message) });
  key = (await issueKey(stores.keys, { tier: 'pro', contact: 'outage@example.org' }, new Date())).key;
  const app = await testApp({ access: { keys: stores.keys, counters: stores.counters }, log: (error) => faults.push(error) });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await stores.close().catch(() => undefined);
  await redis.stop();
});

const solve = (headers: Record<string, string> = {}) =>
  fetch(`${url}/v1/beam/solve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(SIMPLE_BEAM),
  });
const mcp = () =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify(MCP_CALL),
  });

async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('Redis stops while the service runs', () => {
  it('answers 503 with Retry-After, reports it on /v1/health, logs one line each way, and recovers', async () => {
    expect((await solve()).status).toBe(200);
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);

    await redis.stop();
    for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      const res = await solve(headers);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.headers.get('x-engine-version')).not.toBeNull();
      const body = (await res.json()) as { code: string; detail: string };
      expect(body.code).toBe('service_unavailable');
      expect(body.detail).toMatch(/counter store is unavailable/);
    }
    expect((await fetch(`${url}/v1/sections/IPE300`)).status).toBe(503);
    const refusedCall = await mcp();
    expect(refusedCall.status).toBe(503);
    expect(((await refusedCall.json()) as { code: string }).code).toBe('service_unavailable');

    const health = await fetch(`${url}/v1/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false, detail: expect.stringMatching(/unreachable/) });
    // uncounted routes still answer
    expect((await fetch(`${url}/v1/openapi.json`)).status).toBe(200);

    // Nothing reached the fault log (no stack trace per request); the outage is one line.
    expect(faults).toEqual([]);
    expect(logged.filter((line) => line.includes('unreachable'))).toHaveLength(1);

    redis = await startRedis(redis.port);
    expect(await until(async () => (await fetch(`${url}/v1/health`)).status === 200, 10_000)).toBe(true);
    expect((await solve()).status).toBe(200);
    // This throwaway Redis keeps nothing across a restart: issue the key again.
    key = (await issueKey(stores.keys, { tier: 'pro', contact: 'outage@example.org' }, new Date())).key;
    expect((await solve({ Authorization: `Bearer ${key}` })).status).toBe(200);
    expect((await mcp()).status).toBe(200);
    expect(logged.filter((line) => line.includes('reachable again'))).toHaveLength(1);
    expect(logged).toHaveLength(2);
  });
});

describe('Redis hangs while the service runs (issue 31, defect 4)', () => {
  it('answers 503 within 2 s while it is stopped, /v1/health says so, and serves again once it runs', async () => {
    expect((await solve()).status).toBe(200);
    redis.pause();
    try {
      for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
        const start = performance.now();
        const res = await solve(headers);
        // each store command is bounded by STORE_TIMEOUT_MS (1 s); the target is 2 s
        expect(performance.now() - start).toBeLessThan(2000);
        expect(res.status).toBe(503);
        expect(((await res.json()) as { code: string }).code).toBe('service_unavailable');
      }
      const start = performance.now();
      const health = await fetch(`${url}/v1/health`);
      expect(performance.now() - start).toBeLessThan(2000);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ ok: false });
    } finally {
      redis.resume();
    }
    expect(await until(async () => (await solve()).status === 200, 10_000)).toBe(true);
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);
  });
});

describe('keys in a Redis that keeps nothing across a restart (issue 31, defect 5)', () => {
  it('the store says where the keys are and that they do not survive', async () => {
    // the test server runs with --save "" and --appendonly no
    const described = await stores.keys.describe();
    expect(described.where).toBe(`redis 127.0.0.1:${redis.port} db 0`);
    expect(described.durable).toBe(false);
    expect(described.note).toMatch(/every key is lost when Redis restarts/);
  });
});

/**
 * Issue 31, defect 7: a request with two Authorization headers is refused (Node keeps the first, a proxy in
 * front may act on the last), and HEAD on a counted route is a 405 like any method the route does not take,
 * so it spends no count on an answer without a body.
 */
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../ts/keys/issue.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { testApp } from '../support/app.js';

let server: Server;
let port: number;
let key: string;
const keys = new SqliteKeyStore(':memory:');

beforeAll(async () => {
  key = (await issueKey(keys, { tier: 'student', contact: 'headers@example.org' }, new Date())).key;
  const app = await testApp({ access: { keys, counters: new MemoryCounterStore() } });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await keys.close();
});

/** A raw request: Node's client sends one header line per element of an array value. */
function send(method: string, path: string, headers: Record<string, string | string[]> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('two Authorization headers', () => {
  it('are refused with 401 naming the reason, whichever comes first', async () => {
    for (const pair of [
      [`Bearer ${key}`, 'Bearer sw_live_00000000000000000000000000000000'],
      ['Bearer sw_live_00000000000000000000000000000000', `Bearer ${key}`],
    ]) {
      const res = await send('GET', '/v1/sections/W14X90', { Authorization: pair });
      expect(res.status).toBe(401);
      const problem = JSON.parse(res.body) as { code: string; detail: string };
      expect(problem.code).toBe('unauthorized');
      expect(problem.detail).toMatch(/2 Authorization headers; send exactly one/);
    }
    // one header is still a keyed caller (student tier: 2,000 a day, spec table; none used yet)
    const one = await send('GET', '/v1/sections/W14X90', { Authorization: `Bearer ${key}` });
    expect(one.status).toBe(200);
    expect(one.headers['x-ratelimit-remaining']).toBe('1999');
  });
});

describe('HEAD', () => {
  it('on a counted route is a 405 with Allow: GET, and counts nothing', async () => {
    for (const path of ['/v1/sections/IPE300', '/v1/sections?standard=EN10365', '/v1/standards']) {
      const res = await send('HEAD', path);
      expect(res.status, path).toBe(405);
      expect(res.headers.allow, path).toBe('GET');
      expect(res.headers['x-ratelimit-remaining'], path).toBeUndefined();
    }
    // the anonymous day cap is 30 (spec table): this GET is the first counted request of this address
    expect((await send('GET', '/v1/standards')).headers['x-ratelimit-remaining']).toBe('29');
  });

  it('on an open route is answered', async () => {
    expect((await send('HEAD', '/v1/health')).status).toBe(200);
  });
});

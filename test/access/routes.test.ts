/**
 * Issue 12, defect 1 (a path's letter case or trailing slash skipped keys and limits), and issue 14 item 4
 * (one route table). Over HTTP against the whole service (createApp: WASM engine, section library, SQLite keys,
 * memory counters): access follows the route that matched; a path in another case or with a trailing slash
 * matches no route and is a 404 that serves nothing, whoever calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Router from '@koa/router';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueKey } from '../../ts/keys/issue.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { TIERS } from '../../ts/limits/tiers.js';
import { buildOpenApiDocument } from '../../ts/openapi/index.js';
import { createRouter } from '../../ts/server/app.js';
import { ROUTES, routerPath, type Route, type RouteDeps } from '../../ts/server/routes/table.js';
import { testApp } from '../support/app.js';
import { parseJson } from '../../ts/server/middleware/body.js';

const MCP_CALL = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_section', arguments: { name: 'IPE300' } } };
const MCP_ACCEPT = 'application/json, text/event-stream';
/**
 * The anonymous tier with a day cap of 3, so the cap is reached within a test. A day, not the burst minute:
 * a UTC minute can roll over between the requests of a test on a loaded machine, and the cap with it.
 */
const TIGHT = { ...TIERS, anonymous: { burst: 1000, day: 3, month: 1000 } };

/** A request that the route serves when sent to its own path: its first documented example as the body, IPE300 for the lookup. */
function sample(route: Route): { path: string; body?: unknown; accept?: string } {
  const path = route.path.replace('{name}', 'IPE300');
  if (route.method === 'GET') return { path };
  if (route.path === '/mcp') return { path, body: MCP_CALL, accept: MCP_ACCEPT };
  const example = Object.values(route.doc?.body?.examples ?? {})[0];
  if (example === undefined) throw new Error(`${route.path} documents no example body`);
  return { path, body: example.value };
}

/** The path in other forms no route has: all upper case, one segment capitalised, a trailing slash. */
function variants(path: string): string[] {
  const segments = path.split('/');
  const capitalised = segments.map((s, i) => (i === segments.length - 1 ? s.charAt(0).toUpperCase() + s.slice(1) : s)).join('/');
  return [path.toUpperCase(), capitalised === path ? path.replace('/v1/', '/V1/') : capitalised, `${path}/`];
}

/**
 * A trailing slash on a route whose last parameter spans slashes (a designation such as L4X4X1/2) is that
 * route, asked for the name `IPE300/`: it is authenticated and counted as the route is (401, 429), never a bypass.
 */
const takesSlash = (route: Route, variant: string) => route.rest === true && variant === `${sample(route).path}/`;

const COUNTED = ROUTES.filter((route) => route.access !== 'open');

let dir: string;
let keys: SqliteKeyStore;
let revokedKey: string;
let app: ReturnType<Koa['callback']>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-routes-'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  const issued = await issueKey(keys, { tier: 'pro', contact: 'revoked@example.org' }, new Date('2025-03-01T00:00:00Z'));
  await keys.revoke(issued.record.id, new Date('2025-03-02T00:00:00Z'));
  revokedKey = issued.key;
});
afterAll(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  app = (await testApp({ access: { keys, counters: new MemoryCounterStore(), tiers: TIGHT } })).callback();
});

function send(method: string, path: string, options: { body?: unknown; accept?: string; authorization?: string } = {}) {
  let req = method === 'GET' ? request(app).get(path) : request(app).post(path);
  if (options.accept) req = req.set('Accept', options.accept);
  if (options.authorization) req = req.set('Authorization', options.authorization);
  return options.body === undefined ? req : req.send(options.body as object);
}

describe('a path in another case or with a trailing slash (issue 12, defect 1)', () => {
  const callers = [
    ['a revoked key', () => `Bearer ${revokedKey}`],
    ['a garbage key', () => 'Bearer junk'],
  ] as const;

  for (const route of COUNTED) {
    const { path, body, accept } = sample(route);
    for (const [who, authorization] of callers) {
      it(`${route.method} ${route.path} with ${who}: the route itself is 401, every variant a 404 that serves nothing`, async () => {
        const own = await send(route.method, path, { body, accept, authorization: authorization() });
        expect(own.status).toBe(401);
        for (const variant of variants(path)) {
          const res = await send(route.method, variant, { body, accept, authorization: authorization() });
          expect(res.status, variant).toBe(takesSlash(route, variant) ? 401 : 404);
          expect(res.headers['x-ratelimit-remaining'], variant).toBeUndefined();
        }
      });
    }

    it(`${route.method} ${route.path} anonymously past the cap: the route is 429, every variant a 404 that serves nothing`, async () => {
      // MCP counts tools/call; the other routes count each request. Three fill the day window.
      for (let i = 0; i < 3; i++) {
        const res = await send(route.method, path, { body, accept });
        expect(res.status).toBe(200);
        expect(res.headers['x-ratelimit-remaining']).toBeDefined();
      }
      const refused = await send(route.method, path, { body, accept });
      if (route.access === 'mcp') expect(refused.body.result.isError).toBe(true);
      else expect(refused.status).toBe(429);
      for (const variant of variants(path)) {
        for (let i = 0; i < 5; i++) {
          const res = await send(route.method, variant, { body, accept });
          expect(res.status, variant).toBe(takesSlash(route, variant) ? 429 : 404);
        }
      }
    });
  }

  it('is a 404 on open routes too: the router is strict about case and slashes everywhere', async () => {
    for (const path of ['/V1/HEALTH', '/v1/Health', '/v1/health/', '/v1/OPENAPI.json', '/v1/openapi.json/']) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
    expect((await request(app).get('/v1/health')).status).toBe(200);
  });
});

describe('walking the route table (issue 12 acceptance)', () => {
  it('every counted route sent in upper case is a 404 or counted, never served uncounted', async () => {
    expect(COUNTED.length).toBeGreaterThanOrEqual(8);
    for (const route of COUNTED) {
      const { path, body, accept } = sample(route);
      const res = await send(route.method, path.toUpperCase(), { body, accept });
      const counted = res.headers['x-ratelimit-remaining'] !== undefined;
      expect(res.status === 404 || counted, `${route.method} ${path.toUpperCase()}: ${res.status}`).toBe(true);
      expect(res.status < 400 && !counted, `${route.method} ${path.toUpperCase()} served uncounted`).toBe(false);
    }
  });
});

describe('one route table (issue 14, item 4)', () => {
  it('lists exactly the OpenAPI paths and methods, and exactly what the router registers', () => {
    // routes with no doc are not part of the API (the problem pages)
    const table = ROUTES.filter((route) => route.doc !== undefined)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    const document = buildOpenApiDocument('http://localhost:3000', ROUTES) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(table);

    const deps = {
      routes: ROUTES,
      sections: {},
      solve: {},
      engine: { version: 'x' },
      baseUrl: 'http://x',
      countersReachable: () => true,
    } as unknown as RouteDeps;
    const stubs = ROUTES.map((route) => ({ ...route, handler: () => () => undefined }));
    const router: Router = createRouter(stubs, deps);
    const registered = router.stack.map((layer) => `${layer.methods.filter((m) => m !== 'HEAD').join(',')} ${layer.path}`).sort();
    expect(registered).toEqual(ROUTES.map((route) => `${route.method} ${routerPath(route)}`).sort());
  });

  it('takes a new endpoint as one entry: routed, documented and counted with no other change', async () => {
    // A solve for a structure the service does not have yet (the frame solve stood here until it landed), with a
    // stand-in handler.
    const arch: Route = {
      method: 'POST',
      path: '/v1/arch/solve',
      access: 'counted',
      handler: () => (ctx) => {
        ctx.body = { got: parseJson(ctx.state.json as Uint8Array) };
      },
      doc: {
        operationId: 'solveArch',
        tag: 'arch',
        summary: 'Solve an arch',
        description: 'A stand-in for the test.',
        body: { schema: 'BeamSolveRequest', examples: {} },
        responses: { 200: { kind: 'json', schema: 'BeamSolveResponse', description: 'The solved arch.' } },
      },
    };
    // And a static page: open, not documented, its last parameter spanning slashes (as the calculator's assets).
    const page: Route = {
      method: 'GET',
      path: '/guide/{page}',
      access: 'open',
      rest: true,
      handler: () => (ctx) => void (ctx.body = ctx.params.page),
    };
    const routes = [...ROUTES, arch, page];
    const withArch = (await testApp({ routes, access: { keys, counters: new MemoryCounterStore(), tiers: TIGHT } })).callback();
    const res = await request(withArch).post('/v1/arch/solve').send({ a: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ got: { a: 1 } });
    // counted: one of TIGHT's day cap of 3 used
    expect(res.headers['x-ratelimit-remaining']).toBe('2');
    expect((await request(withArch).post('/v1/Arch/solve').send({ a: 1 })).status).toBe(404);
    const guide = await request(withArch).get('/guide/assets/app.js');
    expect([guide.status, guide.text, guide.headers['x-ratelimit-remaining']]).toEqual([200, 'assets/app.js', undefined]);
    const document = buildOpenApiDocument('http://localhost:3000', routes) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/v1/arch/solve');
    expect(Object.keys(document.paths)).not.toContain('/guide/{page}');
  });
});

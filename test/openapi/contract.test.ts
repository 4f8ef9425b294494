/**
 * The contract: for every path, method and status the OpenAPI document lists, a live request to the running
 * service produces that status, with the documented media type, the documented headers, and a body that the
 * documented schema accepts. And nothing is documented that no request here produces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../ts/server/routes/table.js';
import { buildOpenApiDocument } from '../../ts/openapi/index.js';
import type { CounterStore } from '../../ts/limits/counter-store.js';
import { TIERS } from '../../ts/limits/tiers.js';
import { MAX_BODY_BYTES } from '../../ts/server/middleware/body.js';
import { BASE_URL, MCP_HEADERS, startService, type RunningService } from '../mcp/service.js';
import { violations } from './schemas.js';
import { PORTAL_FRAME, SIMPLE_BEAM, TRIANGLE_TRUSS } from '../support/models.js';
import { combSection } from '../support/heavy.js';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEngine, packageDirectory } from '../../ts/engine/node.js';
import type { Engine } from '../../ts/engine/engine.js';
import { InlineCompute } from '../../ts/server/compute/inline.js';
import { EnginePool } from '../../ts/server/compute/pool.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking a JSON document

const document = buildOpenApiDocument(BASE_URL, ROUTES) as Json;

/** A counter store that cannot be reached (as Redis while it is down): every counted request is 503. */
const unreachable: CounterStore = {
  take: () => Promise.reject(new Error('unreachable')),
  release: () => Promise.reject(new Error('unreachable')),
  close: () => Promise.resolve(),
  reachable: () => false,
};

/**
 * The engine of the `faulty` service: every analysis traps, as a Rust panic would (the binding's test-only
 * export aborts the very instance the pipeline uses), so each route's engine-fault 500 is produced for real.
 */
async function trappingEngine(): Promise<Engine> {
  const engine = await loadEngine();
  const glue = (await import(pathToFileURL(join(packageDirectory(), 'spanwise_engine.js')).href)) as { trapForTests(): never };
  const trap = (): never => glue.trapForTests();
  return { ...engine, analyseBeam: trap, solveTruss: trap, solveFrame: trap, sectionProperties: trap };
}

let roomy: RunningService;
/** Every engine call traps: each route's 500. */
let faulty: RunningService;
/** One engine thread with a 1 ms deadline: a section that takes longer is the 422 of a model too costly. */
let costly: RunningService;
let costlyPool: EnginePool;
/** Its counter store is away. */
let away: RunningService;
/** Anonymous callers get one request a day here (a day, not a minute: a minute can roll over mid-file): the first passes and every later one is 429. */
let tight: RunningService;

beforeAll(async () => {
  roomy = await startService();
  faulty = await startService(
    undefined,
    undefined,
    new InlineCompute({ engine: await trappingEngine(), sections: loadSectionLibrary() }, () => {}),
  );
  costlyPool = new EnginePool({ threads: 1, deadlineMs: 1 });
  costly = await startService(undefined, undefined, costlyPool);
  away = await startService(undefined, unreachable);
  tight = await startService({ ...TIERS, anonymous: { burst: 1000, day: 1, month: 1000 } });
  expect((await fetch(`${tight.url}/v1/standards`)).status).toBe(200);
});
afterAll(async () => {
  await roomy.close();
  await tight.close();
  await away.close();
  await faulty.close();
  await costly.close();
  await costlyPool.close();
});

const JSON_TYPE = { 'Content-Type': 'application/json' };
const UNKNOWN_KEY = { Authorization: 'Bearer sw_live_00000000000000000000000000000000' };

// A single pin under a single span: free to rotate about it.
const MECHANISM = { ...SIMPLE_BEAM, supports: [{ type: 'pin', position: 0 }] };
// One pin only: the whole triangle swings about it.
const SWINGING_TRIANGLE = { ...TRIANGLE_TRUSS, supports: [{ node: 1, type: 'pin' }] };
// One pin only: the portal swings about it.
const SWINGING_PORTAL = { ...PORTAL_FRAME, supports: [{ node: 1, type: 'pin' }] };
const TEE = {
  shapes: [
    { type: 'rectangle', x: 0, y: 180, width: 200, height: 20 },
    { type: 'rectangle', x: 95, y: 0, width: 10, height: 180 },
  ],
};
const OVERSIZED = JSON.stringify({ ...SIMPLE_BEAM, padding: 'x'.repeat(MAX_BODY_BYTES) });

type Send = (service: { roomy: string; tight: string; away: string; faulty: string; costly: string }) => Promise<Response>;

const post =
  (path: string, body: unknown, headers: Record<string, string> = JSON_TYPE): Send =>
  ({ roomy }) =>
    fetch(`${roomy}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
const get =
  (path: string, headers: Record<string, string> = {}): Send =>
  ({ roomy }) =>
    fetch(`${roomy}${path}`, { headers });
const limited =
  (path: string, init: RequestInit = {}): Send =>
  ({ tight }) =>
    fetch(`${tight}${path}`, init);
const engineFault =
  (path: string, body: unknown): Send =>
  ({ faulty }) =>
    fetch(`${faulty}${path}`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
const tooCostly =
  (path: string, body: unknown): Send =>
  ({ costly }) =>
    fetch(`${costly}${path}`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
const storeAway =
  (path: string, init: RequestInit = {}): Send =>
  ({ away }) =>
    fetch(`${away}${path}`, init);
/**
 * The request sent again with If-None-Match holding the ETag its first answer gave, as a cache revalidates.
 * fetch adds `Cache-Control: no-cache` to a conditional request unless one is given, and a request that
 * asks for no cache gets the full body (Koa's ctx.fresh); `max-age=0` is what a revalidating cache sends.
 */
const revalidate =
  (path: string): Send =>
  async ({ roomy }) => {
    const first = await fetch(`${roomy}${path}`);
    return fetch(`${roomy}${path}`, { headers: { 'If-None-Match': first.headers.get('etag') ?? '', 'Cache-Control': 'max-age=0' } });
  };
const mcp = (body: unknown, headers: Record<string, string> = MCP_HEADERS) => post('/mcp', body, headers);

const TOOL_CALL = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'solve_beam', arguments: SIMPLE_BEAM } };

/** One request producing each documented `METHOD path status`. */
const PRODUCERS: Record<string, Send> = {
  'GET /v1/health 200': get('/v1/health'),
  'GET /v1/health 503': storeAway('/v1/health'),
  'GET /v1/openapi.json 200': get('/v1/openapi.json'),

  'POST /v1/beam/solve 200': post('/v1/beam/solve', SIMPLE_BEAM),
  'POST /v1/beam/solve 400': post('/v1/beam/solve', { spans: [] }),
  'POST /v1/beam/solve 401': post('/v1/beam/solve', SIMPLE_BEAM, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/beam/solve 413': post('/v1/beam/solve', OVERSIZED),
  'POST /v1/beam/solve 422': post('/v1/beam/solve', MECHANISM),
  'POST /v1/beam/solve 429': limited('/v1/beam/solve', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(SIMPLE_BEAM) }),
  'POST /v1/beam/solve 500': engineFault('/v1/beam/solve', SIMPLE_BEAM),
  'POST /v1/beam/solve 503': storeAway('/v1/beam/solve', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(SIMPLE_BEAM) }),

  'POST /v1/beam/diagram 200': post('/v1/beam/diagram', { ...SIMPLE_BEAM, view: 'moment' }),
  'POST /v1/beam/diagram 400': post('/v1/beam/diagram', { ...SIMPLE_BEAM, view: 'side' }),
  'POST /v1/beam/diagram 401': post('/v1/beam/diagram', SIMPLE_BEAM, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/beam/diagram 413': post('/v1/beam/diagram', OVERSIZED),
  'POST /v1/beam/diagram 422': post('/v1/beam/diagram', MECHANISM),
  'POST /v1/beam/diagram 429': limited('/v1/beam/diagram', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(SIMPLE_BEAM) }),
  'POST /v1/beam/diagram 500': engineFault('/v1/beam/diagram', SIMPLE_BEAM),
  'POST /v1/beam/diagram 503': storeAway('/v1/beam/diagram', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(SIMPLE_BEAM) }),

  'POST /v1/truss/solve 200': post('/v1/truss/solve', TRIANGLE_TRUSS),
  'POST /v1/truss/solve 400': post('/v1/truss/solve', { ...TRIANGLE_TRUSS, members: [] }),
  'POST /v1/truss/solve 401': post('/v1/truss/solve', TRIANGLE_TRUSS, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/truss/solve 413': post('/v1/truss/solve', OVERSIZED),
  'POST /v1/truss/solve 422': post('/v1/truss/solve', SWINGING_TRIANGLE),
  'POST /v1/truss/solve 429': limited('/v1/truss/solve', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(TRIANGLE_TRUSS) }),
  'POST /v1/truss/solve 500': engineFault('/v1/truss/solve', TRIANGLE_TRUSS),
  'POST /v1/truss/solve 503': storeAway('/v1/truss/solve', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(TRIANGLE_TRUSS) }),

  'POST /v1/truss/diagram 200': post('/v1/truss/diagram', { ...TRIANGLE_TRUSS, view: 'results' }),
  'POST /v1/truss/diagram 400': post('/v1/truss/diagram', { ...TRIANGLE_TRUSS, height: 149 }),
  'POST /v1/truss/diagram 401': post('/v1/truss/diagram', TRIANGLE_TRUSS, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/truss/diagram 413': post('/v1/truss/diagram', OVERSIZED),
  'POST /v1/truss/diagram 422': post('/v1/truss/diagram', SWINGING_TRIANGLE),
  'POST /v1/truss/diagram 429': limited('/v1/truss/diagram', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(TRIANGLE_TRUSS) }),
  'POST /v1/truss/diagram 500': engineFault('/v1/truss/diagram', TRIANGLE_TRUSS),
  'POST /v1/truss/diagram 503': storeAway('/v1/truss/diagram', {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify(TRIANGLE_TRUSS),
  }),

  'POST /v1/frame/solve 200': post('/v1/frame/solve', PORTAL_FRAME),
  'POST /v1/frame/solve 400': post('/v1/frame/solve', { ...PORTAL_FRAME, members: [] }),
  'POST /v1/frame/solve 401': post('/v1/frame/solve', PORTAL_FRAME, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/frame/solve 413': post('/v1/frame/solve', OVERSIZED),
  'POST /v1/frame/solve 422': post('/v1/frame/solve', SWINGING_PORTAL),
  'POST /v1/frame/solve 429': limited('/v1/frame/solve', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(PORTAL_FRAME) }),
  'POST /v1/frame/solve 500': engineFault('/v1/frame/solve', PORTAL_FRAME),
  'POST /v1/frame/solve 503': storeAway('/v1/frame/solve', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(PORTAL_FRAME) }),

  'POST /v1/frame/diagram 200': post('/v1/frame/diagram', { ...PORTAL_FRAME, view: 'moment' }),
  'POST /v1/frame/diagram 400': post('/v1/frame/diagram', { ...PORTAL_FRAME, view: 'setup' }),
  'POST /v1/frame/diagram 401': post('/v1/frame/diagram', PORTAL_FRAME, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/frame/diagram 413': post('/v1/frame/diagram', OVERSIZED),
  'POST /v1/frame/diagram 422': post('/v1/frame/diagram', SWINGING_PORTAL),
  'POST /v1/frame/diagram 429': limited('/v1/frame/diagram', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(PORTAL_FRAME) }),
  'POST /v1/frame/diagram 500': engineFault('/v1/frame/diagram', PORTAL_FRAME),
  'POST /v1/frame/diagram 503': storeAway('/v1/frame/diagram', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(PORTAL_FRAME) }),

  'POST /v1/section-properties 200': post('/v1/section-properties', TEE),
  'POST /v1/section-properties 400': post('/v1/section-properties', {
    shapes: [
      { ...TEE.shapes[0], void: true },
      { type: 'circle', x: 500, y: 0, diameter: 10, void: true },
    ],
  }),
  'POST /v1/section-properties 401': post('/v1/section-properties', TEE, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/section-properties 413': post('/v1/section-properties', OVERSIZED),
  'POST /v1/section-properties 429': limited('/v1/section-properties', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(TEE) }),
  'POST /v1/section-properties 500': engineFault('/v1/section-properties', TEE),
  'POST /v1/section-properties 422': tooCostly('/v1/section-properties', combSection()),
  'POST /v1/section-properties 503': storeAway('/v1/section-properties', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(TEE) }),

  'POST /v1/section-properties/diagram 200': post('/v1/section-properties/diagram', TEE),
  'POST /v1/section-properties/diagram 400': post('/v1/section-properties/diagram', { ...TEE, width: 399 }),
  'POST /v1/section-properties/diagram 401': post('/v1/section-properties/diagram', TEE, { ...JSON_TYPE, ...UNKNOWN_KEY }),
  'POST /v1/section-properties/diagram 413': post('/v1/section-properties/diagram', OVERSIZED),
  'POST /v1/section-properties/diagram 429': limited('/v1/section-properties/diagram', {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify(TEE),
  }),
  'POST /v1/section-properties/diagram 500': engineFault('/v1/section-properties/diagram', TEE),
  'POST /v1/section-properties/diagram 422': tooCostly('/v1/section-properties/diagram', combSection()),
  'POST /v1/section-properties/diagram 503': storeAway('/v1/section-properties/diagram', {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify(TEE),
  }),

  'GET /v1/standards 200': get('/v1/standards'),
  'GET /v1/standards 304': revalidate('/v1/standards'),
  'GET /v1/standards 400': get('/v1/standards?x=1'),
  'GET /v1/standards 401': get('/v1/standards', UNKNOWN_KEY),
  'GET /v1/standards 429': limited('/v1/standards'),
  'GET /v1/standards 503': storeAway('/v1/standards'),

  'GET /v1/sections 200': get('/v1/sections?standard=bs4&type=UC'),
  'GET /v1/sections 304': revalidate('/v1/sections?q=w14x9'),
  'GET /v1/sections 400': get('/v1/sections?limit=0'),
  'GET /v1/sections 401': get('/v1/sections', UNKNOWN_KEY),
  'GET /v1/sections 429': limited('/v1/sections'),
  'GET /v1/sections 503': storeAway('/v1/sections'),

  'GET /v1/sections/{name} 200': get('/v1/sections/IPE300'),
  'GET /v1/sections/{name} 304': revalidate('/v1/sections/W14X90'),
  'GET /v1/sections/{name} 400': get('/v1/sections/IPE300?standard=DIN'),
  'GET /v1/sections/{name} 401': get('/v1/sections/IPE300', UNKNOWN_KEY),
  'GET /v1/sections/{name} 404': get('/v1/sections/IPE301'),
  'GET /v1/sections/{name} 429': limited('/v1/sections/IPE300'),
  'GET /v1/sections/{name} 503': storeAway('/v1/sections/IPE300'),

  'POST /mcp 200': mcp(TOOL_CALL),
  'POST /mcp 202': mcp({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  'POST /mcp 400': mcp('{"jsonrpc": "2.0", "id": 1,'),
  'POST /mcp 401': mcp(TOOL_CALL, { ...MCP_HEADERS, ...UNKNOWN_KEY }),
  'POST /mcp 406': mcp(TOOL_CALL, { ...JSON_TYPE, Accept: 'application/json' }),
  'POST /mcp 413': mcp(JSON.stringify({ ...TOOL_CALL, padding: 'x'.repeat(MAX_BODY_BYTES) })),
  'POST /mcp 503': ({ away }) => fetch(`${away}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(TOOL_CALL) }),
  'POST /mcp 415': mcp(JSON.stringify(TOOL_CALL), { ...MCP_HEADERS, 'Content-Type': 'text/plain' }),
};

/** Every `METHOD path status` of the document with its response object. */
function documented(): [string, Json][] {
  const entries: [string, Json][] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
        entries.push([`${method.toUpperCase()} ${path} ${status}`, response as Json]);
      }
    }
  }
  return entries;
}

describe('the documented responses', () => {
  it('are exactly the ones produced here', () => {
    expect(
      documented()
        .map(([key]) => key)
        .sort(),
    ).toEqual(Object.keys(PRODUCERS).sort());
  });

  it.each(documented())('%s is produced, with the documented media type, headers and body', async (key, response) => {
    const send = PRODUCERS[key];
    if (send === undefined) throw new Error(`no request produces ${key}`);
    const res = await send({ roomy: roomy.url, tight: tight.url, away: away.url, faulty: faulty.url, costly: costly.url });
    expect(res.status).toBe(Number(key.split(' ')[2]));

    for (const name of Object.keys((response.headers ?? {}) as Json)) {
      expect(res.headers.get(name), `header ${name}`).not.toBeNull();
    }

    const content = response.content as Json | undefined;
    const text = await res.text();
    if (content === undefined) {
      expect(text).toBe('');
      return;
    }
    const [mediaType, media] = Object.entries(content)[0] as [string, Json];
    expect(res.headers.get('content-type')?.split(';')[0]).toBe(mediaType);
    if (media.schema.$ref === undefined) {
      // The one inline schema is the SVG document's: a string.
      expect(media.schema).toEqual({ type: 'string' });
      expect(text).toMatch(/^<svg[\s>]/);
      return;
    }
    expect(violations(media.schema.$ref as string, JSON.parse(text))).toEqual([]);
  });
});

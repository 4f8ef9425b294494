/**
 * The Koa application factory. It does not listen, so tests drive it in-process; `main.ts` starts it.
 *
 * Order: version header + problem rendering (outermost) -> access (keys, rate limits) -> JSON body
 * -> routes -> 405/404 for what no route took.
 */
import Koa from 'koa';
import Router from '@koa/router';
import type { Engine } from '../engine/engine.js';
import { mcpRoute } from '../mcp/index.js';
import { openApiRoute } from '../openapi/index.js';
import { solveBeam } from '../solve/beam.js';
import { responseBody } from '../solve/json-text.js';
import { solveTruss } from '../solve/truss.js';
import type { SolveContext } from '../solve/context.js';
import { renderBeamDiagram, renderTrussDiagram } from '../solve/diagram.js';
import type { SectionLibrary } from '../sections/library.js';
import { accessControl, type AccessOptions } from './middleware/access.js';
import { jsonBody } from './middleware/body.js';
import { problems } from './middleware/errors.js';
import { Problem } from '../problem/index.js';
import { sectionRoutes } from './routes/sections.js';

export interface AppOptions {
  engine: Engine;
  /** PUBLIC_BASE_URL; default http://localhost:3000. */
  baseUrl?: string;
  /** The steel section library; its routes are served when given. */
  sections?: SectionLibrary;
  /** Keys and rate limits; without it every caller is unlimited (tests of other concerns, benchmarks). */
  access?: AccessOptions;
  /** Where service faults are reported. */
  log?: (error: unknown) => void;
}

export const DEFAULT_BASE_URL = 'http://localhost:3000';
const JSON_TYPE = 'application/json; charset=utf-8';

/** A response body as Koa takes bytes (a Buffer over the same memory, no copy). */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createApp(options: AppOptions): Koa {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const context: SolveContext = { engine: options.engine, baseUrl, ...(options.sections && { sections: options.sections }) };
  const app = new Koa();
  const router = new Router();

  router.get('/v1/health', (ctx) => {
    ctx.body = { ok: true, engineVersion: options.engine.version, timestamp: new Date().toISOString() };
  });
  router.post('/v1/beam/solve', (ctx) => {
    // the header itself: `ctx.type = 'json'` looks the name up in the MIME table on every request
    ctx.set('Content-Type', JSON_TYPE);
    ctx.body = asBuffer(responseBody(solveBeam(ctx.state.body, context)));
  });
  router.post('/v1/truss/solve', (ctx) => {
    ctx.set('Content-Type', JSON_TYPE);
    ctx.body = asBuffer(responseBody(solveTruss(ctx.state.body, context)));
  });
  router.post('/v1/beam/diagram', (ctx) => {
    ctx.type = 'image/svg+xml';
    ctx.body = renderBeamDiagram(ctx.state.body, context);
  });
  router.post('/v1/truss/diagram', (ctx) => {
    ctx.type = 'image/svg+xml';
    ctx.body = renderTrussDiagram(ctx.state.body, context);
  });
  if (options.sections) sectionRoutes(router, options.sections);
  openApiRoute(router, baseUrl);
  router.post('/mcp', mcpRoute({ context: { solve: context, ...(options.sections && { sections: options.sections }) }, ...(options.log && { log: options.log }) }));

  app.use(problems(options.engine.version, baseUrl, options.log ?? ((e) => console.error(e))));
  if (options.access) app.use(accessControl(options.access));
  app.use(jsonBody());
  app.use(router.routes());
  app.use(async (ctx) => {
    const allowed = allowedMethods(router, ctx.path);
    if (allowed.length > 0) {
      throw new Problem('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; use ${allowed.join(', ')}.`, {
        headers: { Allow: allowed.join(', ') },
      });
    }
    throw new Problem('not_found', `No resource at ${ctx.path}.`);
  });
  return app;
}

/** Methods some route answers on `path` (empty when the path is unknown). */
function allowedMethods(router: Router, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of router.match(path, 'GET').path) {
    for (const m of layer.methods) methods.add(m);
  }
  return [...methods];
}

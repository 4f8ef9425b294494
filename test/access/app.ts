/**
 * A small Koa app for the access tests: an error middleware that renders Problem as problem+json (as the
 * service's does), and the service's own route table and router with cheap stand-ins for the handlers, so
 * that access is decided exactly as in the service (by the route that matched).
 */

import Koa, { type Middleware } from 'koa';
import { Problem, type ProblemCode } from '../../ts/problem/index.js';
import type { Engine } from '../../ts/engine/engine.js';
import { createRouter } from '../../ts/server/app.js';
import type { AccessOptions, AccessState, McpAccessState } from '../../ts/server/middleware/access.js';
import { ROUTES, type Route, type RouteDeps } from '../../ts/server/routes/table.js';

const FAILURES: Record<string, ProblemCode> = {
  '400': 'invalid_input',
  '413': 'payload_too_large',
  '422': 'unstable_structure',
  '500': 'internal_error',
};

/** What each route answers in these tests instead of its real handler. */
const standIn: Middleware = async (ctx) => {
  const route = `${ctx.method} ${ctx.path}`;
  if (route === 'GET /v1/standards') {
    // Echo who the access middleware says is calling.
    ctx.body = { caller: (ctx.state as AccessState).caller };
  } else if (ctx.method === 'POST' && ctx.path.startsWith('/v1/')) {
    const code = FAILURES[String(ctx.query.fail ?? '')];
    if (code) throw new Problem(code, `failing with ${code} as asked`);
    ctx.body = { ok: true };
  } else if (ctx.path.startsWith('/v1/sections/')) {
    if (ctx.params.name !== 'IPE300') throw new Problem('not_found', 'No section named that.');
    ctx.body = { name: 'IPE300' };
  } else if (route === 'POST /mcp') {
    // Stands in for the MCP handler: only tools/call counts.
    if (ctx.query.method === 'tools/call') await (ctx.state as McpAccessState).countCall();
    ctx.body = { jsonrpc: '2.0', id: 1, result: {} };
  } else {
    ctx.body = { ok: true };
  }
};

/** The service's routes with the stand-in handler; none reads a body. */
export const STAND_IN_ROUTES: readonly Route[] = ROUTES.map((route) => ({ ...route, readsOwnBody: true, handler: () => standIn }));

const deps = {
  engine: { version: '0.0.0+accesstest00' } as Engine,
  baseUrl: 'http://localhost:3000',
  routes: STAND_IN_ROUTES,
} as unknown as RouteDeps;

export function accessTestApp(access: AccessOptions): Koa {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new Problem('not_found', `No route ${ctx.path}`);
    } catch (error) {
      const problem = error instanceof Problem ? error : new Problem('internal_error');
      ctx.status = problem.status;
      ctx.set(problem.headers);
      ctx.type = 'application/problem+json';
      ctx.body = problem.body('http://localhost:3000');
    }
  });
  app.use(createRouter(STAND_IN_ROUTES, deps, access).routes());
  return app;
}

/** A clock the test sets by hand. */
export function manualClock(iso: string) {
  let now = new Date(iso);
  return {
    now: () => now,
    set: (next: string) => {
      now = new Date(next);
    },
  };
}

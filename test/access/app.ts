/**
 * A small Koa app for the access tests: an error middleware that renders Problem as problem+json
 * (as the service's does), the access middleware, and cheap stand-ins for counted and uncounted routes.
 */

import Koa, { type Middleware } from 'koa';
import { Problem, type ProblemCode } from '../../ts/problem/index.js';
import type { AccessState, McpAccessState } from '../../ts/server/middleware/access.js';

const FAILURES: Record<string, ProblemCode> = {
  '400': 'invalid_input',
  '413': 'payload_too_large',
  '422': 'unstable_structure',
  '500': 'internal_error',
};

export function accessTestApp(access: Middleware): Koa {
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
  app.use(access);
  app.use(async (ctx) => {
    const route = `${ctx.method} ${ctx.path}`;
    if (route === 'GET /v1/health') {
      ctx.body = { ok: true };
    } else if (route === 'GET /v1/standards') {
      // Echo who the access middleware says is calling.
      ctx.body = { caller: (ctx.state as AccessState).caller };
    } else if (route === 'POST /v1/beam/solve') {
      const code = FAILURES[String(ctx.query.fail ?? '')];
      if (code) throw new Problem(code, `failing with ${code} as asked`);
      ctx.body = { ok: true };
    } else if (route === 'GET /v1/sections/IPE300') {
      ctx.body = { name: 'IPE300' };
    } else if (ctx.method === 'GET' && ctx.path.startsWith('/v1/sections/')) {
      throw new Problem('not_found', 'No section named that.');
    } else if (route === 'POST /mcp') {
      // Stands in for the MCP handler: only tools/call counts.
      if (ctx.query.method === 'tools/call') await (ctx.state as McpAccessState).countCall();
      ctx.body = { jsonrpc: '2.0', id: 1, result: {} };
    }
  });
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

/**
 * The access log: one structured line per request, written when the response is complete (the problem
 * middleware has set the final status by then, so a refusal logs its 4xx). It names the method, the route
 * template that matched (not the raw path of a 404, whose text is the caller's), the path, the status, the time
 * taken, and for identified callers the tier and the key's public id. Never the key itself nor any header: the
 * Authorization header is not read here at all.
 */
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AccessState } from './access.js';

/**
 * The route that matched, as the route table and the API document write it (`/v1/sections/{name}`, not the
 * router's `/v1/sections/*name`), or undefined for a request no route took.
 */
export function matchedRoute(ctx: object): string | undefined {
  const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof route === 'string' ? route.replace(/[:*](\w+)/g, '{$1}') : undefined;
}

export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const caller = (ctx.state as Partial<AccessState>).caller;
      logger.info(
        {
          method: ctx.method,
          route: matchedRoute(ctx) ?? null,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 1000) / 1000,
          tier: caller?.tier ?? null,
          keyId: caller?.keyId ?? null,
        },
        'request',
      );
    }
  };
}

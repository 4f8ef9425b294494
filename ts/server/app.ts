/**
 * The Koa application factory. It does not listen, so tests drive it in-process; `main.ts` starts it.
 *
 * Order: version header + problem rendering (outermost) -> router, where each route of the table runs
 * its own chain (access for counted and MCP routes -> JSON body for routes that take one -> handler)
 * -> 405/404 for what no route took, uncounted.
 */
import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Engine } from '../engine/engine.js';
import { EnginePool } from './compute/pool.js';
import type { Compute } from './compute/settle.js';
import type { SectionLibrary } from '../sections/library.js';
import { accessControl, type AccessOptions } from './middleware/access.js';
import { accessLog } from './middleware/access-log.js';
import { createMetrics } from './middleware/metrics.js';
import { silentLogger } from './logger.js';
import { jsonBody } from './middleware/body.js';
import { problems } from './middleware/errors.js';
import { Problem } from '../problem/index.js';
import { ROUTES, routerPath, type Route, type RouteDeps } from './routes/table.js';
import { defaultCalculatorDir } from './routes/calculator.js';

export interface AppOptions {
  engine: Engine;
  /** PUBLIC_BASE_URL; default http://localhost:3000 (main.ts defaults it from PORT: publicBaseUrl). */
  baseUrl?: string;
  /** The steel section library; its routes are served when given. */
  sections?: SectionLibrary;
  /** Keys and rate limits; without it every caller is unlimited (tests of other concerns, benchmarks). */
  access?: AccessOptions;
  /** Where service faults are reported. */
  log?: (error: unknown) => void;
  /** The access log's logger (ts/server/logger.ts); without it nothing is logged per request. */
  logger?: Logger;
  /** The calculator's built files; default dist/calculator of this repository (`make web`). */
  calculatorDir?: string;
  /** The route table; the service's own unless a test needs another. */
  routes?: readonly Route[];
  /**
   * Where solves, figures and section properties run: by default the process's shared engine pool
   * (`sharedEnginePool`: threads sized to the cores, each with the repository's section library).
   */
  compute?: Compute;
}

let shared: EnginePool | undefined;

/** One engine pool per process for apps given none (tests make many apps; each would otherwise start threads). */
export function sharedEnginePool(): EnginePool {
  return (shared ??= new EnginePool());
}

export const DEFAULT_BASE_URL = 'http://localhost:3000';

/**
 * The address links, problem types and the attribution name: PUBLIC_BASE_URL, else the port the
 * service really listens on (a service started on PORT=4501 must not send users to :3000).
 */
export function publicBaseUrl(env: { PORT?: string; PUBLIC_BASE_URL?: string }): string {
  const configured = env.PUBLIC_BASE_URL?.trim();
  const url = configured ? configured : `http://localhost:${listenPort(env)}`;
  return url.replace(/\/+$/, '');
}

/** $PORT, default 3000. */
export function listenPort(env: { PORT?: string }): number {
  return env.PORT?.trim() ? Number(env.PORT) : 3000;
}

/** The router of a route table: strict about case and trailing slashes, so `/v1/Beam/solve` is a 404. */
export function createRouter(routes: readonly Route[], deps: RouteDeps, access?: AccessOptions): Router {
  const router = new Router({ strict: true, sensitive: true });
  const guards = access && accessControl(access);
  for (const route of routes) {
    const handler = route.handler(deps);
    if (handler === undefined) continue;
    const chain: Koa.Middleware[] = [];
    if (guards && route.access !== 'open') chain.push(guards[route.access]);
    if (route.doc?.body && !route.readsOwnBody) chain.push(jsonBody());
    chain.push(handler);
    const layer = router.register(routerPath(route), [route.method], chain);
    // The router answers HEAD on every GET route; on a counted route it would spend a count on a response
    // with no body, so HEAD is left to the 405 below like any other method the route does not take.
    if (route.access !== 'open' && 'methods' in layer) layer.methods = layer.methods.filter((method) => method !== 'HEAD');
  }
  return router;
}

export function createApp(options: AppOptions): Koa {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const routes = options.routes ?? ROUTES;
  const counters = options.access?.counters;
  const metrics = createMetrics(() => counters?.reachable?.() ?? true);
  const deps: RouteDeps = {
    engine: options.engine,
    baseUrl,
    compute: options.compute ?? sharedEnginePool(),
    calculatorDir: options.calculatorDir ?? defaultCalculatorDir(),
    routes,
    countersReachable: () => (counters?.reachable?.() === false ? false : (counters?.probe?.() ?? true)),
    metrics,
    ...(options.sections && { sections: options.sections }),
    ...(options.log && { log: options.log }),
  };
  const router = createRouter(routes, deps, options.access);
  const log = options.log ?? ((e) => console.error(e));

  const app = new Koa();
  // Errors of the connection itself (a client that hung up, or sent bytes that are not HTTP) are the
  // client's; Koa would print each one's stack trace.
  app.on('error', (error: unknown) => {
    if (!isClientDisconnect(error)) log(error);
  });
  // outermost: they see every request's final status, problems included
  app.use(accessLog(options.logger ?? silentLogger()));
  app.use(metrics.middleware);
  app.use(problems(options.engine.version, baseUrl, log));
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

/** A socket error of a client that went away or spoke no HTTP: not the service's fault. */
export function isClientDisconnect(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || code.startsWith('HPE_'));
}

/** Methods some route answers on `path` (empty when the path is unknown). */
function allowedMethods(router: Router, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of router.match(path, 'GET').path) {
    for (const m of layer.methods) methods.add(m);
  }
  return [...methods];
}

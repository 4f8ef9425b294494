/**
 * Prometheus metrics (prom-client), one registry per app: requests and their durations by route, method and
 * status; the time of each solve by kind; rate-limit refusals by window; whether the counter store is reachable;
 * and the Node process's own metrics. `GET /metrics` answers them in the text exposition format; it is open,
 * not counted against any limit, and not itself counted here (a scrape every few seconds would swamp the rest).
 */
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { matchedRoute } from './access-log.js';

export const METRICS_PATH = '/metrics';

/** Seconds: a small beam solves in well under a millisecond, a 1,000-member frame in a few hundred. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The kind a solve route's template names, or undefined for any other route. */
export function solveKind(route: string | undefined): string | undefined {
  if (route === '/v1/section-properties') return 'section-properties';
  return /^\/v1\/(beam|truss|frame)\/solve$/.exec(route ?? '')?.[1];
}

export interface Metrics {
  registry: Registry;
  /** Counts and times every request but the scrapes. */
  middleware: Middleware;
  /** GET /metrics. */
  handler: Middleware;
}

/** `storeUp` says whether the counter store is reachable now (read at each scrape). */
export function createMetrics(storeUp: () => boolean): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'spanwise_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'spanwise_http_requests_total',
    help: 'HTTP requests answered.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'spanwise_http_request_duration_seconds',
    help: 'Time from the request to its response being ready.',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const solves = new Histogram({
    name: 'spanwise_solve_duration_seconds',
    help: 'Time of each successful solve request, by kind of structure.',
    labelNames: ['kind'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'spanwise_rate_limited_total',
    help: 'Requests refused with 429, by the window that was full (burst, day, month).',
    labelNames: ['window'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'spanwise_counter_store_up',
    help: '1 while the counter store (memory or Redis) is reachable, 0 while counted requests are refused with 503.',
    registers: [registry],
    collect() {
      this.set(storeUp() ? 1 : 0);
    },
  });

  const middleware: Middleware = async (ctx, next) => {
    if (ctx.path === METRICS_PATH) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      // a request no route took is labelled as such: its raw path is the caller's text, unbounded
      const route = matchedRoute(ctx);
      const labels = { method: ctx.method, route: route ?? 'unmatched', status: String(ctx.status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
      const kind = solveKind(route);
      if (kind !== undefined && ctx.status === 200) solves.observe({ kind }, seconds);
      if (ctx.status === 429) refusals.inc({ window: ctx.response.get('X-RateLimit-Window') || 'unknown' });
    }
  };

  const handler: Middleware = async (ctx) => {
    ctx.set('Content-Type', registry.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await registry.metrics();
  };

  return { registry, middleware, handler };
}

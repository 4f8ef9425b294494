/**
 * A server for the HTTP benchmarks, in its own process so the load generator does not share its event
 * loop: `service` is the real app as `npm start` runs it (the compiled dist/, no rate limits), `bare` a
 * Koa route answering the object it is sent once at start-up. Tells the parent its port over IPC.
 *
 * For `bench/http-beam-split.ts`, the same app with its beam-solve route changed, each part of the route
 * taken out in turn (the route table is the app's own option, so nothing in the service knows of these):
 * `no-link` solves without `links.view`, `no-text` solves and answers the first response's bytes instead of
 * writing its own, `prepared` answers those bytes without solving (what HTTP, Koa and reading the body cost).
 */
import type { AddressInfo } from 'node:net';
import Koa, { type Middleware } from 'koa';
import type { Route } from '../ts/server/routes/table.js';

const kind = process.argv[2];
const VARIANTS = ['no-link', 'no-text', 'prepared'];

async function app(): Promise<Koa> {
  if (kind === 'service' || VARIANTS.includes(kind ?? '')) {
    // `make bench` builds dist/ first; the paths are computed so tsc does not follow them into dist
    const dist = (path: string) => new URL(`../dist/ts/${path}`, import.meta.url).href;
    const { loadEngine } = (await import(dist('engine/node.js'))) as typeof import('../ts/engine/node.js');
    const { createApp } = (await import(dist('server/app.js'))) as typeof import('../ts/server/app.js');
    const { loadSectionLibrary } = (await import(dist('server/section-files.js'))) as typeof import('../ts/server/section-files.js');
    const { ROUTES } = (await import(dist('server/routes/table.js'))) as typeof import('../ts/server/routes/table.js');
    const { solveBeam } = (await import(dist('solve/beam.js'))) as typeof import('../ts/solve/beam.js');
    const routes =
      kind === 'service' ? ROUTES : ROUTES.map((route) => (route.path === '/v1/beam/solve' ? beamVariant(route, solveBeam) : route));
    return createApp({ engine: await loadEngine(), sections: loadSectionLibrary(), routes });
  }
  const body = await new Promise<unknown>((resolve) => process.once('message', resolve));
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = body;
  });
  return bare;
}

/** The beam-solve route with one part taken out (see above). */
function beamVariant(route: Route, solveBeam: typeof import('../ts/solve/beam.js').solveBeam): Route {
  if (kind === 'no-link') return { ...route, handler: (deps) => route.handler({ ...deps, solve: { ...deps.solve, link: false } }) };
  return {
    ...route,
    handler: (deps) => {
      const whole = route.handler(deps)!;
      let prepared: { type: string; body: unknown } | undefined;
      const answer: Middleware = async (ctx, next) => {
        if (prepared === undefined) {
          await whole(ctx, next);
          prepared = { type: ctx.response.get('Content-Type'), body: ctx.body };
          return;
        }
        if (kind === 'no-text') solveBeam(ctx.state.body, deps.solve);
        ctx.set('Content-Type', prepared.type);
        ctx.body = prepared.body;
      };
      return answer;
    },
  };
}

const server = (await app()).listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
// the memory benchmark asks for this process's resident memory
process.on('message', (m) => {
  if (m === 'rss') process.send?.({ rss: process.memoryUsage().rss });
});

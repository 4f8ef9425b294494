/**
 * A server for the HTTP benchmarks, in its own process so the load generator does not share its event
 * loop: `service` is the real app as `npm start` runs it (the compiled dist/, no rate limits; a second argument
 * `inline` runs the engine in the service's thread, a number sets the engine threads), `bare` a Koa route
 * answering the object it is sent once at start-up. Tells the parent its port over IPC.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const kind = process.argv[2];

async function app(): Promise<Koa> {
  if (kind === 'service') {
    // `make bench` builds dist/ first; the paths are computed so tsc does not follow them into dist
    const dist = (path: string) => new URL(`../dist/ts/${path}`, import.meta.url).href;
    const { loadEngine } = (await import(dist('engine/node.js'))) as typeof import('../ts/engine/node.js');
    const { createApp } = (await import(dist('server/app.js'))) as typeof import('../ts/server/app.js');
    const { loadSectionLibrary } = (await import(dist('server/section-files.js'))) as typeof import('../ts/server/section-files.js');
    const { EnginePool } = (await import(dist('server/compute/pool.js'))) as typeof import('../ts/server/compute/pool.js');
    const { InlineCompute } = (await import(dist('server/compute/inline.js'))) as typeof import('../ts/server/compute/inline.js');
    const [engine, sections] = [await loadEngine(), loadSectionLibrary()];
    const where = process.argv[3] ?? '';
    const compute =
      where === 'inline' ? new InlineCompute({ engine, sections }) : new EnginePool(where === '' ? {} : { threads: Number(where) });
    return createApp({ engine, sections, compute });
  }
  const body = await new Promise<unknown>((resolve) => process.once('message', resolve));
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = body;
  });
  return bare;
}

const server = (await app()).listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
// the memory benchmark asks for this process's resident memory
process.on('message', (m) => {
  if (m === 'rss') process.send?.({ rss: process.memoryUsage().rss });
});

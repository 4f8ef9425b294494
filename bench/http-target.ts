/**
 * A server for the HTTP benchmarks, in its own process so the load generator does not share its event
 * loop: `service` is the real app (no rate limits), `bare` a Koa route answering the object it is sent
 * once at start-up. Tells the parent its port over IPC.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { loadEngine } from '../ts/engine/node.js';
import { createApp } from '../ts/server/app.js';
import { SectionLibrary } from '../ts/sections/library.js';

const kind = process.argv[2];

async function app(): Promise<Koa> {
  if (kind === 'service') return createApp({ engine: await loadEngine(), sections: SectionLibrary.load() });
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

/**
 * The whole service listening on 127.0.0.1 (port 0) for tests that need a real HTTP server: the SDK's MCP
 * client speaks HTTP, not a Koa callback. Access control is on, with an empty key store (every key is
 * unknown) and memory counters; tests choose the caps.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { loadEngine } from '../../ts/engine/node.js';
import type { KeyStore } from '../../ts/keys/store.js';
import type { CounterStore } from '../../ts/limits/counter-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { TIERS, type TierTable } from '../../ts/limits/tiers.js';
import { SectionLibrary } from '../../ts/sections/index.js';
import { createApp } from '../../ts/server/app.js';
import type { Compute } from '../../ts/server/compute/settle.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';

export const BASE_URL = 'http://localhost:3000';

/** A key store that holds no keys, so any Bearer key is 401. */
const noKeys: KeyStore = {
  add: () => Promise.reject(new Error('this test store issues no keys')),
  findByHash: () => Promise.resolve(undefined),
  findById: () => Promise.resolve(undefined),
  list: () => Promise.resolve([]),
  revoke: () => Promise.resolve(undefined),
  describe: () => Promise.resolve({ where: 'nowhere (a test store)', durable: false }),
  close: () => Promise.resolve(),
};

/** Caps high enough that a test file never meets them. */
export const ROOMY: TierTable = { ...TIERS, anonymous: { burst: 10_000, day: 10_000, month: 10_000 } };

let library: SectionLibrary | undefined;

export interface RunningService {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startService(
  tiers: TierTable = ROOMY,
  counters: CounterStore = new MemoryCounterStore(),
  compute?: Compute,
): Promise<RunningService> {
  library ??= loadSectionLibrary();
  const app = createApp({
    engine: await loadEngine(),
    baseUrl: BASE_URL,
    sections: library,
    access: { keys: noKeys, counters, tiers },
    ...(compute && { compute }),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The SDK's own MCP client, connected to the service's /mcp. */
export async function connectClient(service: RunningService): Promise<Client> {
  const client = new Client({ name: 'spanwise-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`)));
  return client;
}

/** Headers a Streamable HTTP client sends with every POST. */
export const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** One raw JSON-RPC POST to /mcp, for what the SDK client hides (HTTP status and headers). */
export async function postMcp(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * The running service and the SDK client connected to it, for one test file: started before its tests and
 * closed after them. Read them inside tests (they exist once `beforeAll` has run).
 */
export function serviceForFile(): { readonly service: RunningService; readonly client: Client } {
  let service: RunningService | undefined;
  let client: Client | undefined;
  beforeAll(async () => {
    service = await startService();
    client = await connectClient(service);
  });
  afterAll(async () => {
    await client?.close();
    await service?.close();
  });
  return {
    get service() {
      return service!;
    },
    get client() {
      return client!;
    },
  };
}

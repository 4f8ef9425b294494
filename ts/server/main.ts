/**
 * Starts the service: `npm start` (after `make`), on $PORT (default 3000). Embedded defaults need no
 * other server: SQLite keys and in-memory counters, or Redis for both when REDIS_URL is set.
 */
import { loadEngine } from '../engine/node.js';
import { loadSectionLibrary } from './section-files.js';
import { storesFromEnv, trustProxyFromEnv } from './middleware/access.js';
import { createApp, DEFAULT_BASE_URL } from './app.js';
import { answerClientErrors } from './client-errors.js';

const port = Number(process.env.PORT ?? 3000);
const baseUrl = (process.env.PUBLIC_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');

const engine = await loadEngine();
const stores = storesFromEnv(process.env);
const app = createApp({
  engine,
  baseUrl,
  sections: loadSectionLibrary(),
  access: { keys: stores.keys, counters: stores.counters, trustProxy: trustProxyFromEnv(process.env) },
});
const server = app.listen(port, () => {
  console.log(`Spanwise ${engine.version} listening on port ${port} (${baseUrl})`);
});
answerClientErrors(server, engine.version, baseUrl);

// Finish the requests in flight, then close the key file or the Redis connection.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => void stores.close().finally(() => process.exit(0))));
}

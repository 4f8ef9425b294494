/**
 * Starts the service: `npm start` (after `make`), on $PORT (default 3000); links, problem types and the
 * attribution name PUBLIC_BASE_URL (default http://localhost:$PORT). Embedded defaults need no
 * other server: SQLite keys and in-memory counters, or Redis for both when REDIS_URL is set.
 */
import { loadEngine } from '../engine/node.js';
import { loadSectionLibrary } from './section-files.js';
import { storesFromEnv, trustProxyFromEnv } from './middleware/access.js';
import { createApp, listenPort, publicBaseUrl } from './app.js';
import { answerClientErrors } from './client-errors.js';
import { EnginePool } from './compute/pool.js';
import { createLogger, logSettingsFromEnv } from './logger.js';

const port = listenPort(process.env);
const baseUrl = publicBaseUrl(process.env);

const logger = createLogger(logSettingsFromEnv(process.env));
const engine = await loadEngine();
const stores = storesFromEnv(process.env);
// ENGINE_THREADS: engine threads (default: the machine's parallelism)
const threads = Number.parseInt(process.env.ENGINE_THREADS ?? '', 10);
const compute = new EnginePool(Number.isInteger(threads) && threads > 0 ? { threads } : {});
const app = createApp({
  engine,
  baseUrl,
  compute,
  sections: loadSectionLibrary(),
  access: { keys: stores.keys, counters: stores.counters, trustProxy: trustProxyFromEnv(process.env) },
  logger,
  log: (error) => logger.error({ err: error }, 'service fault'),
});
const server = app.listen(port, () => {
  const address = server.address();
  const where =
    typeof address === 'object' && address
      ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
      : String(address);
  logger.info(
    { engineVersion: engine.version, address: where, baseUrl },
    `Spanwise ${engine.version} listening on ${where}; links and problem types use ${baseUrl}`,
  );
});
answerClientErrors(server, engine.version, baseUrl);

// Keys issued into a store that keeps nothing across its restart are lost with it: say so once, at start.
void stores.keys.describe().then(({ where, durable, note }) => {
  if (durable === false) console.error(`warning: API keys live in ${where}; ${note ?? 'they do not survive its restart'}`);
});

// Finish the requests in flight, then close the key file or the Redis connection.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => void Promise.all([stores.close(), compute.close()]).finally(() => process.exit(0))));
}

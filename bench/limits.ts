/**
 * Rate-limit overhead: requests per second of a cheap counted endpoint with limits off, on with memory
 * counters, and on with Redis, each anonymous and with a key. Run: `npx tsx bench/limits.ts`. The endpoint
 * is the route table's /v1/standards entry with a constant body, through the service's own router, so
 * "limits off" differs from the others by the access step alone. Information without a target (issue 38
 * retired issue 14's).
 *
 * Each server runs in its own child process (so the load generator does not share its thread), on
 * loopback, for a few seconds per run. The caps are raised out of reach so that every request takes
 * the whole counted path (authenticate, count, set headers) instead of being refused early.
 * Redis: REDIS_URL if set, otherwise a throwaway redis-server started here.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Koa, { type Middleware } from 'koa';
import { Redis } from 'ioredis';
import { issueKey } from '../ts/keys/issue.js';
import { RedisKeyStore } from '../ts/keys/redis-store.js';
import { SqliteKeyStore } from '../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../ts/limits/memory-store.js';
import { TIERS, type TierTable } from '../ts/limits/tiers.js';
import { createRouter } from '../ts/server/app.js';
import { storesFromEnv, type AccessOptions } from '../ts/server/middleware/access.js';
import { ROUTES, type RouteDeps } from '../ts/server/routes/table.js';
import { Problem } from '../ts/problem/index.js';
import { startRedis } from '../test/access/redis-server.js';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

type Backend = 'off' | 'memory' | 'redis';
interface Mode {
  name: string;
  backend: Backend;
  keyed: boolean;
}

const MODES: Mode[] = [
  { name: 'limits off', backend: 'off', keyed: false },
  { name: 'memory, anonymous', backend: 'memory', keyed: false },
  { name: 'memory, keyed (SQLite)', backend: 'memory', keyed: true },
  { name: 'redis, anonymous', backend: 'redis', keyed: false },
  { name: 'redis, keyed (Redis)', backend: 'redis', keyed: true },
];
/**
 * The modes whose overhead is printed. Issue 14 once set targets on them (under 10% of a cheap request's
 * throughput with memory counters, 20% keyed or on Redis); issue 38 retired them: the share of a request that
 * does nothing moves with the machine and says nothing a user feels. The figures stay, as information.
 */
const COUNTED = ['memory, anonymous', 'memory, keyed (SQLite)', 'redis, anonymous', 'redis, keyed (Redis)'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_S = 1;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = 32;

/** Caps no benchmark reaches, so every request is counted and served. */
const UNREACHABLE = 1e12;
const OPEN_TIERS: TierTable = Object.fromEntries(
  Object.keys(TIERS).map((tier) => [tier, { burst: UNREACHABLE, day: UNREACHABLE, month: UNREACHABLE }]),
) as unknown as TierTable;

// ---- the server side: `tsx bench/limits.ts serve <backend> <keysDb> [redisUrl]` ----

async function serve(backend: Backend, keysDb: string, redisUrl: string | undefined): Promise<void> {
  // Exit normally on SIGTERM, so that profilers (node --cpu-prof) write their output.
  process.once('SIGTERM', () => process.exit(0));
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const problem = error instanceof Problem ? error : new Problem('internal_error');
      ctx.status = problem.status;
      ctx.set(problem.headers);
      ctx.type = 'application/problem+json';
      ctx.body = problem.body('http://localhost:3000');
    }
  });
  let access: AccessOptions | undefined;
  if (backend === 'memory') {
    access = { keys: new SqliteKeyStore(keysDb), counters: new MemoryCounterStore(), tiers: OPEN_TIERS };
  } else if (backend === 'redis') {
    // the service's own Redis connection and stores (REDIS_URL), so the bench measures what it runs
    const { keys, counters } = storesFromEnv({ REDIS_URL: redisUrl ?? '' });
    access = { keys, counters, tiers: OPEN_TIERS };
  }
  // The cheapest counted endpoint there is: a small constant body, behind the service's own router and
  // access chain for /v1/standards (so "limits off" is the same router without the access step).
  const body = { total: 6, standards: ['AS4100', 'AISC', 'EN10365', 'BS4', 'JIS', 'IS808'] };
  const standards = ROUTES.filter((route) => route.path === '/v1/standards').map((route) => ({ ...route, handler: () => cheap }));
  const cheap: Middleware = (ctx) => {
    ctx.body = body;
  };
  app.use(createRouter(standards, {} as RouteDeps, access).routes());
  app.use((ctx) => {
    // The server's own CPU time so far: the load side reads it before and after a run.
    if (ctx.path === '/cpu') ctx.body = process.cpuUsage();
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
}

// ---- the load side ----

async function startServer(backend: Backend, keysDb: string, redisUrl: string): Promise<{ port: number; child: ChildProcess }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, 'serve', backend, keysDb, redisUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  lines.close();
  return { port: (JSON.parse(first) as { port: number }).port, child };
}

/** The server's CPU time in microseconds (user + system), read through its uncounted /cpu route. */
async function serverCpu(port: number): Promise<number> {
  const usage = (await (await fetch(`http://127.0.0.1:${port}/cpu`)).json()) as { user: number; system: number };
  return usage.user + usage.system;
}

interface Run {
  rps: number;
  /** server CPU time per request, microseconds: less sensitive than req/s to other load on the machine */
  cpuPerRequest: number;
  p99: number;
}

async function measure(port: number, headers: Record<string, string>, seconds: number): Promise<Run> {
  const url = `http://127.0.0.1:${port}/v1/standards`;
  const before = await serverCpu(port);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const cpu = (await serverCpu(port)) - before;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx responses and ${result.errors} errors`);
  }
  const requests = result.requests.average * seconds;
  return { rps: result.requests.average, cpuPerRequest: cpu / requests, p99: result.latency.p99 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'spanwise-bench-'));
  const keysDb = join(dir, 'keys.sqlite');
  const ownRedis = process.env.REDIS_URL ? undefined : await startRedis();
  const redisUrl = process.env.REDIS_URL ?? ownRedis!.url;
  const children: ChildProcess[] = [];
  try {
    // One key per store, on a tier whose caps are raised like the others.
    const sqlite = new SqliteKeyStore(keysDb);
    const sqliteKey = (await issueKey(sqlite, { tier: 'enterprise', contact: 'bench@example.org' }, new Date())).key;
    await sqlite.close();
    const redis = new Redis(redisUrl);
    const redisKey = (await issueKey(new RedisKeyStore(redis), { tier: 'enterprise', contact: 'bench@example.org' }, new Date())).key;
    await redis.quit();

    const ports = new Map<Backend, number>();
    for (const backend of ['off', 'memory', 'redis'] as const) {
      const { port, child } = await startServer(backend, keysDb, redisUrl);
      children.push(child);
      ports.set(backend, port);
    }
    const headersOf = (mode: Mode): Record<string, string> =>
      mode.keyed ? { authorization: `Bearer ${mode.backend === 'redis' ? redisKey : sqliteKey}` } : {};

    for (const mode of MODES) await measure(ports.get(mode.backend)!, headersOf(mode), WARMUP_S);
    // Several short rounds, each running every mode once, compared within the round: the machine is
    // shared, and pairing runs that are close in time cancels most of the drift in its load.
    const runs = new Map<string, Run[]>(MODES.map((mode) => [mode.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of MODES) {
        const run = await measure(ports.get(mode.backend)!, headersOf(mode), DURATION_S);
        runs.get(mode.name)!.push(run);
        process.stderr.write(`round ${round} ${mode.name}: ${run.rps.toFixed(0)} req/s, ${run.cpuPerRequest.toFixed(1)} us CPU/request\n`);
      }
    }

    const off = runs.get('limits off')!;
    console.log(
      `\nmedians of ${ROUNDS} rounds of ${DURATION_S} s per mode, ${CONNECTIONS} connections, ` +
        'a cheap counted endpoint (GET /v1/standards stand-in) on loopback',
    );
    console.log('mode                        req/s  p99 ms  throughput overhead  CPU us/req  CPU overhead');
    const overheads = new Map<string, number>();
    for (const mode of MODES) {
      const mine = runs.get(mode.name)!;
      const throughput = median(mine.map((run, i) => 1 - run.rps / off[i]!.rps));
      const cpu = median(mine.map((run, i) => run.cpuPerRequest / off[i]!.cpuPerRequest - 1));
      overheads.set(mode.name, throughput);
      const isOff = mode.backend === 'off';
      console.log(
        [
          mode.name.padEnd(24),
          median(mine.map((run) => run.rps))
            .toFixed(0)
            .padStart(8),
          String(median(mine.map((run) => run.p99))).padStart(7),
          (isOff ? '-' : percent(throughput)).padStart(20),
          median(mine.map((run) => run.cpuPerRequest))
            .toFixed(1)
            .padStart(11),
          (isOff ? '-' : percent(cpu)).padStart(13),
        ].join(' '),
      );
    }
    console.log('');
    for (const mode of COUNTED) {
      console.log(`${`${mode} throughput overhead`.padEnd(46)} ${percent(overheads.get(mode)!).padStart(6)} (information, no target)`);
    }
  } finally {
    // the servers first: a server outliving its Redis would log the outage
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await ownRedis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const [command, backend, keysDb, redisUrl] = process.argv.slice(2);
if (command === 'serve') void serve(backend as Backend, keysDb ?? '', redisUrl);
else await main();

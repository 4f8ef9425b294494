/**
 * The HTTP benchmarks' parts (`bench/run.ts`): the beam request they send, a
 * benchmark server in a child process (`bench/http-target.ts`), load from wrk, and the server's CPU.
 */
import { execFile, fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The 3-span beam with 6 loads of the HTTP benchmarks, as its request text. */
export const HTTP_BEAM_REQUEST = JSON.stringify({
  spans: [
    { length: 5, E: 200, I: 2e8 },
    { length: 6, E: 200, I: 2e8 },
    { length: 5, E: 200, I: 2e8 },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 5 },
    { type: 'roller', position: 11 },
    { type: 'roller', position: 16 },
  ],
  loads: [
    { type: 'udl', start: -10, from: 0, to: 16 },
    { type: 'point', magnitude: -20, position: 2.5 },
    { type: 'point', magnitude: -30, position: 8 },
    { type: 'udl', start: -5, end: -8, from: 11, to: 16, case: 'Q' },
    { type: 'moment', magnitude: 12, position: 13 },
    { type: 'area', start: -2, from: 5, to: 11, width: 3, case: 'Q' },
  ],
});

/** Resident memory of a child server, asked over IPC. */
export function rssOf(child: ReturnType<typeof fork>): Promise<number> {
  return new Promise((resolve) => {
    const answer = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'rss' in m) {
        child.off('message', answer);
        resolve((m as { rss: number }).rss);
      }
    };
    child.on('message', answer);
    child.send('rss');
  });
}

/**
 * CPU milliseconds each thread of a process has used (Linux: /proc, at 100 ticks a second), by thread id, or
 * undefined elsewhere; the main thread's id is the process's. On a busy machine CPU time is steadier than wall
 * time, which also counts waiting for a core.
 */
export function threadCpuMs(pid: number | undefined): Map<number, number> | undefined {
  try {
    const threads = new Map<number, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      threads.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    }
    return threads;
  } catch {
    return undefined;
  }
}

/** Milliseconds of each of `count` requests sent one at a time. */
export async function sequentialMs(url: string, body: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`request failed: ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Starts bench/http-target.ts in a child process (a bare route is handed its body over IPC); `root` is
 * the tree whose target runs (this one, or the baseline's).
 */
/** What `bench/http-target.ts` serves: the service, or a bare Koa route. */
export type ServerKind = 'service' | 'bare';

/**
 * Starts the server; `engine` (service only) is where it runs the engine: `inline` in its own thread, or a
 * number of engine threads (default: the pool sized to the cores).
 */
export async function serve(
  kind: ServerKind,
  body?: unknown,
  nodeFlags: string[] = [],
  root: URL = new URL('../', import.meta.url),
  engine = '',
): Promise<{
  url: string;
  pid: number | undefined;
  close: () => void;
  rss: () => Promise<number>;
  threadCpuMs: () => Map<number, number> | undefined;
}> {
  const child = fork(fileURLToPath(new URL('bench/http-target.ts', root)), [kind, engine], {
    execArgv: [...nodeFlags, '--import', 'tsx'],
  });
  if (body !== undefined) child.send(body as object);
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: () => child.kill(),
    rss: () => rssOf(child),
    threadCpuMs: () => threadCpuMs(child.pid),
  };
}

/**
 * `seconds` of load on `url` from `connections` connections, each sending `body` again as soon as it is answered.
 * The load comes from wrk (Debian's package, in SYSTEM_PKGS), a C program: on two cores it shares the machine
 * with the service, and a load generator in JavaScript (autocannon, used before) spent about 0.3 ms of CPU a
 * 300-node truss request reading the answers, a share the service's threads then could not have. `loadCpuMs` is
 * what wrk itself used a request, printed beside the figures it bears on.
 */
export async function load(url: string, body: string, seconds: number, connections = 10) {
  const dir = mkdtempSync(join(tmpdir(), 'spanwise-load-'));
  try {
    const file = join(dir, 'body.json');
    writeFileSync(file, body);
    const script = fileURLToPath(new URL('wrk-post.lua', import.meta.url));
    // bash's `times` prints the CPU the shell used, then on its last line what its children (wrk) used
    const command = `wrk -t1 -c${connections} -d${seconds}s -s "$0" "$1" | tail -n 1; times`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile('bash', ['-c', command, script, url], { env: { ...process.env, SPANWISE_BODY: file } }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    const lines = out.trim().split('\n');
    const [summary, times] = [lines[0], lines.at(-1)];
    const run = JSON.parse(summary!) as { requests: number; us: number; errors: number; non2xx: number; p50: number; p99: number };
    const cpuSeconds = (times ?? '')
      .trim()
      .split(/\s+/)
      .map((t) => {
        const [, minutes, secs] = /(\d+)m([\d.]+)s/.exec(t) ?? [];
        return Number(minutes) * 60 + Number(secs);
      });
    return {
      rps: run.requests / (run.us / 1e6),
      requests: run.requests,
      p50: run.p50 / 1000,
      p99: run.p99 / 1000,
      errors: run.errors + run.non2xx,
      loadCpuMs: ((cpuSeconds[0]! + cpuSeconds[1]!) * 1000) / Math.max(1, run.requests),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

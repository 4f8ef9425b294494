/**
 * Start a throwaway redis-server for a test run: loopback only, a free port, a temporary working
 * folder, no RDB snapshots and no append-only file, so nothing is left behind in the repo.
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface RunningRedis {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Stop the process where it stands (SIGSTOP): connections stay open and nothing answers, as a hung Redis. */
  pause(): void;
  /** Let a paused process run on (SIGCONT). */
  resume(): void;
}

const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** A redis-server on `port` (default: a free one; give the port of a stopped one to bring it back). */
export async function startRedis(port?: number): Promise<RunningRedis> {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `The Redis tests need a real redis-server, and "${BINARY}" could not be run (${probe.error?.message ?? probe.stderr}). ` +
        'Install it (Debian: apt-get install -y redis-server) or point REDIS_SERVER at the binary.',
    );
  }
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'spanwise-redis-'));
  const child = spawn(
    BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGCONT');
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}: ${output()}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      // not listening yet
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer within 10 s: ${output()}`);
}

/**
 * The built service starts the way the README says (`PORT=... npm start` runs dist/ts/server/main.js)
 * with its embedded defaults (SQLite keys, memory counters) and answers /v1/health.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'spanwise-start-'));
let service: ChildProcess | undefined;

afterAll(() => {
  // npm runs node as a child: end the whole process group
  if (service?.pid) process.kill(-service.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

it('npm start serves /v1/health on $PORT with no external server', async () => {
  const port = await freePort();
  service = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), KEYS_DB: join(work, 'keys.sqlite'), REDIS_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  let health: Response | undefined;
  for (let attempt = 0; attempt < 100 && !health; attempt++) {
    health = await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => undefined);
    if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(health?.status).toBe(200);
  const body = (await health!.json()) as { ok: boolean; engineVersion: string };
  expect(body.ok).toBe(true);
  expect(body.engineVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  expect(health!.headers.get('x-engine-version')).toBe(body.engineVersion);
});

/**
 * The built service starts the way the README says (`PORT=... npm start` runs dist/ts/server/main.js)
 * with its embedded defaults (SQLite keys, memory counters) and answers /v1/health. On a port other
 * than 3000, without PUBLIC_BASE_URL, links, problem types and the attribution name that port
 * (decisions.md section 15, "Public base URL"), and the start-up log names it.
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
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let log = '';
  service.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let health: Response | undefined;
  // up to 20 s: on the shared 2-core machine at a load near 12, start-up took over the 10 s this allowed before
  for (let attempt = 0; attempt < 200 && !health; attempt++) {
    health = await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => undefined);
    if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(health?.status).toBe(200);
  const body = (await health!.json()) as { ok: boolean; engineVersion: string };
  expect(body.ok).toBe(true);
  expect(body.engineVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  expect(health!.headers.get('x-engine-version')).toBe(body.engineVersion);

  // the log line is written once listening, before the first answer; it reaches this process through a pipe, whose
  // data may be read after the answer's socket (under load it was)
  const listening = new RegExp(`listening on \\S*:${port}\\b`);
  for (let wait = 0; wait < 50 && !listening.test(log); wait++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(log).toMatch(listening);
  expect(log).toContain(`http://localhost:${port}`);
  expect(log).not.toContain('localhost:3000');

  const base = `http://localhost:${port}`;
  const solved = await fetch(`http://127.0.0.1:${port}/v1/beam/solve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      spans: [{ length: 6, E: 200, I: 1e8 }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 6 },
      ],
      loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
    }),
  });
  expect(solved.status).toBe(200);
  const result = (await solved.json()) as { links: { view: string }; meta: { attribution: string } };
  expect(result.links.view.startsWith(`${base}/calculator/beam?`)).toBe(true);
  expect(result.meta.attribution).toBe(`Computed by Spanwise - ${base}`);

  const missing = await fetch(`http://127.0.0.1:${port}/v1/nowhere`);
  expect(missing.status).toBe(404);
  expect(((await missing.json()) as { type: string }).type).toBe(`${base}/problems/not_found`);
});

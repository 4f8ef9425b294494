/**
 * Issue 15, stumble 4: the README's examples run. Every shell block of README.md that calls the service
 * (`localhost:3000`) is run by bash against a started service (the whole app: WASM engine, section
 * library, SQLite keys, memory counters, the real tiers), with the address replaced by this test's port
 * and curl told to fail on an HTTP error and end each answer with a newline, so the examples cannot drift from what the service does.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { testApp } from '../support/app.js';
import { listen, type Listening } from '../support/listen.js';

const root = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).filter((block) => block.includes('localhost:3000'));

// a folder inside the repository (var/ is git-ignored), so `npm run` finds the project from it
mkdirSync(join(root, 'var'), { recursive: true });
const work = mkdtempSync(join(root, 'var', 'readme-'));
const keysFile = join(work, 'keys.sqlite');
let keys: SqliteKeyStore;
let service: Listening;

beforeAll(async () => {
  keys = new SqliteKeyStore(keysFile);
  const app = await testApp({ access: { keys, counters: new MemoryCounterStore() } });
  service = await listen(app);
});
afterAll(async () => {
  await service.close();
  await keys.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a block in bash; asynchronously, since the service answers on this process's event loop. */
async function run(block: string): Promise<string> {
  const script = block
    .replaceAll('localhost:3000', `127.0.0.1:${service.port}`)
    .replaceAll(/\bcurl -s /g, "curl -s --fail-with-body -w '\\n' ");
  const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: work,
    env: { ...process.env, KEYS_DB: keysFile, REDIS_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return stdout;
}

describe('README examples', () => {
  it('cover a beam, a truss, a diagram (SVG and PNG), sections, combinations, a Bearer key and MCP', () => {
    const text = blocks.join('\n');
    for (const wanted of [
      '/v1/beam/solve',
      '/v1/truss/solve',
      '-o figure.svg',
      '-o figure.png',
      '/v1/sections',
      '"combinations"',
      'Authorization: Bearer',
      '/mcp',
    ]) {
      expect(text, wanted).toContain(wanted);
    }
    expect(readme).toMatch(/10 counted requests a minute, 30 a day/);
  });

  it.each(blocks.map((block, i) => [i, block.split('\n')[0]!, block] as const))('block %i runs (%s)', async (_i, _first, block) => {
    const output = await run(block);
    if (block.includes('-o figure.svg')) {
      const figure = readFileSync(join(work, 'figure.svg'), 'utf8');
      expect(figure).toMatch(/<svg[\s>]/);
      expect(figure.trimEnd().endsWith('-->')).toBe(true);
      return;
    }
    if (block.includes('-o figure.png')) {
      // the PNG signature (decisions.md 23)
      expect([...readFileSync(join(work, 'figure.png')).subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
      return;
    }
    expect(output.length).toBeGreaterThan(0);
    // every JSON answer parses, and none is a refusal
    // one compact JSON answer a line (-w adds the newline)
    for (const line of output.split('\n').filter((l) => l.trim() !== '')) {
      const body = JSON.parse(line) as Record<string, unknown>;
      expect(body.code, line.slice(0, 200)).toBeUndefined();
      expect(body.error, line.slice(0, 200)).toBeUndefined();
      expect((body.result as { isError?: boolean } | undefined)?.isError, line.slice(0, 200)).toBeUndefined();
    }
  });

  it('the key example issued a key into the store the service reads', () => {
    expect(existsSync(keysFile)).toBe(true);
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashKey, isWellFormedKey, keyIdOf } from '../../ts/keys/key.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';

const run = promisify(execFile);
let dir: string;
let db: string;

/** Run the key tool as an operator would (`npx tsx ts/keys/cli.ts ...`), on a temporary KEYS_DB. */
async function keys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, KEYS_DB: db };
  delete env.REDIS_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'ts/keys/cli.ts', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-cli-'));
  db = join(dir, 'keys.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('keys command-line tool', () => {
  it('issues a key, printed once alone on the last line, and stores only its hash in KEYS_DB', async () => {
    const issued = await keys('issue', '--tier', 'consultancy', '--contact', 'eng@example.org');
    expect(issued.code).toBe(0);
    const key = lastLine(issued.stdout);
    expect(isWellFormedKey(key)).toBe(true);
    expect(issued.stdout.split(key)).toHaveLength(2);
    // which store took the key (issue 31, defect 5)
    expect(issued.stdout).toContain(`store: sqlite file ${db}`);

    const store = new SqliteKeyStore(db);
    expect(await store.findByHash(hashKey(key))).toMatchObject({ tier: 'consultancy', contact: 'eng@example.org', revoked: null });
    await store.close();

    const listed = await keys('list');
    expect(listed.stdout).toContain(keyIdOf(hashKey(key)));
    expect(listed.stdout).toContain('consultancy');
    expect(listed.stdout).not.toContain(key);
  });

  it('revokes and re-issues by id', async () => {
    const first = lastLine((await keys('issue', '--tier', 'student', '--contact', 'stu@example.org')).stdout);
    const id = keyIdOf(hashKey(first));

    const reissued = await keys('reissue', id);
    expect(reissued.code).toBe(0);
    const second = lastLine(reissued.stdout);
    expect(isWellFormedKey(second)).toBe(true);
    expect(second).not.toBe(first);

    const store = new SqliteKeyStore(db);
    expect((await store.findByHash(hashKey(first)))?.revoked).not.toBeNull();
    expect(await store.findByHash(hashKey(second))).toMatchObject({ tier: 'student', contact: 'stu@example.org', revoked: null });
    await store.close();

    const secondId = keyIdOf(hashKey(second));
    expect((await keys('revoke', secondId)).stdout).toContain(`revoked ${secondId}`);
    const listed = (await keys('list')).stdout;
    expect(listed).toContain('2 key(s)');
    expect(listed).not.toMatch(/\blive\b/);
  });

  it('refuses bad input with a message and exit status 2', async () => {
    const badTier = await keys('issue', '--tier', 'gold', '--contact', 'x@example.org');
    expect(badTier.code).toBe(2);
    expect(badTier.stderr).toContain('--tier must be one of student, pro, consultancy, institution, enterprise');
    const noContact = await keys('issue', '--tier', 'pro');
    expect(noContact.code).toBe(2);
    expect(noContact.stderr).toContain('--contact is required');
    const unknown = await keys('revoke', 'ffffffffffffffff');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no key with id ffffffffffffffff');
  });
});

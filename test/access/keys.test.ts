import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueKey, reissueKey } from '../../ts/keys/issue.js';
import { KEY_PREFIX, generateKey, hashKey, isWellFormedKey, keyIdOf } from '../../ts/keys/key.js';
import { keysDbPath } from '../../ts/keys/open.js';
import { REVOCATION_CHECK_MS, SqliteKeyStore } from '../../ts/keys/sqlite-store.js';

const BASE62 = /^[0-9A-Za-z]+$/;

describe('key format', () => {
  it('is sw_live_ and 32 base62 characters (decisions.md section 1)', () => {
    for (let i = 0; i < 200; i++) {
      const key = generateKey();
      expect(key.startsWith('sw_live_')).toBe(true);
      expect(key).toHaveLength(8 + 32);
      expect(key.slice(8)).toMatch(BASE62);
      expect(isWellFormedKey(key)).toBe(true);
    }
  });

  it('does not repeat', () => {
    const keys = new Set(Array.from({ length: 5000 }, generateKey));
    expect(keys.size).toBe(5000);
  });

  it('uses the whole base62 alphabet', () => {
    // 1000 keys x 32 characters = 32,000 draws of 62 symbols: a symbol missing by chance has
    // probability about 62 * (61/62)^32000, far below 1e-200, so a miss means a broken mapping.
    const seen = new Set(Array.from({ length: 1000 }, () => generateKey().slice(KEY_PREFIX.length)).join(''));
    expect(seen.size).toBe(62);
  });

  it.each([
    ['sw_live_' + 'a'.repeat(31), 'one character short'],
    ['sw_live_' + 'a'.repeat(33), 'one character long'],
    ['sw_test_' + 'a'.repeat(32), 'another prefix'],
    ['SW_LIVE_' + 'a'.repeat(32), 'prefix in capitals'],
    ['sw_live_' + 'a'.repeat(31) + '-', 'a character outside base62'],
    ['sw_live_' + 'a'.repeat(31) + 'é', 'a non-ASCII letter'],
    [' sw_live_' + 'a'.repeat(32), 'leading space'],
    ['', 'empty'],
  ])('rejects %j (%s)', (candidate) => {
    expect(isWellFormedKey(candidate)).toBe(false);
  });
});

describe('key hashing', () => {
  it('is SHA-256 in lower-case hex', () => {
    // FIPS 180-2, appendix B.1: SHA-256("abc").
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives the id as the first 16 hex digits of the hash', () => {
    expect(keyIdOf(hashKey('abc'))).toBe('ba7816bf8f01cfea');
  });
});

describe('SQLite key store', () => {
  let dir: string;
  let file: string;
  const now = new Date('2025-03-10T12:00:00Z');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spanwise-keys-'));
    file = join(dir, 'nested', 'keys.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds an issued key by its hash, with tier, contact and created time', async () => {
    const store = new SqliteKeyStore(file);
    const { key, record } = await issueKey(store, { tier: 'pro', contact: 'ada@example.org' }, now);
    expect(await store.findByHash(hashKey(key))).toEqual({
      id: keyIdOf(hashKey(key)),
      hash: hashKey(key),
      tier: 'pro',
      contact: 'ada@example.org',
      created: '2025-03-10T12:00:00.000Z',
      revoked: null,
    });
    expect(record.hash).toBe(hashKey(key));
    expect(await store.findByHash(hashKey(generateKey()))).toBeUndefined();
    await store.close();
  });

  it('keeps records across a restart (close and reopen the file)', async () => {
    const first = new SqliteKeyStore(file);
    const { key } = await issueKey(first, { tier: 'student', contact: 's@example.org' }, now);
    await first.close();
    const second = new SqliteKeyStore(file);
    expect((await second.findByHash(hashKey(key)))?.tier).toBe('student');
    await second.close();
  });

  it('stores only the hash: the plain key is nowhere in the file', async () => {
    const store = new SqliteKeyStore(file);
    const issued = await Promise.all(
      (['student', 'pro', 'enterprise'] as const).map((tier) => issueKey(store, { tier, contact: 'x@example.org' }, now)),
    );
    await store.close();
    // Closing checkpoints the write-ahead log into the main file; read every file left in the folder.
    const bytes = readdirSync(join(dir, 'nested')).map((name) => readFileSync(join(dir, 'nested', name)));
    const all = Buffer.concat(bytes);
    for (const { key, record } of issued) {
      expect(all.includes(key)).toBe(false);
      expect(all.includes(key.slice(KEY_PREFIX.length))).toBe(false);
      expect(all.includes(record.hash)).toBe(true);
    }
  });

  it('revokes, keeping the first revocation time, and lists oldest first', async () => {
    const store = new SqliteKeyStore(file);
    const a = await issueKey(store, { tier: 'pro', contact: 'a@example.org' }, now);
    const b = await issueKey(store, { tier: 'institution', contact: 'b@example.org' }, new Date('2025-03-11T00:00:00Z'));
    const revoked = await store.revoke(a.record.id, new Date('2025-03-12T00:00:00Z'));
    expect(revoked?.revoked).toBe('2025-03-12T00:00:00.000Z');
    expect((await store.revoke(a.record.id, new Date('2025-03-13T00:00:00Z')))?.revoked).toBe('2025-03-12T00:00:00.000Z');
    expect(await store.revoke('0000000000000000', now)).toBeUndefined();
    expect((await store.list()).map((r) => [r.contact, r.revoked])).toEqual([
      ['a@example.org', '2025-03-12T00:00:00.000Z'],
      ['b@example.org', null],
    ]);
    expect(b.record.tier).toBe('institution');
    await store.close();
  });

  it('re-issues: the old key is revoked, the new one has the same tier and contact', async () => {
    const store = new SqliteKeyStore(file);
    const old = await issueKey(store, { tier: 'consultancy', contact: 'c@example.org' }, now);
    const result = await reissueKey(store, old.record.id, new Date('2025-04-01T00:00:00Z'));
    expect(result?.revoked.revoked).toBe('2025-04-01T00:00:00.000Z');
    expect(result?.issued.key).not.toBe(old.key);
    expect(await store.findByHash(hashKey(result!.issued.key))).toMatchObject({
      tier: 'consultancy',
      contact: 'c@example.org',
      revoked: null,
    });
    expect(await reissueKey(store, 'ffffffffffffffff', now)).toBeUndefined();
    await store.close();
  });
});

describe('KEYS_DB', () => {
  it('defaults to var/keys.sqlite under the working folder', () => {
    expect(keysDbPath({}, '/srv/spanwise')).toBe(resolve('/srv/spanwise', 'var/keys.sqlite'));
  });

  it('is taken as given, relative paths from the working folder', () => {
    expect(keysDbPath({ KEYS_DB: '/data/keys.db' }, '/srv/spanwise')).toBe(resolve('/data/keys.db'));
    expect(keysDbPath({ KEYS_DB: 'state/k.sqlite' }, '/srv/spanwise')).toBe(resolve('/srv/spanwise', 'state/k.sqlite'));
  });
});

describe('the SQLite store keeps looked-up keys in memory (issue 14, item 8)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spanwise-keycache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sees a revocation by another connection (the keys tool) within REVOCATION_CHECK_MS, and its own at once', async () => {
    const file = join(dir, 'keys.sqlite');
    const service = new SqliteKeyStore(file);
    const tool = new SqliteKeyStore(file);
    const first = await issueKey(tool, { tier: 'pro', contact: 'a@example.org' }, new Date('2025-03-01T00:00:00Z'));
    const second = await issueKey(tool, { tier: 'pro', contact: 'b@example.org' }, new Date('2025-03-01T00:00:00Z'));
    // issued by the other connection after this store first looked: found once its check comes round
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_CHECK_MS + 5));
    expect((await service.findByHash(first.record.hash))?.revoked).toBeNull();
    await tool.revoke(first.record.id, new Date('2025-03-02T00:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_CHECK_MS + 5));
    expect((await service.findByHash(first.record.hash))?.revoked).toBe('2025-03-02T00:00:00.000Z');
    // through the store itself: at once
    expect((await service.findByHash(second.record.hash))?.revoked).toBeNull();
    await service.revoke(second.record.id, new Date('2025-03-03T00:00:00Z'));
    expect((await service.findByHash(second.record.hash))?.revoked).toBe('2025-03-03T00:00:00.000Z');
    await service.close();
    await tool.close();
  });
});

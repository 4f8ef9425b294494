import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { isKeyTier } from '../limits/tiers.js';
import type { KeyRecord, KeyStore } from './store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id      TEXT PRIMARY KEY,
  hash    TEXT NOT NULL UNIQUE,
  tier    TEXT NOT NULL,
  contact TEXT NOT NULL,
  created TEXT NOT NULL,
  revoked TEXT
)`;

interface Row {
  id: string;
  hash: string;
  tier: string;
  contact: string;
  created: string;
  revoked: string | null;
}

/** Distinct keys whose records are kept in memory; the least recently used goes beyond this. */
const CACHED_KEYS = 10_000;
/** How often, at most, lookups ask SQLite whether another connection has written, in ms. */
export const REVOCATION_CHECK_MS = 50;

/**
 * Key records in an SQLite file: the embedded default, no server needed. Lookups by hash (one per keyed
 * request) are answered from memory while the file is unchanged: SQLite's `data_version` moves whenever
 * another connection (the `keys` tool revoking a key) commits, and is read at most every
 * REVOCATION_CHECK_MS (reading it costs about what the lookup does); this store's own writes clear the
 * cache at once. So a revocation by the `keys` tool holds within 50 ms, one by this store immediately.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<[Row]>;
  private readonly byHash: Database.Statement<[string], Row>;
  private readonly byId: Database.Statement<[string], Row>;
  private readonly all: Database.Statement<[], Row>;
  private readonly markRevoked: Database.Statement<[string, string]>;
  private readonly dataVersion: Database.Statement<[], number>;
  /** Records by hash, and `none` for a hash no record has. */
  private readonly byHashCache = new LRUCache<string, KeyRecord | 'none'>({ max: CACHED_KEYS });
  private cachedVersion = -1;
  private checkedAt = -Infinity;

  /** `file` is a path (its folder is created) or `:memory:`. */
  constructor(private readonly file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    // WAL lets the CLI write while a running service reads the same file.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.insert = this.db.prepare(
      'INSERT INTO api_keys (id, hash, tier, contact, created, revoked) VALUES (@id, @hash, @tier, @contact, @created, @revoked)',
    );
    this.byHash = this.db.prepare('SELECT * FROM api_keys WHERE hash = ?');
    this.byId = this.db.prepare('SELECT * FROM api_keys WHERE id = ?');
    this.all = this.db.prepare('SELECT * FROM api_keys ORDER BY created, id');
    this.markRevoked = this.db.prepare('UPDATE api_keys SET revoked = ? WHERE id = ? AND revoked IS NULL');
    this.dataVersion = this.db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  describe(): Promise<{ where: string; durable: boolean | undefined; note?: string }> {
    return Promise.resolve(
      this.file === ':memory:'
        ? { where: 'sqlite in memory', durable: false, note: 'keys last as long as this process' }
        : { where: `sqlite file ${this.file}`, durable: true },
    );
  }

  async add(record: KeyRecord): Promise<void> {
    this.insert.run({ ...record });
    this.byHashCache.clear();
  }

  findByHash(hash: string): KeyRecord | undefined {
    const now = performance.now();
    if (now - this.checkedAt >= REVOCATION_CHECK_MS) {
      this.checkedAt = now;
      const version = this.dataVersion.get() as number;
      if (version !== this.cachedVersion) {
        this.byHashCache.clear();
        this.cachedVersion = version;
      }
    }
    const cached = this.byHashCache.get(hash);
    if (cached !== undefined) return cached === 'none' ? undefined : cached;
    const record = toRecord(this.byHash.get(hash));
    this.byHashCache.set(hash, record ?? 'none');
    return record;
  }

  async findById(id: string): Promise<KeyRecord | undefined> {
    return toRecord(this.byId.get(id));
  }

  async list(): Promise<KeyRecord[]> {
    return this.all.all().flatMap((row) => toRecord(row) ?? []);
  }

  async revoke(id: string, at: Date): Promise<KeyRecord | undefined> {
    this.markRevoked.run(at.toISOString(), id);
    this.byHashCache.clear();
    return this.findById(id);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function toRecord(row: Row | undefined): KeyRecord | undefined {
  if (!row) return undefined;
  // A row with a tier this build does not know (edited by hand, or from a newer build) is treated as no key.
  if (!isKeyTier(row.tier)) return undefined;
  return { ...row, tier: row.tier };
}

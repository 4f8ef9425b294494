import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
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

/** Key records in an SQLite file: the embedded default, no server needed. */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<[Row]>;
  private readonly byHash: Database.Statement<[string], Row>;
  private readonly byId: Database.Statement<[string], Row>;
  private readonly all: Database.Statement<[], Row>;
  private readonly markRevoked: Database.Statement<[string, string]>;

  /** `file` is a path (its folder is created) or `:memory:`. */
  constructor(file: string) {
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
  }

  async add(record: KeyRecord): Promise<void> {
    this.insert.run({ ...record });
  }

  async findByHash(hash: string): Promise<KeyRecord | undefined> {
    return toRecord(this.byHash.get(hash));
  }

  async findById(id: string): Promise<KeyRecord | undefined> {
    return toRecord(this.byId.get(id));
  }

  async list(): Promise<KeyRecord[]> {
    return this.all.all().flatMap((row) => toRecord(row) ?? []);
  }

  async revoke(id: string, at: Date): Promise<KeyRecord | undefined> {
    this.markRevoked.run(at.toISOString(), id);
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

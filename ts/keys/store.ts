import type { MaybePromise } from '../limits/counter-store.js';
import type { KeyTier } from '../limits/tiers.js';

/** What is kept of an issued key. The key itself is not: only its hash. */
export interface KeyRecord {
  /** Public id: the first 16 hex digits of `hash`. */
  readonly id: string;
  /** SHA-256 of the key, lower-case hex. */
  readonly hash: string;
  readonly tier: KeyTier;
  /** The account holder's contact address. */
  readonly contact: string;
  /** ISO 8601 UTC instant of issue. */
  readonly created: string;
  /** ISO 8601 UTC instant of revocation, or null while the key is live. */
  readonly revoked: string | null;
}

/** Where key records live. Two backends: an SQLite file (embedded default) and Redis. */
export interface KeyStore {
  /** Store a new record; fails if a record with the same id exists. */
  add(record: KeyRecord): Promise<void>;
  /**
   * The record whose key hashes to `hash`, revoked or not. Synchronous when the store has it in memory,
   * so that a keyed request costs no promise turn on its way through; `await` works on either.
   */
  findByHash(hash: string): MaybePromise<KeyRecord | undefined>;
  findById(id: string): Promise<KeyRecord | undefined>;
  /** Every record, oldest first. */
  list(): Promise<KeyRecord[]>;
  /** Mark a key revoked at `at` (an earlier revocation time is kept); the updated record, or undefined if unknown. */
  revoke(id: string, at: Date): Promise<KeyRecord | undefined>;
  /**
   * Where the keys live and whether they outlast a restart of the store, in a line for an operator
   * (`keys issue` prints it; the service warns at start-up when keys would not survive).
   */
  describe(): Promise<{ where: string; durable: boolean | undefined; note?: string }>;
  close(): Promise<void>;
}

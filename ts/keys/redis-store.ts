import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { isKeyTier } from '../limits/tiers.js';
import { keyIdOf } from './key.js';
import type { KeyRecord, KeyStore } from './store.js';

export interface RedisKeyStoreOptions {
  /** Prefix of every key-record key in Redis. */
  prefix?: string;
  /** Close the connection in `close()` (when this store owns it). */
  ownsConnection?: boolean;
}

/** Distinct keys whose records are kept in memory; the least recently used goes beyond this. */
const CACHED_KEYS = 10_000;
/**
 * How long a record read from Redis is trusted without asking again, in ms: a key revoked by another process
 * (the `keys` tool, another instance) is refused by every instance within this time; by this store at once.
 */
export const REVOCATION_DELAY_MS = 1000;

/**
 * Key records in Redis, for several service instances sharing one key list. One hash per record at
 * `<prefix>key:<id>`, and a set `<prefix>ids` of every id for listing. The id is derived from the hash,
 * so a lookup by hash is a single HGETALL.
 */
export class RedisKeyStore implements KeyStore {
  private readonly prefix: string;
  private readonly ownsConnection: boolean;
  /** Records by hash (`none`: no record) for REVOCATION_DELAY_MS: a keyed request needs no round trip for its key. */
  private readonly byHashCache = new LRUCache<string, KeyRecord | 'none'>({ max: CACHED_KEYS, ttl: REVOCATION_DELAY_MS });

  constructor(
    private readonly redis: Redis,
    options: RedisKeyStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'spanwise:keys:';
    this.ownsConnection = options.ownsConnection ?? false;
  }

  async describe(): Promise<{ where: string; durable: boolean | undefined; note?: string }> {
    const { host, port, db } = this.redis.options;
    const where = `redis ${host ?? 'localhost'}:${port ?? 6379} db ${db ?? 0}`;
    const persistence = await redisPersistence(this.redis);
    if (persistence === undefined) return { where, durable: undefined, note: 'its persistence could not be read (CONFIG GET refused)' };
    if (persistence.length === 0) {
      return { where, durable: false, note: 'it saves nothing to disk (appendonly no, save ""): every key is lost when Redis restarts' };
    }
    return { where, durable: true, note: `it persists with ${persistence.join(' and ')}` };
  }

  async add(record: KeyRecord): Promise<void> {
    const fields: Record<string, string> = {
      hash: record.hash,
      tier: record.tier,
      contact: record.contact,
      created: record.created,
    };
    if (record.revoked !== null) fields.revoked = record.revoked;
    // HSETNX on `hash` claims the id atomically; only the winner writes the rest.
    const claimed = await this.redis.hsetnx(this.recordKey(record.id), 'hash', record.hash);
    if (claimed === 0) throw new Error(`a key with id ${record.id} already exists`);
    await this.redis.multi().hset(this.recordKey(record.id), fields).sadd(this.idsKey(), record.id).exec();
    this.byHashCache.clear();
  }

  findByHash(hash: string): KeyRecord | undefined | Promise<KeyRecord | undefined> {
    const cached = this.byHashCache.get(hash);
    if (cached !== undefined) return cached === 'none' ? undefined : cached;
    return this.findById(keyIdOf(hash)).then((found) => {
      const record = found?.hash === hash ? found : undefined;
      this.byHashCache.set(hash, record ?? 'none');
      return record;
    });
  }

  async findById(id: string): Promise<KeyRecord | undefined> {
    return toRecord(id, await this.redis.hgetall(this.recordKey(id)));
  }

  async list(): Promise<KeyRecord[]> {
    const ids = await this.redis.smembers(this.idsKey());
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(this.recordKey(id));
    const replies = (await pipeline.exec()) ?? [];
    const records = replies.flatMap(([error, fields], i) => {
      const id = ids[i];
      if (error || id === undefined) return [];
      return toRecord(id, fields as Record<string, string>) ?? [];
    });
    return records.sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  }

  async revoke(id: string, at: Date): Promise<KeyRecord | undefined> {
    const key = this.recordKey(id);
    if ((await this.redis.exists(key)) === 0) return undefined;
    // HSETNX keeps the first revocation time if the key was already revoked.
    await this.redis.hsetnx(key, 'revoked', at.toISOString());
    this.byHashCache.clear();
    return this.findById(id);
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit();
  }

  private recordKey(id: string): string {
    return `${this.prefix}key:${id}`;
  }

  private idsKey(): string {
    return `${this.prefix}ids`;
  }
}

function toRecord(id: string, fields: Record<string, string>): KeyRecord | undefined {
  const { hash, tier, contact, created, revoked } = fields;
  if (hash === undefined || tier === undefined || !isKeyTier(tier) || contact === undefined || created === undefined) {
    return undefined;
  }
  return { id, hash, tier, contact, created, revoked: revoked ?? null };
}

/**
 * How Redis keeps its data across a restart: `aof` (appendonly yes), `snapshots` (a non-empty `save` rule),
 * both, none (an empty list: a restart loses everything), or undefined when CONFIG is refused (managed
 * services often rename it).
 */
export async function redisPersistence(redis: Redis): Promise<('aof' | 'snapshots')[] | undefined> {
  try {
    const [, appendonly] = (await redis.config('GET', 'appendonly')) as string[];
    const [, save] = (await redis.config('GET', 'save')) as string[];
    const kept: ('aof' | 'snapshots')[] = [];
    if (appendonly === 'yes') kept.push('aof');
    if (save !== undefined && save.trim() !== '') kept.push('snapshots');
    return kept;
  } catch {
    return undefined;
  }
}

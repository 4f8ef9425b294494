import type { Redis } from 'ioredis';
import { isKeyTier } from '../limits/tiers.js';
import { keyIdOf } from './key.js';
import type { KeyRecord, KeyStore } from './store.js';

export interface RedisKeyStoreOptions {
  /** Prefix of every key-record key in Redis. */
  prefix?: string;
  /** Close the connection in `close()` (when this store owns it). */
  ownsConnection?: boolean;
}

/**
 * Key records in Redis, for several service instances sharing one key list. One hash per record at
 * `<prefix>key:<id>`, and a set `<prefix>ids` of every id for listing. The id is derived from the hash,
 * so a lookup by hash is a single HGETALL.
 */
export class RedisKeyStore implements KeyStore {
  private readonly prefix: string;
  private readonly ownsConnection: boolean;

  constructor(
    private readonly redis: Redis,
    options: RedisKeyStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'spanwise:keys:';
    this.ownsConnection = options.ownsConnection ?? false;
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
  }

  async findByHash(hash: string): Promise<KeyRecord | undefined> {
    const record = await this.findById(keyIdOf(hash));
    return record?.hash === hash ? record : undefined;
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

import type { Redis } from 'ioredis';
import type { CounterSlot, CounterStore, TakeResult } from './counter-store.js';

/**
 * Check every cap, then increment every counter, inside one Lua script: Redis runs a script without
 * interleaving other commands, so instances racing on the same caller cannot both take the last unit.
 * KEYS = counter keys; ARGV = limit and ttl (ms) per key, in pairs.
 * Returns {blocked index (1-based, 0 = counted), count per key...}.
 */
const TAKE_SCRIPT = `
local counts = {}
for i = 1, #KEYS do counts[i] = tonumber(redis.call('GET', KEYS[i]) or '0') end
for i = 1, #KEYS do
  if counts[i] >= tonumber(ARGV[2 * i - 1]) then
    table.insert(counts, 1, i)
    return counts
  end
end
local result = {0}
for i = 1, #KEYS do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
  result[i + 1] = count
end
return result
`;

/** Decrement only counters that still exist, so a late release never leaves a key without expiry. */
const RELEASE_SCRIPT = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;

interface CounterCommands {
  spanwiseTake(numKeys: number, ...args: (string | number)[]): Promise<number[]>;
  spanwiseRelease(numKeys: number, ...args: string[]): Promise<number>;
}

export interface RedisCounterStoreOptions {
  /** Prefix of every counter key, so one Redis can serve other data too. */
  prefix?: string;
  /** Close the connection in `close()` (when this store owns it). */
  ownsConnection?: boolean;
}

/**
 * Counters in Redis, shared by every service process pointing at the same server. Expiry uses relative
 * TTLs computed from the caller's clock, so the Redis server's own clock never decides a window.
 */
export class RedisCounterStore implements CounterStore {
  private readonly commands: CounterCommands;
  private readonly prefix: string;
  private readonly ownsConnection: boolean;
  private lost = false;

  constructor(
    private readonly redis: Redis,
    options: RedisCounterStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'spanwise:rl:';
    this.ownsConnection = options.ownsConnection ?? false;
    // defineCommand sends EVALSHA and falls back to EVAL once when the server lacks the script.
    if (!('spanwiseTake' in redis)) {
      redis.defineCommand('spanwiseTake', { lua: TAKE_SCRIPT });
      redis.defineCommand('spanwiseRelease', { lua: RELEASE_SCRIPT });
    }
    this.commands = redis as unknown as CounterCommands;
    redis.on('error', () => (this.lost = true));
    redis.on('close', () => (this.lost = true));
    redis.on('ready', () => (this.lost = false));
  }

  async take(slots: readonly CounterSlot[], _nowMs: number): Promise<TakeResult> {
    const keys = slots.map((slot) => this.prefix + slot.key);
    const args = slots.flatMap((slot) => [slot.limit, Math.max(1, Math.ceil(slot.ttlMs))]);
    const [blocked = 0, ...counts] = await this.commands.spanwiseTake(keys.length, ...keys, ...args);
    return { blocked: blocked - 1, counts };
  }

  async release(keys: readonly string[], _nowMs: number): Promise<void> {
    if (keys.length === 0) return;
    await this.commands.spanwiseRelease(keys.length, ...keys.map((key) => this.prefix + key));
  }

  probe(): Promise<boolean> {
    return this.redis.ping().then(
      () => true,
      () => false,
    );
  }

  /** False from a lost or failed connection until ioredis has it ready again; true while first connecting. */
  reachable(): boolean {
    return !this.lost;
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit();
  }
}

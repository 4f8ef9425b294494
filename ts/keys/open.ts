import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { RedisKeyStore } from './redis-store.js';
import { SqliteKeyStore } from './sqlite-store.js';
import type { KeyStore } from './store.js';

/** Where the SQLite key file lives: KEYS_DB, or `var/keys.sqlite` under the working folder. */
export function keysDbPath(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  return resolve(cwd, env.KEYS_DB || 'var/keys.sqlite');
}

/**
 * The key store the environment names: Redis when REDIS_URL is set (the service and this tool must
 * then agree on it), otherwise the SQLite file at `keysDbPath`.
 */
export function openKeyStore(env: NodeJS.ProcessEnv = process.env): KeyStore {
  if (env.REDIS_URL) return new RedisKeyStore(new Redis(env.REDIS_URL), { ownsConnection: true });
  return new SqliteKeyStore(keysDbPath(env));
}

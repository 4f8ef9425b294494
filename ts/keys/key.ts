/**
 * API keys: `sw_live_` followed by 32 base62 characters drawn from a CSPRNG (decisions.md section 1).
 * 32 base62 characters carry about 190 bits, so keys can neither be guessed nor collide in practice.
 * Only the SHA-256 hash of a key is ever stored.
 */

import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'sw_live_';
export const KEY_BODY_LENGTH = 32;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${KEY_BODY_LENGTH}}$`);

/**
 * A fresh key. Random bytes are mapped to base62 by rejection: bytes of 248 and above are discarded,
 * because 256 is not a multiple of 62 and keeping them would make the first eight symbols more likely.
 */
export function generateKey(): string {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of randomBytes(KEY_BODY_LENGTH)) {
      if (byte < 248 && body.length < KEY_BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  return KEY_PREFIX + body;
}

/** True when `candidate` has the shape of a key; says nothing about whether it was issued. */
export function isWellFormedKey(candidate: string): boolean {
  return KEY_PATTERN.test(candidate);
}

/** The stored form of a key: SHA-256, lower-case hex. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The public id of a key: the first 16 hex digits of its hash. Operators list, revoke and re-issue keys
 * by id; it is derived from the hash, so it reveals nothing of the key and needs no index of its own.
 */
export function keyIdOf(hash: string): string {
  return hash.slice(0, 16);
}

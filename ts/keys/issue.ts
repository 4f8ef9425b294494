import type { KeyTier } from '../limits/tiers.js';
import { generateKey, hashKey, keyIdOf } from './key.js';
import type { KeyRecord, KeyStore } from './store.js';

export interface IssuedKey {
  /** The key itself: shown once to its holder, never stored. */
  readonly key: string;
  readonly record: KeyRecord;
}

/** Create a key on `tier` for `contact` and store its record. */
export async function issueKey(store: KeyStore, { tier, contact }: { tier: KeyTier; contact: string }, now: Date): Promise<IssuedKey> {
  const key = generateKey();
  const hash = hashKey(key);
  const record: KeyRecord = { id: keyIdOf(hash), hash, tier, contact, created: now.toISOString(), revoked: null };
  await store.add(record);
  return { key, record };
}

/**
 * Replace a lost or leaked key: the old one is revoked and a new one is issued on the same tier to the
 * same contact. Undefined when there is no key with that id.
 */
export async function reissueKey(store: KeyStore, id: string, now: Date): Promise<{ revoked: KeyRecord; issued: IssuedKey } | undefined> {
  const old = await store.findById(id);
  if (!old) return undefined;
  const issued = await issueKey(store, { tier: old.tier, contact: old.contact }, now);
  const revoked = (await store.revoke(id, now)) ?? old;
  return { revoked, issued };
}

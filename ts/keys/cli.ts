#!/usr/bin/env node
/**
 * Key management: `npm run keys -- <command>` (or `npx tsx ts/keys/cli.ts <command>`).
 *
 *   issue --tier <tier> --contact <address>   issue a key; the key is printed once, alone on the last line
 *   list                                      every key record (never the keys themselves)
 *   revoke <id>                               revoke a key by its id
 *   reissue <id>                              revoke a key and issue a replacement (same tier and contact)
 *
 * The store is the one the service uses: Redis when REDIS_URL is set, else the SQLite file KEYS_DB
 * (default var/keys.sqlite under the working folder).
 */

import { parseArgs } from 'node:util';
import { KEY_TIERS, isKeyTier } from '../limits/tiers.js';
import { issueKey, reissueKey } from './issue.js';
import { openKeyStore } from './open.js';
import type { KeyRecord, KeyStore } from './store.js';

const USAGE = `usage: keys <command>
  issue --tier <${KEY_TIERS.join('|')}> --contact <address>
  list
  revoke <id>
  reissue <id>`;

/** A failure the operator can fix; printed without a stack trace. */
class UsageError extends Error {}

async function main(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { tier: { type: 'string' }, contact: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    out(USAGE);
    return;
  }
  const store = openKeyStore();
  try {
    const { where, durable, note } = await store.describe();
    out(`store: ${where}${note ? `; ${note}` : ''}`);
    if (durable === false) out('warning: keys issued into this store do not survive its restart');
    await run(store, command, rest, values, out);
  } finally {
    await store.close();
  }
}

async function run(
  store: KeyStore,
  command: string,
  args: string[],
  options: { tier?: string; contact?: string },
  out: (line: string) => void,
): Promise<void> {
  const now = new Date();
  switch (command) {
    case 'issue': {
      const { tier, contact } = options;
      if (tier === undefined || !isKeyTier(tier)) throw new UsageError(`--tier must be one of ${KEY_TIERS.join(', ')}`);
      if (contact === undefined || contact.trim() === '') throw new UsageError('--contact is required');
      const { key, record } = await issueKey(store, { tier, contact: contact.trim() }, now);
      out(`issued ${describe(record)}`);
      out('the key is shown once, below; it is not stored and cannot be shown again:');
      out(key);
      return;
    }
    case 'list': {
      const records = await store.list();
      out(`${records.length} key(s)`);
      for (const record of records) out(describe(record));
      return;
    }
    case 'revoke': {
      const id = requireId(args);
      const record = await store.revoke(id, now);
      if (!record) throw new UsageError(`no key with id ${id}`);
      out(`revoked ${describe(record)}`);
      return;
    }
    case 'reissue': {
      const id = requireId(args);
      const result = await reissueKey(store, id, now);
      if (!result) throw new UsageError(`no key with id ${id}`);
      out(`revoked ${describe(result.revoked)}`);
      out(`issued ${describe(result.issued.record)}`);
      out('the key is shown once, below; it is not stored and cannot be shown again:');
      out(result.issued.key);
      return;
    }
    default:
      throw new UsageError(`unknown command "${command}"\n${USAGE}`);
  }
}

function requireId(args: string[]): string {
  const [id] = args;
  if (id === undefined) throw new UsageError('the key id is required (see `list`)');
  return id;
}

function describe(record: KeyRecord): string {
  const status = record.revoked === null ? 'live' : `revoked ${record.revoked}`;
  return `${record.id}  ${record.tier}  ${record.contact}  created ${record.created}  ${status}`;
}

main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
  process.stderr.write(`keys: ${error instanceof Error && error instanceof UsageError ? error.message : String(error)}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});

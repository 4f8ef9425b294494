/**
 * Access control: who is calling (authentication), and whether they may (rate limits).
 *
 * Which routes are counted is the route table's word (decisions.md section 10: solve, diagram,
 * section-properties and library endpoints); this module gives the router one middleware per kind, so
 * access follows the route that matched and never a comparison of the raw path. A counted request is
 * authenticated, then counted before it is handled, so that racing requests cannot overshoot a cap; if
 * it then ends in a status that does not count (413, 5xx) the count is given back. 401 and 429 are
 * decided before counting and never count. `/mcp` is authenticated the same way but counted per
 * `tools/call` by the MCP handler, through `ctx.state.countCall()`. While the counter store is away every
 * such request is a 503 (fail closed), without a stack trace each.
 */

import { isIP } from 'node:net';
import type { Context, Middleware } from 'koa';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { hashKey, isWellFormedKey } from '../../keys/key.js';
import { openKeyStore } from '../../keys/open.js';
import { RedisKeyStore } from '../../keys/redis-store.js';
import type { KeyRecord, KeyStore } from '../../keys/store.js';
import type { CounterStore } from '../../limits/counter-store.js';
import { createLimiter, type RateDecision } from '../../limits/limiter.js';
import { MemoryCounterStore } from '../../limits/memory-store.js';
import { RedisCounterStore } from '../../limits/redis-store.js';
import type { Tier, TierTable } from '../../limits/tiers.js';
import { Problem } from '../../problem/index.js';
import { EngineFault } from '../compute/settle.js';

/** The identified caller of a request. */
export interface Caller {
  readonly tier: Tier;
  /** Whom the counters belong to: `anon:<client address>` or `key:<key id>`. */
  readonly identity: string;
  /** The key's public id, for keyed callers. */
  readonly keyId?: string;
}

/** What this middleware leaves on `ctx.state` for the handlers after it, on counted routes and `/mcp`. */
export interface AccessState {
  caller: Caller;
}

/** On `/mcp`, the MCP handler also gets the means to count each `tools/call`. */
export interface McpAccessState extends AccessState {
  /**
   * Count one call against the caller's limits and set the X-RateLimit-* headers; throws Problem
   * `rate_limited` (with Retry-After and X-RateLimit-* in its headers) when a window is full.
   */
  countCall: () => Promise<RateDecision>;
}

export interface AccessOptions {
  keys: KeyStore;
  counters: CounterStore;
  /** The clock windows are read from; injectable so tests can stand at any instant. */
  clock?: () => Date;
  /**
   * How many reverse proxies in front of the service append to X-Forwarded-For (TRUST_PROXY). 0 or
   * false: the socket address is the client. n: the n-th address from the right of X-Forwarded-For is.
   */
  trustProxy?: number | boolean;
  /** Caps per tier; the spec's table unless a test or benchmark needs others. */
  tiers?: TierTable;
}

/** The access checks a route gets by its kind (the route table says which: ts/server/routes/table.ts). */
export interface RouteAccess {
  /** Authenticate, count before handling, give the count back when the outcome does not count. */
  counted: Middleware;
  /** Authenticate; the MCP handler counts each `tools/call` through `ctx.state.countCall()`. */
  mcp: Middleware;
}

/**
 * Whether a counted request that ended with `status` keeps its count. A caller error the service
 * answered (400, 422, a section lookup's 404) counts; a refusal before handling or a failure of the
 * service does not. Only routes that matched are counted at all, so a 404 here is the handler's own.
 */
export function keepsCount(status: number): boolean {
  return !(status === 401 || status === 405 || status === 413 || status === 429 || status >= 500);
}

/**
 * Whether a counted request that failed with `error` keeps its count: as `keepsCount` says of its status,
 * except that an engine fault counts like a served request (the engine ran, and a caller must not be able to
 * make the engine fail for free).
 */
function errorKeepsCount(error: unknown): boolean {
  return error instanceof EngineFault || keepsCount(statusOf(error));
}

/** The longest one command to the shared store (Redis) may take before the request fails with 503, in ms. */
export const STORE_TIMEOUT_MS = 1000;

/** How long a caller should wait before retrying while the shared counter store is away, in seconds. */
export const STORE_RETRY_AFTER_S = 2;

/** The refusal of a request whose counts or key cannot be read: fail closed, and say why. */
export function storeUnavailable(): Problem {
  return new Problem('service_unavailable', 'The shared counter store is unavailable, so requests cannot be counted; retry shortly.', {
    headers: { 'Retry-After': String(STORE_RETRY_AFTER_S) },
  });
}

/** A store call's failure (not a refusal it decided) becomes the 503 above; the store logs its own state. */
function unavailableOnFailure(error: unknown): never {
  throw error instanceof Problem ? error : storeUnavailable();
}

export function accessControl(options: AccessOptions): RouteAccess {
  const { keys, counters, clock = () => new Date() } = options;
  const hops = Number(options.trustProxy ?? 0);
  const limiter = createLimiter({ counters, ...(options.tiers ? { tiers: options.tiers } : {}) });

  const hashes = keyHashes();

  /** The caller: anonymous needs no store lookup, and a key the store holds in memory none either. */
  function callerOf(ctx: Context): Caller | Promise<Caller> {
    if (counters.reachable?.() === false) throw storeUnavailable();
    const authorization = soleAuthorization(ctx);
    if (authorization === undefined) return anonymous(addressOf(ctx, hops));
    let found: Caller | Promise<Caller>;
    try {
      found = keyedCaller(keys, authorization, hashes);
    } catch (error) {
      unavailableOnFailure(error);
    }
    return found instanceof Promise ? found.catch(unavailableOnFailure) : found;
  }

  /** Count one request and set its headers, or throw 429 (503 when the store fails). */
  function count(ctx: Context, caller: Caller): RateDecision | Promise<RateDecision> {
    const pending = limiter.check(caller.identity, caller.tier, clock());
    if (!(pending instanceof Promise)) return admit(ctx, caller, pending);
    return pending.then((decision) => admit(ctx, caller, decision), unavailableOnFailure);
  }

  async function giveBack(ctx: Context, decision: RateDecision): Promise<void> {
    for (const name of RATE_LIMIT_HEADERS) ctx.remove(name);
    // A count that cannot be given back (the store just failed) costs the caller one request; it must
    // not replace the response the request already has. The store reports its own failures.
    await limiter.refund(decision, clock()).catch(() => undefined);
  }

  const mcp: Middleware = async function mcpAccess(ctx, next) {
    const found = callerOf(ctx);
    const caller = found instanceof Promise ? await found : found;
    const state: McpAccessState = { caller, countCall: async () => count(ctx, caller) };
    Object.assign(ctx.state, state);
    return next();
  };

  const counted: Middleware = async function countedAccess(ctx, next) {
    const found = callerOf(ctx);
    const caller = found instanceof Promise ? await found : found;
    (ctx.state as AccessState).caller = caller;
    const counting = count(ctx, caller);
    const decision = counting instanceof Promise ? await counting : counting;
    try {
      await next();
    } catch (error) {
      if (!errorKeepsCount(error)) await giveBack(ctx, decision);
      // The error middleware renders the Problem afresh: carry the headers on it so they survive.
      else if (error instanceof Problem) Object.assign(error.headers, rateLimitHeaders(decision));
      throw error;
    }
    if (!keepsCount(ctx.status)) await giveBack(ctx, decision);
  };

  return { counted, mcp };
}

const SOCKET_ADDRESS = Symbol('spanwise.clientAddress');
type AddressedSocket = { remoteAddress?: string | undefined; [SOCKET_ADDRESS]?: string };

/**
 * The client address a request is counted by. Without trusted proxies it is the socket's, worked out once
 * per connection (a keep-alive connection carries many requests) rather than on every request.
 */
function addressOf(ctx: Context, hops: number): string {
  const socket = ctx.req.socket as unknown as AddressedSocket;
  if (hops > 0) return clientAddress(socket.remoteAddress ?? '', ctx.get('X-Forwarded-For'), hops);
  return (socket[SOCKET_ADDRESS] ??= clientAddress(socket.remoteAddress ?? '', '', 0));
}

/** Let a counted request through with its X-RateLimit-* headers, or refuse it with 429. */
function admit(ctx: Context, caller: Caller, decision: RateDecision): RateDecision {
  if (!decision.allowed) {
    throw new Problem('rate_limited', refusalDetail(decision, caller.tier), {
      headers: { ...rateLimitHeaders(decision), 'Retry-After': String(decision.retryAfter) },
    });
  }
  ctx.set('X-RateLimit-Window', decision.window);
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  return decision;
}

/**
 * The request's one Authorization header. Node keeps the first of several and drops the rest, while a proxy
 * in front may act on the last: a request with two could be authenticated as one caller and forwarded as
 * another, so it is refused.
 */
function soleAuthorization(ctx: Context): string | undefined {
  const values = ctx.req.headersDistinct.authorization;
  if (values !== undefined && values.length > 1) {
    throw unauthorized(`The request carries ${values.length} Authorization headers; send exactly one: "Authorization: Bearer <API key>".`);
  }
  return values?.[0];
}

function anonymous(address: string): Caller {
  return { tier: 'anonymous', identity: `anon:${address}` };
}

/** Presented keys' hashes (SHA-256), by the Authorization header that carried them. */
type KeyHashes = LRUCache<string, string>;

/**
 * SHA-256 of a key was most of what a keyed request cost beyond an anonymous one (about 3 us of 5), and a
 * caller sends the same header on every request, so the hash is remembered per header value. Only for a
 * second, so that a key's header does not stay in memory long after its requests. The store is still asked
 * for the record on every request: revocation holds exactly as before. Only well-formed keys get here.
 */
function keyHashes(): KeyHashes {
  return new LRUCache<string, string>({ max: 10_000, ttl: 1000 });
}

/**
 * The caller behind an Authorization header value: no header is the anonymous tier (counted per
 * client address); anything else must be `Bearer <live key>`, or the request is 401.
 */
export function authenticate(keys: KeyStore, authorization: string | undefined, address: string): Caller | Promise<Caller> {
  return authorization === undefined ? anonymous(address) : keyedCaller(keys, authorization, keyHashes());
}

/** The caller of `Bearer <key>`: synchronous when the key store has the record in memory, else a promise. */
function keyedCaller(keys: KeyStore, authorization: string, hashes: KeyHashes): Caller | Promise<Caller> {
  let hash = hashes.get(authorization);
  if (hash === undefined) {
    hash = hashKey(bearerToken(authorization));
    hashes.set(authorization, hash);
  }
  const found = keys.findByHash(hash);
  return found instanceof Promise ? found.then(callerOfRecord) : callerOfRecord(found);
}

/** The key of a Bearer header, or 401 saying what is wrong with the header. */
function bearerToken(authorization: string): string {
  const match = /^(\S+)\s*(.*)$/.exec(authorization.trim());
  const scheme = match?.[1] ?? '';
  const token = match?.[2]?.trim() ?? '';
  // RFC 9110: the scheme name is case-insensitive.
  if (scheme.toLowerCase() !== 'bearer') {
    throw unauthorized('The Authorization header must use the Bearer scheme: "Authorization: Bearer <API key>".');
  }
  if (!isWellFormedKey(token)) {
    throw unauthorized('The API key is malformed: a key is "sw_live_" followed by 32 letters and digits.');
  }
  return token;
}

function callerOfRecord(record: KeyRecord | undefined): Caller {
  if (!record) throw unauthorized('The API key is not recognised.');
  if (record.revoked !== null) throw unauthorized('The API key has been revoked.');
  return { tier: record.tier, identity: `key:${record.id}`, keyId: record.id };
}

function unauthorized(detail: string): Problem {
  return new Problem('unauthorized', detail, { headers: { 'WWW-Authenticate': 'Bearer realm="Spanwise"' } });
}

const RATE_LIMIT_HEADERS = ['X-RateLimit-Window', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'] as const;

/** The X-RateLimit-* headers of a decision. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Window': decision.window,
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
  };
}

const WINDOW_SPAN = { burst: 'minute', day: 'day (UTC)', month: 'calendar month (UTC)' } as const;

function refusalDetail(decision: RateDecision & { allowed: false }, tier: Tier): string {
  return (
    `Rate limit exceeded: the ${decision.window} window of the ${tier} tier ` +
    `(${decision.limit} requests per ${WINDOW_SPAN[decision.window]}) is used up; ` +
    `retry in ${decision.retryAfter} s.`
  );
}

function statusOf(error: unknown): number {
  if (error instanceof Problem) return error.status;
  if (typeof error === 'object' && error !== null) {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
    const candidate = typeof status === 'number' ? status : statusCode;
    if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
  }
  return 500;
}

/**
 * The address anonymous callers are counted by. Behind `hops` trusted proxies each appends the address
 * it received from, so the client is the hops-th entry from the right; entries further left are
 * whatever the client chose to send and are not trusted.
 */
export function clientAddress(socketAddress: string, forwardedFor: string, hops: number): string {
  let address = socketAddress;
  if (hops > 0 && forwardedFor.trim() !== '') {
    const chain = forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    address = chain[Math.max(0, chain.length - hops)] ?? socketAddress;
  }
  return normaliseAddress(address);
}

/**
 * One counter per host: IPv4-mapped IPv6 becomes plain IPv4, and an IPv6 address is cut to its /64,
 * since one host usually holds a whole /64 and could otherwise rotate addresses to escape its limit.
 */
export function normaliseAddress(address: string): string {
  if (isIP(address) === 4) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return address;
  const [head = '', tail] = bare.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** TRUST_PROXY: unset or 0 = trust no proxy; a positive integer = that many proxies; `true` = one. */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = (env.TRUST_PROXY ?? '').trim().toLowerCase();
  if (value === 'true') return 1;
  const hops = Number.parseInt(value, 10);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

export interface AccessStores {
  keys: KeyStore;
  counters: CounterStore;
  /** `redis` when REDIS_URL is set, else `embedded` (SQLite keys, memory counters). */
  backend: 'redis' | 'embedded';
  close(): Promise<void>;
}

/**
 * The stores the environment names: with REDIS_URL, one Redis connection serves both keys and counters
 * (so several instances share them); without it, the SQLite key file (KEYS_DB) and memory counters.
 */
export function storesFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  { log = (message: string) => console.error(message) }: { log?: (message: string) => void } = {},
): AccessStores {
  if (env.REDIS_URL) {
    // Fail a request after a couple of reconnection attempts rather than hold it while Redis is away.
    // Auto-pipelining sends the commands of one event-loop turn (the counts of requests arriving together)
    // in one socket write: a write per command was most of what the Redis counter cost a request.
    // Every command is bounded: a Redis that holds the connection but does not answer (stopped, swapping) fails
    // the request with the same 503 as one that is down, after STORE_TIMEOUT_MS rather than for as long as it hangs.
    const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true, commandTimeout: STORE_TIMEOUT_MS });
    // ioredis reconnects on its own; one line when Redis goes away and one when it is back, not one per
    // attempt or per refused request.
    let down = false;
    let closing = false;
    const lost = (reason: string) => {
      if (!down && !closing) log(`redis: unreachable (${reason}); counted requests answer 503 until it is back`);
      down = true;
    };
    redis.on('error', (error: Error) => lost(error.message));
    redis.on('close', () => lost('connection closed'));
    redis.on('ready', () => {
      if (down && !closing) log('redis: reachable again');
      down = false;
    });
    return {
      keys: new RedisKeyStore(redis),
      counters: new RedisCounterStore(redis),
      backend: 'redis',
      close: async () => {
        closing = true;
        await redis.quit();
      },
    };
  }
  const keys = openKeyStore(env);
  const counters = new MemoryCounterStore();
  return {
    keys,
    counters,
    backend: 'embedded',
    close: async () => {
      await keys.close();
      await counters.close();
    },
  };
}

import type { CounterSlot, CounterStore, MaybePromise, TakeResult } from './counter-store.js';
import { TIERS, type Tier, type TierTable } from './tiers.js';
import { secondsUntilReset, windowLabel, windowReset, type WindowName } from './windows.js';

/** Extra time a counter is kept past its window, so instances whose clocks differ a little still agree. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Longest window first: when several windows are full the caller is told about the one that keeps
 * them out longest, so Retry-After is never a promise that the next attempt will succeed when it won't.
 */
const CHECK_ORDER: readonly WindowName[] = ['month', 'day', 'burst'];

/** Callers whose counter keys are kept for the current minute; beyond this the set starts again. */
const MAX_CACHED_CALLERS = 10_000;

export interface WindowState {
  readonly window: WindowName;
  readonly limit: number;
  readonly remaining: number;
}

export type RateDecision =
  | (WindowState & {
      readonly allowed: true;
      /** The counters this request was counted on, for `refund`. */
      readonly counted: readonly CounterSlot[];
    })
  | (WindowState & {
      readonly allowed: false;
      /** Whole seconds until the window hit resets. */
      readonly retryAfter: number;
    });

export interface Limiter {
  /**
   * Count one request of `identity` (a caller: `anon:<ip>` or `key:<id>`) on `tier` at `now`, or refuse
   * it. On success the state is the most constraining of the day and month windows; on refusal it is
   * the window hit, with remaining 0. Synchronous when the counter store is (memory), so the common
   * case costs no promise turns; `await` works on either.
   */
  check(identity: string, tier: Tier, now: Date): MaybePromise<RateDecision>;
  /** Undo the count of a request that turned out not to count (401, 413, 429, 5xx after counting). */
  refund(decision: RateDecision, now: Date): Promise<void>;
}

export interface LimiterOptions {
  counters: CounterStore;
  /** The caps; the tier table of the spec unless a test or benchmark needs others. */
  tiers?: TierTable;
}

/** The windows a tier has, in check order, with their caps. */
interface TierPlan {
  readonly windows: readonly WindowName[];
  readonly limits: readonly number[];
  /** Each caller's counter keys in this minute, in `windows` order. */
  readonly keysOf: Map<string, readonly string[]>;
}

export function createLimiter({ counters, tiers = TIERS }: LimiterOptions): Limiter {
  const windowsAt = windowsOfMinute();
  const plans = new Map<Tier, TierPlan>();
  for (const tier of Object.keys(tiers) as Tier[]) {
    const caps = tiers[tier];
    const windows = CHECK_ORDER.filter((window) => caps[window] !== null);
    plans.set(tier, { windows, limits: windows.map((window) => caps[window] ?? 0), keysOf: new Map() });
  }

  // Counter keys per caller (per tier), for the current minute: building the key strings on every request
  // was a visible share of a cheap one. Cleared when the minute (and so possibly a window label) changes.
  let keysMinute = Number.NaN;

  return {
    check(identity, tier, now) {
      const plan = plans.get(tier);
      if (!plan) throw new Error(`unknown tier ${tier}`);
      const current = windowsAt(now);
      const nowMs = now.getTime();
      const minute = Math.floor(nowMs / 60_000);
      if (minute !== keysMinute) {
        for (const other of plans.values()) other.keysOf.clear();
        keysMinute = minute;
      }
      const { keysOf } = plan;
      let keys = keysOf.get(identity);
      if (keys === undefined) {
        // The braces are a Redis Cluster hash tag: all of one caller's counters land on one shard,
        // which a multi-key script requires.
        keys = plan.windows.map((window) => `{${identity}}:${current[window].label}`);
        if (keysOf.size >= MAX_CACHED_CALLERS) keysOf.clear();
        keysOf.set(identity, keys);
      }
      const slots: CounterSlot[] = new Array<CounterSlot>(plan.windows.length);
      for (let i = 0; i < slots.length; i++) {
        slots[i] = { key: keys[i]!, limit: plan.limits[i] ?? 0, ttlMs: current[plan.windows[i]!].resetMs - nowMs + EXPIRY_MARGIN_MS };
      }
      const taken = counters.take(slots, nowMs);
      return taken instanceof Promise ? taken.then((result) => decide(plan, slots, result, now)) : decide(plan, slots, taken, now);
    },

    async refund(decision, now) {
      if (decision.allowed)
        await counters.release(
          decision.counted.map((slot) => slot.key),
          now.getTime(),
        );
    },
  };
}

function decide(plan: TierPlan, slots: readonly CounterSlot[], { blocked, counts }: TakeResult, now: Date): RateDecision {
  const window = plan.windows[blocked];
  if (window !== undefined) {
    const limit = plan.limits[blocked] ?? 0;
    return { allowed: false, window, limit, remaining: 0, retryAfter: secondsUntilReset(window, now) };
  }
  // The reported window: of day and month (the spec's header enum), the one with fewer requests left;
  // on a tie the day, which resets sooner and so is the one the caller meets first.
  let best = -1;
  let bestRemaining = Infinity;
  for (let i = 0; i < plan.windows.length; i++) {
    const window = plan.windows[i];
    if (window === 'burst') continue;
    const remaining = Math.max(0, (plan.limits[i] ?? 0) - (counts[i] ?? 0));
    if (best < 0 || remaining < bestRemaining || (remaining === bestRemaining && window === 'day')) {
      best = i;
      bestRemaining = remaining;
    }
  }
  const reported = plan.windows[best];
  if (reported === undefined) throw new Error('a tier needs a day or month window');
  return { allowed: true, window: reported, limit: plan.limits[best] ?? 0, remaining: bestRemaining, counted: slots };
}

type WindowInstances = Record<WindowName, { label: string; resetMs: number }>;

/**
 * Every window boundary falls on a minute, so the labels and resets of the windows containing `now`
 * are the same for a whole minute: work them out once per minute rather than on every request.
 */
function windowsOfMinute(): (now: Date) => WindowInstances {
  let cachedMinute = Number.NaN;
  let cached: WindowInstances | undefined;
  return (now) => {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== cachedMinute || !cached) {
      const instance = (window: WindowName) => ({
        label: windowLabel(window, now),
        resetMs: windowReset(window, now).getTime(),
      });
      cached = { burst: instance('burst'), day: instance('day'), month: instance('month') };
      cachedMinute = minute;
    }
    return cached;
  };
}

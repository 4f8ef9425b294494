import type { CounterSlot, CounterStore } from './counter-store.js';
import { TIERS, type Tier, type TierTable } from './tiers.js';
import { secondsUntilReset, windowLabel, windowReset, type WindowName } from './windows.js';

/** Extra time a counter is kept past its window, so instances whose clocks differ a little still agree. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Longest window first: when several windows are full the caller is told about the one that keeps
 * them out longest, so Retry-After is never a promise that the next attempt will succeed when it won't.
 */
const CHECK_ORDER: readonly WindowName[] = ['month', 'day', 'burst'];

export interface WindowState {
  readonly window: WindowName;
  readonly limit: number;
  readonly remaining: number;
}

export type RateDecision =
  | (WindowState & {
      readonly allowed: true;
      /** Counter keys this request was counted on, for `refund`. */
      readonly counted: readonly string[];
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
   * the window hit, with remaining 0.
   */
  check(identity: string, tier: Tier, now: Date): Promise<RateDecision>;
  /** Undo the count of a request that turned out not to count (401, 413, 429, 5xx after counting). */
  refund(decision: RateDecision, now: Date): Promise<void>;
}

export interface LimiterOptions {
  counters: CounterStore;
  /** The caps; the tier table of the spec unless a test or benchmark needs others. */
  tiers?: TierTable;
}

export function createLimiter({ counters, tiers = TIERS }: LimiterOptions): Limiter {
  const windowsAt = windowsOfMinute();
  return {
    async check(identity, tier, now) {
      const caps = tiers[tier];
      const current = windowsAt(now);
      const windows = CHECK_ORDER.filter((window) => caps[window] !== null);
      const slots: CounterSlot[] = windows.map((window) => ({
        // The braces are a Redis Cluster hash tag: all of one caller's counters land on one shard,
        // which a multi-key script requires.
        key: `{${identity}}:${current[window].label}`,
        limit: caps[window] ?? 0,
        ttlMs: current[window].resetMs - now.getTime() + EXPIRY_MARGIN_MS,
      }));
      const { blocked, counts } = await counters.take(slots, now.getTime());
      const states: WindowState[] = windows.map((window, i) => {
        const limit = slots[i]?.limit ?? 0;
        return { window, limit, remaining: Math.max(0, limit - (counts[i] ?? 0)) };
      });
      const hit = states[blocked];
      if (hit) {
        return { ...hit, remaining: 0, allowed: false, retryAfter: secondsUntilReset(hit.window, now) };
      }
      return { ...mostConstraining(states), allowed: true, counted: slots.map((slot) => slot.key) };
    },

    async refund(decision, now) {
      if (decision.allowed) await counters.release(decision.counted, now.getTime());
    },
  };
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

/**
 * The window reported on a counted response: of day and month (the spec's header enum), the one with
 * fewer requests left; on a tie the day, which resets sooner and so is the one the caller meets first.
 */
function mostConstraining(states: readonly WindowState[]): WindowState {
  const reported = states.filter((state) => state.window !== 'burst');
  const candidates = reported.length > 0 ? reported : states;
  return candidates.reduce((best, state) =>
    state.remaining < best.remaining || (state.remaining === best.remaining && state.window === 'day')
      ? state
      : best,
  );
}

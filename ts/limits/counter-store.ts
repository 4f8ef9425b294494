/**
 * Where request counts live. One interface, two backends: process memory (the embedded default) and
 * Redis (shared by several service processes). Both must make `take` atomic: the check against every
 * cap and the increments happen as one step, so no request over a cap is ever let through, however
 * many requests race.
 */

/** A value now (an in-process store) or later (a networked one). */
export type MaybePromise<T> = T | Promise<T>;

export interface CounterSlot {
  /** Counter key; names the caller and the window instance, e.g. `{anon:203.0.113.7}:day:2025-03-01`. */
  readonly key: string;
  /** The cap: the counter may reach this value and no more. */
  readonly limit: number;
  /** How long the counter must be kept from now, in ms (until its window resets, plus a margin). */
  readonly ttlMs: number;
}

export interface TakeResult {
  /**
   * Index of the first slot already at its cap, or -1 when the request was counted.
   * When a slot is full nothing is incremented: a refused request does not count.
   */
  readonly blocked: number;
  /** Each slot's count after this call (incremented when counted, unchanged when blocked). */
  readonly counts: readonly number[];
}

export interface CounterStore {
  /** Atomically: unless some slot is at its cap, increment every slot. `nowMs` is the caller's clock. */
  take(slots: readonly CounterSlot[], nowMs: number): MaybePromise<TakeResult>;
  /** Give back one count on each key (a request counted and then not served, e.g. a 413). */
  release(keys: readonly string[], nowMs: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Whether the store can be reached now (a networked store's connection is up). Absent for a store that
   * is always there (process memory). Requests are refused at once while it is false, and /v1/health says so.
   */
  reachable?(): boolean;
  /**
   * Whether the store answers a round trip now, within its command timeout: a connection that is up but hung
   * (a Redis stopped mid-run) looks reachable until asked. Absent for a store that is always there.
   */
  probe?(): Promise<boolean>;
}

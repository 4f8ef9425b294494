import type { CounterSlot, CounterStore, TakeResult } from './counter-store.js';

interface Entry {
  count: number;
  expiresAt: number;
}

/** How often expired counters are swept out, in ms of the caller's clock. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counters in this process's memory. `take` runs synchronously inside one event-loop turn, which is
 * what makes it atomic here. Counts are lost on restart and not shared between processes: several
 * instances need the Redis store.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();
  private nextSweep = -Infinity;

  /** Synchronous: no other request can run between the check and the increments. */
  take(slots: readonly CounterSlot[], nowMs: number): TakeResult {
    this.sweep(nowMs);
    // indexed loops and one array: this runs on every counted request
    const live: Entry[] = new Array<Entry>(slots.length);
    const counts: number[] = new Array<number>(slots.length);
    let blocked = -1;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      let entry = this.entries.get(slot.key);
      if (!entry || entry.expiresAt <= nowMs) {
        entry = { count: 0, expiresAt: nowMs + slot.ttlMs };
        this.entries.set(slot.key, entry);
      }
      live[i] = entry;
      counts[i] = entry.count;
      if (blocked < 0 && entry.count >= slot.limit) blocked = i;
    }
    if (blocked >= 0) return { blocked, counts };
    for (let i = 0; i < live.length; i++) counts[i] = ++live[i]!.count;
    return { blocked: -1, counts };
  }

  async release(keys: readonly string[], nowMs: number): Promise<void> {
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && entry.expiresAt > nowMs && entry.count > 0) entry.count -= 1;
    }
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Number of live counters (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private sweep(nowMs: number): void {
    if (nowMs < this.nextSweep) return;
    this.nextSweep = nowMs + SWEEP_INTERVAL_MS;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= nowMs) this.entries.delete(key);
  }
}

/**
 * The three UTC counting windows. Each window is a calendar interval, not a sliding one, so every
 * service instance agrees on where a window starts from the clock alone and counters can be keyed by it.
 */

export type WindowName = 'burst' | 'day' | 'month';

export const WINDOW_NAMES: readonly WindowName[] = ['burst', 'day', 'month'];

/** Start of the window containing `now` (inclusive). */
export function windowStart(window: WindowName, now: Date): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (window) {
    case 'burst':
      return new Date(Date.UTC(y, m, d, now.getUTCHours(), now.getUTCMinutes()));
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
  }
}

/** The instant the window containing `now` ends and a fresh one begins. */
export function windowReset(window: WindowName, now: Date): Date {
  const start = windowStart(window, now);
  switch (window) {
    case 'burst':
      return new Date(start.getTime() + 60_000);
    case 'day':
      // Date.UTC rolls day 32 into the next month, so this is correct across month and year ends.
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1));
    case 'month':
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  }
}

/**
 * Whole seconds until the window resets, rounded up: a client that waits this long is never early.
 * Always at least 1, since `now` lies strictly before the reset.
 */
export function secondsUntilReset(window: WindowName, now: Date): number {
  return Math.ceil((windowReset(window, now).getTime() - now.getTime()) / 1000);
}

/** A label naming the window containing `now`, e.g. `burst:2025-03-01T12:34`, `day:2025-03-01`, `month:2025-03`. */
export function windowLabel(window: WindowName, now: Date): string {
  const iso = windowStart(window, now).toISOString();
  switch (window) {
    case 'burst':
      return `burst:${iso.slice(0, 16)}`;
    case 'day':
      return `day:${iso.slice(0, 10)}`;
    case 'month':
      return `month:${iso.slice(0, 7)}`;
  }
}

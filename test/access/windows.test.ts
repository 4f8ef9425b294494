import { describe, expect, it } from 'vitest';
import { secondsUntilReset, windowLabel, windowReset, windowStart } from '../../ts/limits/windows.js';

const at = (iso: string) => new Date(iso);

describe('UTC windows', () => {
  it('a minute window starts on the minute and resets at the next', () => {
    expect(windowStart('burst', at('2025-03-10T12:34:56.789Z')).toISOString()).toBe('2025-03-10T12:34:00.000Z');
    expect(windowReset('burst', at('2025-03-10T12:34:56.789Z')).toISOString()).toBe('2025-03-10T12:35:00.000Z');
    // 23:59 rolls over into the next day.
    expect(windowReset('burst', at('2025-12-31T23:59:10Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('a day window resets at the next midnight UTC, across month and year ends', () => {
    expect(windowReset('day', at('2025-03-10T00:00:00Z')).toISOString()).toBe('2025-03-11T00:00:00.000Z');
    expect(windowReset('day', at('2025-04-30T18:00:00Z')).toISOString()).toBe('2025-05-01T00:00:00.000Z');
    expect(windowReset('day', at('2025-12-31T23:59:59Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('a month window resets on the 1st, February included in leap and common years', () => {
    expect(windowReset('month', at('2024-02-15T08:00:00Z')).toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(windowReset('month', at('2025-12-05T08:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(windowStart('month', at('2025-12-05T08:00:00Z')).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  it('Retry-After is the whole seconds to the reset, rounded up', () => {
    // 23:59:30 -> midnight: 30 s.
    expect(secondsUntilReset('day', at('2025-03-10T23:59:30Z'))).toBe(30);
    // at midnight itself a whole day remains: 24 * 3600 = 86400 s.
    expect(secondsUntilReset('day', at('2025-03-10T00:00:00Z'))).toBe(86400);
    // 12:00:45.200 -> 12:01:00: 14.8 s, rounded up to 15.
    expect(secondsUntilReset('burst', at('2025-03-10T12:00:45.200Z'))).toBe(15);
    // 12:00:59.999 -> 0.001 s, rounded up to 1 (never 0).
    expect(secondsUntilReset('burst', at('2025-03-10T12:00:59.999Z'))).toBe(1);
    // 2025 is a common year: 28 Feb 00:00 -> 1 Mar 00:00 is one day, 86400 s.
    expect(secondsUntilReset('month', at('2025-02-28T00:00:00Z'))).toBe(86400);
    // 2024 is a leap year: 28 Feb 00:00 -> 1 Mar 00:00 is two days, 172800 s.
    expect(secondsUntilReset('month', at('2024-02-28T00:00:00Z'))).toBe(172800);
  });

  it('labels name the window instance, so counters of different windows never mix', () => {
    const now = at('2025-03-10T12:34:56Z');
    expect(windowLabel('burst', now)).toBe('burst:2025-03-10T12:34');
    expect(windowLabel('day', now)).toBe('day:2025-03-10');
    expect(windowLabel('month', now)).toBe('month:2025-03');
  });
});

import { describe, expect, it } from 'vitest';
import { createLimiter, type RateDecision } from '../../ts/limits/limiter.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { KEY_TIERS, TIERS, type Tier } from '../../ts/limits/tiers.js';

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

function limiter() {
  return createLimiter({ counters: new MemoryCounterStore() });
}

/** Make `n` counted requests, advancing the clock a minute whenever the burst cap is reached. */
async function spend(check: (now: Date) => RateDecision | Promise<RateDecision>, n: number, burst: number, from: Date) {
  let last: RateDecision | undefined;
  for (let i = 0; i < n; i++) {
    last = await check(new Date(from.getTime() + Math.floor(i / burst) * MINUTE));
    if (!last.allowed) throw new Error(`request ${i + 1} refused on ${last.window}`);
  }
  return last;
}

describe('the tier table', () => {
  it('holds the caps of interface-spec.md "Limits"', () => {
    // Values copied from the spec's table: burst per minute, per day (anonymous only), per month.
    expect(TIERS).toEqual({
      anonymous: { burst: 10, day: 30, month: 300 },
      student: { burst: 60, day: null, month: 2000 },
      pro: { burst: 300, day: null, month: 50000 },
      consultancy: { burst: 600, day: null, month: 250000 },
      institution: { burst: 600, day: null, month: 100000 },
      enterprise: { burst: 1200, day: null, month: 1000000 },
    });
  });
});

describe('rate limiter', () => {
  it("reports the day window on an anonymous caller's first request", async () => {
    const decision = await limiter().check('anon:203.0.113.7', 'anonymous', at('2025-03-10T12:00:00Z'));
    // Day: 30 - 1 = 29 left; month: 300 - 1 = 299 left; the day is the more constraining.
    expect(decision).toMatchObject({ allowed: true, window: 'day', limit: 30, remaining: 29 });
  });

  it('reports the month window for keyed tiers, which have no day cap', async () => {
    const decision = await limiter().check('key:abc', 'student', at('2025-03-10T12:00:00Z'));
    // Student month cap 2,000 (spec table): 1,999 left.
    expect(decision).toMatchObject({ allowed: true, window: 'month', limit: 2000, remaining: 1999 });
  });

  it.each(Object.keys(TIERS) as Tier[])('%s: the burst cap per minute, reset at the next minute', async (tier) => {
    const rl = limiter();
    const { burst } = TIERS[tier];
    const start = at('2025-03-10T12:00:00Z');
    await spend((now) => rl.check('caller', tier, now), burst, burst, start);
    // One over the cap at 12:00:45.200 is refused until 12:01:00: ceil(14.8) = 15 s.
    const refused = await rl.check('caller', tier, at('2025-03-10T12:00:45.200Z'));
    expect(refused).toMatchObject({ allowed: false, window: 'burst', limit: burst, remaining: 0, retryAfter: 15 });
    // At 12:01:00 the minute window is fresh again.
    expect((await rl.check('caller', tier, at('2025-03-10T12:01:00Z'))).allowed).toBe(true);
  });

  it('anonymous: 30 per day, refused at 23:59:30 with Retry-After 30 s', async () => {
    const rl = limiter();
    // 10 at each of 23:56, 23:57, 23:58: 30 requests, the day cap, no minute over its burst of 10.
    await spend((now) => rl.check('anon:a', 'anonymous', now), 30, 10, at('2025-03-10T23:56:00Z'));
    const refused = await rl.check('anon:a', 'anonymous', at('2025-03-10T23:59:30Z'));
    // Midnight is 30 s after 23:59:30.
    expect(refused).toMatchObject({ allowed: false, window: 'day', limit: 30, remaining: 0, retryAfter: 30 });
    // After midnight a new day: allowed, 29 of the day's 30 left, and the month (31 of 300 used) still behind.
    expect(await rl.check('anon:a', 'anonymous', at('2025-03-11T00:00:00Z'))).toMatchObject({
      allowed: true,
      window: 'day',
      remaining: 29,
    });
  });

  it('anonymous: 300 per month, refused until the 1st', async () => {
    const rl = limiter();
    for (let day = 1; day <= 10; day++) {
      const from = at(`2025-03-${String(day).padStart(2, '0')}T08:00:00Z`);
      await spend((now) => rl.check('anon:m', 'anonymous', now), 30, 10, from);
    }
    // 10 days x 30 = 300 = the month cap. 11 Mar 00:00 -> 1 Apr 00:00 is 21 days = 1,814,400 s.
    expect(await rl.check('anon:m', 'anonymous', at('2025-03-11T00:00:00Z'))).toMatchObject({
      allowed: false,
      window: 'month',
      limit: 300,
      retryAfter: 1_814_400,
    });
    // 31 Mar 23:59:30 -> 1 Apr 00:00 is 30 s.
    expect(await rl.check('anon:m', 'anonymous', at('2025-03-31T23:59:30Z'))).toMatchObject({
      allowed: false,
      window: 'month',
      retryAfter: 30,
    });
    expect((await rl.check('anon:m', 'anonymous', at('2025-04-01T00:00:00Z'))).allowed).toBe(true);
  });

  it('names the month, not the minute, when both are full', async () => {
    const tight = createLimiter({
      counters: new MemoryCounterStore(),
      tiers: { ...TIERS, student: { burst: 2, day: null, month: 2 } },
    });
    await tight.check('k', 'student', at('2025-03-10T12:00:00Z'));
    await tight.check('k', 'student', at('2025-03-10T12:00:00Z'));
    // Both the minute (2) and the month (2) are full: waiting for the minute would not help.
    const refused = await tight.check('k', 'student', at('2025-03-10T12:00:10Z'));
    expect(refused).toMatchObject({ allowed: false, window: 'month', limit: 2 });
  });

  it.each(KEY_TIERS)('%s: the month cap of the spec table, refused until the 1st', async (tier) => {
    const rl = limiter();
    const { burst, month } = TIERS[tier];
    await spend((now) => rl.check('key:m', tier, now), month, burst, at('2025-06-01T00:00:00Z'));
    // The month is spent well inside June (at most 1,000,000 / 1,200 = 834 minutes);
    // 30 Jun 23:59:30 -> 1 Jul 00:00 is 30 s.
    expect(await rl.check('key:m', tier, at('2025-06-30T23:59:30Z'))).toMatchObject({
      allowed: false,
      window: 'month',
      limit: month,
      remaining: 0,
      retryAfter: 30,
    });
  });

  it('a refused request does not count, and a refund gives a count back', async () => {
    const rl = limiter();
    const now = at('2025-03-10T12:00:00Z');
    let last: RateDecision | undefined;
    for (let i = 0; i < 10; i++) last = await rl.check('anon:r', 'anonymous', now);
    expect((await rl.check('anon:r', 'anonymous', now)).allowed).toBe(false);
    // Refund the 10th: one slot of the minute opens again, and the day shows 30 - 9 - 1 = 20 left after reuse.
    await rl.refund(last!, now);
    expect(await rl.check('anon:r', 'anonymous', now)).toMatchObject({ allowed: true, window: 'day', remaining: 20 });
  });

  it('counts callers apart', async () => {
    const rl = limiter();
    const now = at('2025-03-10T12:00:00Z');
    for (let i = 0; i < 10; i++) await rl.check('anon:one', 'anonymous', now);
    expect((await rl.check('anon:one', 'anonymous', now)).allowed).toBe(false);
    expect((await rl.check('anon:two', 'anonymous', now)).allowed).toBe(true);
  });
});

describe('memory counter store', () => {
  it('forgets counters once their window and margin have passed', async () => {
    const counters = new MemoryCounterStore();
    const rl = createLimiter({ counters });
    await rl.check('anon:a', 'anonymous', at('2025-03-10T12:00:00Z'));
    await rl.check('anon:b', 'anonymous', at('2025-03-10T12:00:00Z'));
    // Two callers x three windows (burst, day, month).
    expect(counters.size).toBe(6);
    // On 1 May the March counters are long expired (month reset 1 Apr + 60 s margin); only the new caller's remain.
    await rl.check('anon:c', 'anonymous', at('2025-05-01T00:00:00Z'));
    expect(counters.size).toBe(3);
  });
});

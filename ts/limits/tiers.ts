/**
 * The access tiers and their caps: the one definition of the tier table of interface-spec.md ("Limits").
 * A cap of `null` means the tier has no such window (only the anonymous tier has a daily cap).
 */

export type Tier = 'anonymous' | 'student' | 'pro' | 'consultancy' | 'institution' | 'enterprise';

export const TIERS: TierTable = {
  anonymous: { burst: 10, day: 30, month: 300 },
  student: { burst: 60, day: null, month: 2_000 },
  pro: { burst: 300, day: null, month: 50_000 },
  consultancy: { burst: 600, day: null, month: 250_000 },
  institution: { burst: 600, day: null, month: 100_000 },
  enterprise: { burst: 1_200, day: null, month: 1_000_000 },
};

/** Tiers a key can carry: every tier but anonymous, which is the absence of a key. */
export type KeyTier = Exclude<Tier, 'anonymous'>;

export const KEY_TIERS: readonly KeyTier[] = ['student', 'pro', 'consultancy', 'institution', 'enterprise'];

export interface TierCaps {
  /** requests per UTC minute */
  readonly burst: number;
  /** requests per UTC day, or null when the tier has no daily cap */
  readonly day: number | null;
  /** requests per UTC calendar month */
  readonly month: number;
}

export type TierTable = Readonly<Record<Tier, TierCaps>>;

export function isKeyTier(value: string): value is KeyTier {
  return (KEY_TIERS as readonly string[]).includes(value);
}

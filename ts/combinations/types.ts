/**
 * Vocabulary of load combinations: the eight load cases, factor vectors and the generated
 * combinations the solve pipeline runs. Shapes follow ../shared/spec/interface-spec.md
 * ("Combinations object") and ../shared/spec/decisions.md sections 4 and 13.
 */

/** The load cases a load may carry, in the column order of every table of combinations.md. */
export const LOAD_CASES = ['G', 'Q', 'Qr', 'W', 'E', 'S', 'R', 'T'] as const;
export type LoadCase = (typeof LOAD_CASES)[number];

/** One factor per load case; a case absent from a combination has factor 0. */
export type Factors = Record<LoadCase, number>;

export const STANDARDS = ['AS1170', 'ASCE7', 'EN1990-UK', 'IS456', 'BSL-Japan', 'custom'] as const;
export type Standard = (typeof STANDARDS)[number];

export const OCCUPANCIES = ['residential', 'office', 'congregation', 'retail', 'storage'] as const;
export type Occupancy = (typeof OCCUPANCIES)[number];

export const SNOW_ZONES = ['general', 'heavy'] as const;
export type SnowZone = (typeof SNOW_ZONES)[number];

export type LimitState = 'ULS' | 'SLS';

/** Request bounds of interface-spec.md ("Limits"); the request schema should use these same numbers. */
export const MAX_INCLUDE = 64;
export const MAX_CUSTOM = 32;
export const MAX_CUSTOM_NAME = 60;

export const DEFAULT_OCCUPANCY: Occupancy = 'office';
export const DEFAULT_SNOW_ZONE: SnowZone = 'general';

/** A caller's own combination (standard = custom); omitted factors are 0. */
export interface CustomCombination {
  name: string;
  kind: LimitState;
  factors: Partial<Factors>;
}

/** The `combinations` object of a solve request. */
export interface CombinationsRequest {
  standard: Standard;
  occupancy?: Occupancy;
  snowZone?: SnowZone;
  include?: string[];
  custom?: CustomCombination[];
  /** Cases whose loads are cut into pieces, each present or absent independently (decisions.md 17). */
  pattern?: LoadCase[];
}

/** One combination to run: stable id, display name, limit state and all eight factors. */
export interface Combination {
  id: string;
  name: string;
  kind: LimitState;
  factors: Factors;
}

/** Echoed at the head of `envelope` (decisions.md section 4). */
export interface CombinationsHeader {
  standard: Standard;
  occupancy: Occupancy;
  /** Present for BSL-Japan only, the one standard the snow zone changes. */
  snowZone?: SnowZone;
}

export interface CombinationSet extends CombinationsHeader {
  combinations: Combination[];
  /** Advisories for `meta.warnings` (for example an included id whose cases are absent). */
  warnings: string[];
}

/**
 * The engine takes each combination as factors indexed by case number (crates/engine solves each
 * case present once and superposes); the case number is the position in LOAD_CASES.
 */
export function caseIndex(loadCase: LoadCase): number {
  return LOAD_CASES.indexOf(loadCase);
}

/** A combination's factors in engine order, G first. */
export function factorVector(factors: Factors): number[] {
  return LOAD_CASES.map((c) => factors[c]);
}

/** The unfactored analysis: every case at factor 1 (decisions.md section 4). */
export const UNFACTORED: readonly number[] = LOAD_CASES.map(() => 1);

/**
 * The loads a combination applies, for a figure of that combination: each load times the factor of its
 * case (a load without `case` is G), and a load whose factor is 0 left out. The analysis never uses this:
 * the engine solves each case once and superposes (decisions.md 4); a figure only draws what acts.
 */
import type { Factors, LoadCase } from './types.js';

/** The fields of a load that carry its size, in every structure's load shapes; positions, widths and angles do not scale. */
const SIZES = ['magnitude', 'start', 'end', 'fx', 'fy', 'moment'] as const;

export function factoredLoads<L extends { case?: LoadCase | undefined }>(loads: readonly L[] | undefined, factors: Factors): L[] {
  return (loads ?? []).flatMap((load) => {
    const factor = factors[load.case ?? 'G'];
    if (factor === 0) return [];
    const scaled: Record<string, unknown> = { ...load };
    for (const key of SIZES) {
      const value = scaled[key];
      if (typeof value === 'number') scaled[key] = value * factor;
    }
    return [scaled as L];
  });
}

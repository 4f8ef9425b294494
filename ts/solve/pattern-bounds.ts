/**
 * A bound over every arrangement (decisions.md 17) as the response writes it, beams and frames alike: the
 * value in the request's units (a reaction's with the API's sign), or an extreme with its position, each
 * naming its arrangement from the pieces.
 */
import type { EnginePatternedBound } from '../engine/types.js';
import { fromEngine, type UnitSystem } from '../units/index.js';

export type Converted = Parameters<typeof fromEngine>[0];

export function boundPresenters<P>(pieces: readonly P[], units: UnitSystem) {
  const pattern = (b: EnginePatternedBound) => Array.from(b.pieces, (k) => pieces[k]!);
  return {
    /** A value alone; `sign` -1 turns the engine's counter-clockwise moment into the API's clockwise one. */
    value: (b: EnginePatternedBound, q: Converted, sign = 1) => {
      const v = sign * fromEngine(q, b.value, units);
      return { value: v === 0 ? 0 : v, pattern: pattern(b) };
    },
    /** A value and where along the member or beam it is. */
    extreme: (b: EnginePatternedBound, q: Converted) => ({
      value: fromEngine(q, b.value, units),
      position: fromEngine('length', b.position, units),
      pattern: pattern(b),
    }),
  };
}

/**
 * A bound over every arrangement (decisions.md 17) as the response writes it, beams and frames alike: the
 * value in the request's units (a reaction's with the API's sign), or an extreme with its position, each
 * naming its arrangement from the pieces.
 */
import type { PatternBounds } from '../engine/pattern-columns.js';
import type { EnginePatternedBound } from '../engine/types.js';
import { fromEngine, type UnitSystem } from '../units/index.js';

export type Converted = Parameters<typeof fromEngine>[0];

export function boundPresenters<P>(pieces: readonly P[], units: UnitSystem) {
  const pattern = (present: Uint32Array) => Array.from(present, (k) => pieces[k]!);
  const valueOf = (value: number, present: Uint32Array, q: Converted, sign: number) => {
    const v = sign * fromEngine(q, value, units);
    return { value: v === 0 ? 0 : v, pattern: pattern(present) };
  };
  const extremeOf = (value: number, position: number, present: Uint32Array, q: Converted) => ({
    value: fromEngine(q, value, units),
    position: fromEngine('length', position, units),
    pattern: pattern(present),
  });
  return {
    /** A value alone; `sign` -1 turns the engine's counter-clockwise moment into the API's clockwise one. */
    value: (b: EnginePatternedBound, q: Converted, sign = 1) => valueOf(b.value, b.pieces, q, sign),
    /** A value and where along the member or beam it is. */
    extreme: (b: EnginePatternedBound, q: Converted) => extremeOf(b.value, b.position, b.pieces, q),
    /** `value` of bound `b` of a part's columns, read where it lies. */
    valueAt: (c: PatternBounds, b: number, q: Converted, sign = 1) => valueOf(c.value(b), c.pieces(b), q, sign),
    /** `extreme` of bound `b` of a part's columns. */
    extremeAt: (c: PatternBounds, b: number, q: Converted) => extremeOf(c.value(b), c.position(b), c.pieces(b), q),
  };
}

/**
 * A bound over every arrangement (decisions.md 17) as the response writes it, beams and frames alike: the
 * value in the request's units (a reaction's with the API's sign), or an extreme with its position, each
 * naming its arrangement from the pieces.
 */
import type { PatternBounds } from '../engine/pattern-columns.js';
import type { EnginePatternedBound } from '../engine/types.js';
import { fromEngine, type UnitSystem } from '../units/index.js';
import { PieceList, type PieceTexts } from './piece-list.js';

export type Converted = Parameters<typeof fromEngine>[0];

/** `texts`: the answer's pieces with their texts, made once per answer (piece-list.ts). */
export function boundPresenters<P>(texts: PieceTexts<P>, units: UnitSystem) {
  // the pieces are found from the engine's bits only if the bound is written: most are not (the envelope keeps one
  // combination's of each)
  const valueOf = (b: EnginePatternedBound, q: Converted, sign: number) => {
    const v = sign * fromEngine(q, b.value, units);
    return { value: v === 0 ? 0 : v, pattern: new PieceList(texts, b) };
  };
  const extremeOf = (b: EnginePatternedBound, q: Converted) => ({
    value: fromEngine(q, b.value, units),
    position: fromEngine('length', b.position, units),
    pattern: new PieceList(texts, b),
  });
  return {
    /** A value alone; `sign` -1 turns the engine's counter-clockwise moment into the API's clockwise one. */
    value: (b: EnginePatternedBound, q: Converted, sign = 1) => valueOf(b, q, sign),
    /** A value and where along the member or beam it is. */
    extreme: (b: EnginePatternedBound, q: Converted) => extremeOf(b, q),
    /** `value` of bound `b` of a part's columns, read where it lies. */
    valueAt: (c: PatternBounds, b: number, q: Converted, sign = 1) => valueOf(c.bound(b), q, sign),
    /** `extreme` of bound `b` of a part's columns. */
    extremeAt: (c: PatternBounds, b: number, q: Converted) => extremeOf(c.bound(b), q),
  };
}

/**
 * The binding's two columns of bounds over every arrangement (`patternValues` and `patternPieces`, beams and
 * frames alike), read in order: each bound is a value and a position in the first, and in the second the count
 * of its pieces followed by them.
 */
import type { EnginePatternedBound } from './types.js';

export interface BoundColumns {
  /** The next bound. */
  bound(): EnginePatternedBound;
  /** Whether any bound is left. */
  more(): boolean;
}

export function boundColumns(values: Float64Array, pieces: Uint32Array): BoundColumns {
  let at = 0;
  let next = 0;
  return {
    bound() {
      const count = pieces[next++]!;
      const b = { value: values[at]!, position: values[at + 1]!, pieces: pieces.subarray(next, next + count) };
      at += 2;
      next += count;
      return b;
    },
    more: () => at < values.length,
  };
}

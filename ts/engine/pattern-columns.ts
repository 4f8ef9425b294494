/**
 * The binding's two columns of bounds over every arrangement (`patternValues` and `patternPieces`, beams and
 * frames alike), read in order: each bound is a value and a position in the first, and in the second its
 * arrangement as ⌈pieces / 32⌉ 32-bit words, piece k at bit k % 32 of word k / 32. A large frame's bounds name
 * millions of pieces, so a bound's pieces are read from its words, as runs of consecutive pieces, only where the
 * response writes the arrangement.
 */
import type { EnginePatternedBound } from './types.js';

export interface BoundColumns {
  /** The next bound. */
  bound(): EnginePatternedBound;
  /** Whether any bound is left. */
  more(): boolean;
}

/** A bound of a part's columns whose pieces are read from its words when asked for. */
class ColumnBound implements EnginePatternedBound {
  constructor(
    readonly value: number,
    readonly position: number,
    private readonly columns: PatternBounds,
    private readonly index: number,
  ) {}

  runs(each: (first: number, end: number) => void): void {
    this.columns.runs(this.index, each);
  }
}

/**
 * One part's bounds as the columns themselves, read by a bound's index (a large frame's 13,920 bounds are never
 * made into objects: the service writes each straight from here).
 */
export class PatternBounds {
  private readonly width: number;

  constructor(
    private readonly values: Float64Array,
    private readonly words: Uint32Array,
    pieces: number,
  ) {
    this.width = Math.ceil(pieces / 32);
  }

  /** How many bounds. */
  get count(): number {
    return this.values.length / 2;
  }

  value(b: number): number {
    return this.values[2 * b]!;
  }

  /** m from the member's start; 0 for a reaction or a displacement. */
  position(b: number): number {
    return this.values[2 * b + 1]!;
  }

  /**
   * Each run of consecutive pieces present in bound `b`'s arrangement, ascending: `each(first, end)` for pieces
   * `first` to `end - 1`, a word's runs found from its bits (a frame's bound names hundreds of pieces in a few
   * dozen runs: the beams of a floor, numbered in turn).
   */
  runs(b: number, each: (first: number, end: number) => void): void {
    const start = b * this.width;
    let [first, end] = [-1, -1];
    for (let i = 0; i < this.width; i++) {
      for (let w = this.words[start + i]!; w !== 0;) {
        const low = 31 - Math.clz32(w & -w);
        // the run's length: the ones from bit `low` up, the trailing zeros of their complement
        const above = ~(w >>> low);
        const length = above === 0 ? 32 : 31 - Math.clz32(above & -above);
        const from = 32 * i + low;
        if (from !== end) {
          if (first >= 0) each(first, end);
          first = from;
        }
        end = from + length;
        w = low + length === 32 ? 0 : w & ~(((1 << length) - 1) << low);
      }
    }
    if (first >= 0) each(first, end);
  }

  /** Bound `b`, its pieces read from its words when asked for. */
  bound(b: number): EnginePatternedBound {
    return new ColumnBound(this.value(b), this.position(b), this, b);
  }
}

/** The columns of a solution with `pieces` pieces, read in order. */
export function boundColumns(values: Float64Array, words: Uint32Array, pieces: number): BoundColumns {
  const columns = new PatternBounds(values, words, pieces);
  let b = 0;
  return {
    bound: () => columns.bound(b++),
    more: () => b < columns.count,
  };
}

/**
 * The binding's two columns of bounds over every arrangement (`patternValues` and `patternPieces`, beams and
 * frames alike), read in order: each bound is a value and a position in the first, and in the second its
 * arrangement as ⌈pieces / 32⌉ 32-bit words, piece k at bit k % 32 of word k / 32. A large frame's bounds name
 * millions of pieces, so a bound's list is made from its words only when it is read (where the response names
 * the arrangement).
 */
import type { EnginePatternedBound } from './types.js';

export interface BoundColumns {
  /** The next bound. */
  bound(): EnginePatternedBound;
  /** Whether any bound is left. */
  more(): boolean;
}

/** A bound of a part's columns whose pieces are listed from its words when asked for. */
class ColumnBound implements EnginePatternedBound {
  constructor(
    readonly value: number,
    readonly position: number,
    private readonly columns: PatternBounds,
    private readonly index: number,
  ) {}

  get pieces(): Uint32Array {
    return this.columns.pieces(this.index);
  }
}

/** The pieces present in an arrangement of `width` words from `start` in `words`, ascending. */
function listed(words: Uint32Array, start: number, width: number): Uint32Array {
  const out: number[] = [];
  for (let i = 0; i < width; i++) {
    for (let rest = words[start + i]!; rest !== 0; rest &= rest - 1) out.push(i * 32 + 31 - Math.clz32(rest & -rest));
  }
  return Uint32Array.from(out);
}

/**
 * One part's bounds as the columns themselves, read by a bound's index (a large frame's 35,700 bounds are never
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

  /** The pieces present in bound `b`'s arrangement, ascending. */
  pieces(b: number): Uint32Array {
    return listed(this.words, b * this.width, this.width);
  }
}

/** The columns of a solution with `pieces` pieces, read in order. */
export function boundColumns(values: Float64Array, words: Uint32Array, pieces: number): BoundColumns {
  const columns = new PatternBounds(values, words, pieces);
  let b = 0;
  return {
    bound() {
      const bound = new ColumnBound(columns.value(b), columns.position(b), columns, b);
      b += 1;
      return bound;
    },
    more: () => b < columns.count,
  };
}

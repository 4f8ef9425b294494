/**
 * A governing arrangement of pattern loading (decisions.md 17) as the answer names it: the pieces present, each
 * as `envelope.pattern.pieces` lists it. A frame's envelope names millions of pieces (the 300-node frame of
 * bench/pattern.ts: 2.8 million in 8,000 lists, 24 MB of its 31 MB answer): made into an array of piece objects
 * per bound, walked by clean numbers and printed by JSON.stringify one object at a time, they took nearly two thirds
 * of the pipeline's time (378 ms; 141 ms since). Here a list stays the engine's bits until it is written, and each piece's text is printed once
 * per answer and copied into it wherever the piece is present. Web APIs only: this runs in browsers too.
 */
import type { JsonBytes } from './json-bytes.js';
import { placeMark, type WrittenPiece } from './json-text.js';

const utf8 = new TextEncoder();
const [OPEN, CLOSE] = ['['.charCodeAt(0), ']'.charCodeAt(0)] as const;

/** Every piece's JSON text, as JSON.stringify writes the piece, each after a comma, in one buffer. */
export class PieceTexts<P> {
  /** `,{...}` of piece k at `bytes[starts[k]..starts[k + 1]]`. */
  readonly bytes: Uint8Array;
  readonly starts: Uint32Array;

  constructor(readonly pieces: readonly P[]) {
    const texts = pieces.map((p) => utf8.encode(`,${JSON.stringify(p)}`));
    this.starts = new Uint32Array(pieces.length + 1);
    texts.forEach((t, k) => (this.starts[k + 1] = this.starts[k]! + t.length));
    this.bytes = new Uint8Array(this.starts[pieces.length]!);
    texts.forEach((t, k) => this.bytes.set(t, this.starts[k]));
  }
}

/** Where a bound's pieces come from: the engine's bound, which finds them from its bits. */
export interface PresentPieces {
  /** Each run of consecutive pieces present, ascending: `each(first, end)` for pieces `first` to `end - 1`. */
  runs(each: (first: number, end: number) => void): void;
}

/**
 * The pieces present in one bound's arrangement. Written by `responseBody` from the pieces' texts, a run of
 * consecutive pieces as one range of them (consecutive pieces' texts are consecutive); anywhere else (plain data,
 * JSON.stringify) it is the array of the pieces themselves. Nothing is listed for a bound that is never written.
 */
export class PieceList<P> implements WrittenPiece {
  /** The bytes it writes, once counted. */
  private counted: number | undefined;

  constructor(
    private readonly texts: PieceTexts<P>,
    private readonly bound: PresentPieces,
  ) {}

  get size(): number {
    if (this.counted === undefined) {
      const starts = this.texts.starts;
      // the brackets, and the texts less the first one's comma
      let size = 1;
      this.bound.runs((first, end) => (size += starts[end]! - starts[first]!));
      this.counted = size === 1 ? 2 : size;
    }
    return this.counted;
  }

  /** `[{...},{...}]`: the present pieces' texts, the first one's leading comma left off. */
  writeTo(out: JsonBytes): void {
    const { bytes, starts } = this.texts;
    let skip = 1;
    out.byte(OPEN);
    this.bound.runs((first, end) => {
      out.range(bytes, starts[first]! + skip, starts[end]!);
      skip = 0;
    });
    out.byte(CLOSE);
  }

  /** Under `responseBody`, a marker the text replaces; else the pieces. */
  toJSON(): P[] | string {
    const marked = placeMark(this);
    if (marked !== undefined) return marked;
    const out: P[] = [];
    this.bound.runs((first, end) => {
      for (let k = first; k < end; k++) out.push(this.texts.pieces[k]!);
    });
    return out;
  }
}

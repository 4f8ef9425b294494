/**
 * Rows of an answer held as the columns they came from (issue 38). A frame with combinations lists every
 * member's extremes once per combination: half a million numbers for 1,000 members and 30 combinations, which as
 * objects (fifteen per member and combination) cost more to build, clean and collect than the engine took to
 * solve. Here each column stays a typed array: clean numbers (clean.ts) measures and rounds it in one loop, and
 * the answer's text (json-text.ts) is written row by row from the columns between fixed pieces of JSON text.
 * Code that reads rows as objects indexes them as an array's (`rows[3].extremes`: each row made when read) or
 * takes plain data (json-text.ts); JSON.stringify outside `responseBody` sees the objects. Web APIs only: this
 * runs in browsers too.
 */
import type { JsonBytes } from './json-bytes.js';
import { placeMark, type WrittenPiece } from './json-text.js';

/** One column: where its numbers sit in a row (the keys from the row down), and the numbers, row k at [k]. */
export interface RowColumn {
  readonly path: readonly string[];
  readonly values: Float64Array;
}

export class ColumnRows implements WrittenPiece {
  /** The row's JSON text around its numbers, as UTF-8: `pieces[0]`, the first column's number, `pieces[1]`, ... */
  private readonly pieces: readonly Uint8Array[];

  constructor(
    readonly length: number,
    readonly columns: readonly RowColumn[],
  ) {
    this.pieces = rowPieces(columns.map((c) => c.path)).map((piece) => ascii.encode(piece));
    // what a constructor returns is what `new` gives: the rows behind a view that reads an index as its row
    return new Proxy(this, INDEXED);
  }

  /** Row `k` as an object, keys in the columns' order. */
  row(k: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { path, values } of this.columns) {
      let at = out;
      for (let i = 0; i < path.length - 1; i++) at = (at[path[i]!] ??= {}) as Record<string, unknown>;
      at[path[path.length - 1]!] = values[k]!;
    }
    return out;
  }

  /** Under `responseBody`, a marker its text replaces; else every row as an object, as readers of plain data see them. */
  toJSON(): unknown {
    return placeMark(this) ?? Array.from({ length: this.length }, (_, k) => this.row(k));
  }

  /** About 20 bytes a number. */
  get size(): number {
    return 20 * this.length * this.columns.length;
  }

  /** The rows' JSON, `[{...},...]`, numbers as JSON.stringify prints them. */
  writeTo(out: JsonBytes): void {
    const { pieces, columns, length } = this;
    out.raw(OPEN);
    for (let k = 0; k < length; k++) {
      if (k > 0) out.raw(COMMA);
      for (let c = 0; c < columns.length; c++) {
        out.raw(pieces[c]!);
        out.number(columns[c]!.values[k]!);
      }
      out.raw(pieces[columns.length]!);
    }
    out.raw(CLOSE);
  }
}

const ascii = new TextEncoder();

/** Row `key`'s index when `key` names one of the rows (a canonical array index below their count). */
function rowIndex(rows: ColumnRows, key: string | symbol): number | undefined {
  if (typeof key !== 'string' || key.length === 0 || key.charCodeAt(0) < 48 || key.charCodeAt(0) > 57) return undefined;
  const k = Number(key);
  return Number.isInteger(k) && String(k) === key && k < rows.length ? k : undefined;
}

/** Indexed reads and `in` answer rows; everything else is the object's own. */
const INDEXED: ProxyHandler<ColumnRows> = {
  get(rows, key, receiver) {
    const k = rowIndex(rows, key);
    return k === undefined ? Reflect.get(rows, key, receiver) : rows.row(k);
  },
  has(rows, key) {
    return rowIndex(rows, key) !== undefined || Reflect.has(rows, key);
  },
};
const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => ascii.encode(c)) as [Uint8Array, Uint8Array, Uint8Array];

/**
 * The text between a row's numbers, from each number's path: the keys opened since the previous number's path
 * parted from this one, after closing what the previous path held below that point.
 */
function rowPieces(paths: readonly (readonly string[])[]): string[] {
  const pieces: string[] = [];
  let previous: readonly string[] = [];
  for (const path of paths) {
    let shared = 0;
    while (shared < path.length - 1 && shared < previous.length - 1 && path[shared] === previous[shared]) shared++;
    let piece = previous.length === 0 ? '{' : '}'.repeat(previous.length - 1 - shared) + ',';
    for (let i = shared; i < path.length; i++) piece += `${JSON.stringify(path[i])}:${i < path.length - 1 ? '{' : ''}`;
    pieces.push(piece);
    previous = path;
  }
  pieces.push('}'.repeat(previous.length));
  return pieces;
}

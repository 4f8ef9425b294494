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
import { CLOSE, COMMA, OPEN, placeMark, type WrittenPiece } from './json-text.js';

/**
 * One column: where its values sit in a row (the keys from the row down), and the values, row k's at [k]: numbers,
 * or pieces that write themselves (a frame member's diagram series).
 */
export type RowColumn =
  | { readonly path: readonly string[]; readonly values: Float64Array }
  | { readonly path: readonly string[]; readonly pieces: readonly WrittenPiece[] };

export class ColumnRows implements WrittenPiece {
  /** The row's JSON text around its values, as UTF-8: `text[0]`, the first column's value, `text[1]`, ... */
  private readonly text: readonly Uint8Array[];

  constructor(
    readonly length: number,
    readonly columns: readonly RowColumn[],
  ) {
    this.text = rowPieces(columns.map((c) => c.path)).map((piece) => ascii.encode(piece));
    // what a constructor returns is what `new` gives: the rows behind a view that reads them as an array of objects
    return new Proxy(this, AS_ARRAY);
  }

  /** The numbers of the column at `path` (its keys joined by '.'), if the rows hold one there. */
  columnOf(path: string): Float64Array | undefined {
    for (const column of this.columns) if ('values' in column && column.path.join('.') === path) return column.values;
    return undefined;
  }

  /** Row `k` as an object, keys in the columns' order. */
  row(k: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const column of this.columns) {
      const path = column.path;
      let at = out;
      for (let i = 0; i < path.length - 1; i++) at = (at[path[i]!] ??= {}) as Record<string, unknown>;
      at[path[path.length - 1]!] = 'values' in column ? column.values[k]! : column.pieces[k]!;
    }
    return out;
  }

  /** Under `responseBody`, a marker its text replaces; else every row as an object, as readers of plain data see them. */
  toJSON(): unknown {
    return placeMark(this) ?? Array.from({ length: this.length }, (_, k) => this.row(k));
  }

  /** About 20 bytes a number. */
  get size(): number {
    let size = 0;
    for (const column of this.columns) size += 'values' in column ? 20 * this.length : column.pieces.reduce((sum, p) => sum + p.size, 0);
    return size;
  }

  /** The rows' JSON, `[{...},...]`, numbers as JSON.stringify prints them. */
  writeTo(out: JsonBytes): void {
    const { text, columns, length } = this;
    const numbers = columns.map((c) => ('values' in c ? c.values : undefined));
    const pieces = columns.map((c) => ('pieces' in c ? c.pieces : undefined));
    out.raw(OPEN);
    for (let k = 0; k < length; k++) {
      if (k > 0) out.raw(COMMA);
      for (let c = 0; c < columns.length; c++) {
        out.raw(text[c]!);
        const values = numbers[c];
        if (values !== undefined) out.number(values[k]!);
        else pieces[c]![k]!.writeTo(out);
      }
      out.raw(text[columns.length]!);
    }
    out.raw(CLOSE);
  }
}

/**
 * Each item's number `field` as a column, made once per list (a request's members, say) and field: every result
 * of one request lists the same ids.
 */
export function idColumn<T extends object>(items: readonly T[], field: keyof T & string): Float64Array {
  let columns = idColumns.get(items);
  if (columns === undefined) idColumns.set(items, (columns = new Map()));
  let column = columns.get(field);
  if (column === undefined) {
    column = new Float64Array(items.length);
    for (let k = 0; k < items.length; k++) column[k] = items[k]![field] as number;
    columns.set(field, column);
  }
  return column;
}

const idColumns = new WeakMap<object, Map<string, Float64Array>>();

const ascii = new TextEncoder();

/** Row `key`'s index when `key` names one of the rows (a canonical array index below their count). */
function rowIndex(rows: ColumnRows, key: string | symbol): number | undefined {
  if (typeof key !== 'string' || key.length === 0 || key.charCodeAt(0) < 48 || key.charCodeAt(0) > 57) return undefined;
  const k = Number(key);
  return Number.isInteger(k) && String(k) === key && k < rows.length ? k : undefined;
}

/**
 * Indexed reads and `in` answer rows; the object's own properties are its own; anything else is an array's
 * (`map`, `find`, iteration: Array.prototype's methods are generic over `length` and indexed reads).
 */
const AS_ARRAY: ProxyHandler<ColumnRows> = {
  get(rows, key, receiver) {
    const k = rowIndex(rows, key);
    if (k !== undefined) return rows.row(k);
    return key in rows ? Reflect.get(rows, key, receiver) : Reflect.get(Array.prototype, key, receiver);
  },
  has(rows, key) {
    return rowIndex(rows, key) !== undefined || Reflect.has(rows, key);
  },
};

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

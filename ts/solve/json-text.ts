/**
 * Diagram series as the pipeline holds them, and the one serialiser of solve responses.
 *
 * A beam response is mostly its diagram series, several hundred numbers; a frame's, its member rows, held as
 * columns (column-rows.ts). They stay in the typed arrays the engine handed over (converted to the response's
 * units): building an array or object per point only to print it was most of the cost of a response.
 * `responseBody` lets JSON.stringify write everything else and writes each such piece in its place as UTF-8
 * bytes, its numbers printed straight into the answer's buffer (json-bytes.ts: the digits JSON.stringify prints,
 * and neither a string per number nor a second pass to encode them). A short series, outside rows, is left to
 * JSON.stringify from its pairs: its marker would cost more than its numbers. Consumers that read numbers (SVG,
 * MCP structured content) take `plainData`, which makes the pairs and rows from the numbers: nothing is printed
 * and parsed back. Web APIs only: this runs in browsers too.
 */
import { JsonBytes } from './json-bytes.js';

/** Marks a series' place while JSON.stringify runs; the random part keeps request strings from posing as one. */
const MARK = `\u0000${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}:`;
/** The marker as JSON.stringify writes it, up to the series' index and closing quote. */
const MARKED = `"\\u0000${MARK.slice(1)}`;

/** A long piece of an answer whose bytes `responseBody` writes itself: a diagram series, rows held as columns. */
export interface WrittenPiece {
  writeTo(out: JsonBytes): void;
  /** About how many bytes it writes, to size the answer's buffer. */
  readonly size: number;
}

/** Pieces met by the serialisation under way (JSON.stringify is synchronous: one at a time). */
let placed: WrittenPiece[] | undefined;

/** Under `responseBody`, the marker that holds `piece`'s place in JSON.stringify's text; else undefined. */
export function placeMark(piece: WrittenPiece): string | undefined {
  return placed === undefined ? undefined : `${MARK}${placed.push(piece) - 1}`;
}

/** Series of fewer pairs than this are printed by JSON.stringify from their pairs (`SeriesData.toJSON`). */
const SHORT_SERIES = 64;

/** `[position, value]` pairs; at a jump a position appears twice (left value, then right). */
export type Pairs = [number, number][];

/** A diagram series: positions and values interleaved, `[x0, v0, x1, v1, ...]`; it reads as its pairs. */
export class SeriesData implements WrittenPiece {
  constructor(readonly xy: Float64Array) {}

  get size(): number {
    return 20 * this.xy.length;
  }

  /** `[[x0,v0],[x1,v1],...]` into the answer's bytes, each number printed there (json-bytes.ts). */
  writeTo(out: JsonBytes): void {
    const xy = this.xy;
    out.raw(OPEN);
    for (let k = 0; k < xy.length; k += 2) {
      out.raw(k === 0 ? OPEN : NEXT_PAIR);
      out.number(xy[k]!);
      out.raw(COMMA);
      out.number(xy[k + 1]!);
    }
    out.raw(xy.length === 0 ? CLOSE : CLOSE_BOTH);
  }

  /** The pairs as arrays, for code that reads points. */
  pairs(): Pairs {
    const out: Pairs = new Array(this.xy.length / 2);
    for (let k = 0; k < out.length; k++) out[k] = [this.xy[2 * k]!, this.xy[2 * k + 1]!];
    return out;
  }

  /** `[[x0,v0],[x1,v1],...]`, numbers printed as JSON.stringify prints them. */
  get json(): string {
    const out = new JsonBytes(this.size);
    this.writeTo(out);
    return new TextDecoder().decode(out.result());
  }

  /**
   * Under `responseBody`, a marker the text replaces; under any other JSON.stringify, and for a short series, the
   * pairs. A frame member's diagram is a few pairs (its ends, or every member/24): for its thousand members' four
   * thousand series a marker each cost responseBody two to three times what JSON.stringify spent printing their
   * pairs (measured side by side in one process); a beam's series are hundreds of pairs, where the marker wins.
   */
  toJSON(): unknown {
    return (this.xy.length >= 2 * SHORT_SERIES && placeMark(this)) || this.pairs();
  }
}

const utf8 = new TextEncoder();
/** JSON's punctuation as UTF-8, for the pieces that write themselves (here and column-rows.ts). */
export const [OPEN, COMMA, CLOSE, NEXT_PAIR, CLOSE_BOTH] = ['[', ',', ']', '],[', ']]'].map((text) => utf8.encode(text)) as [
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
];

/** The UTF-8 JSON body of a solve response (or any value that may hold `SeriesData`). */
export function responseBody(value: unknown): Uint8Array {
  const series: WrittenPiece[] = [];
  placed = series;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    placed = undefined;
  }
  if (series.length === 0) return utf8.encode(json);
  // the pieces' sizes are estimates: an eighth more spares the answer's buffer a doubling (and a copy) near its end
  const estimate = series.reduce((sum, piece) => sum + piece.size, json.length);
  const out = new JsonBytes(Math.ceil(1.125 * estimate));
  let from = 0;
  for (let at = json.indexOf(MARKED); at >= 0; at = json.indexOf(MARKED, from)) {
    const close = json.indexOf('"', at + MARKED.length);
    out.text(json.slice(from, at));
    series[Number(json.slice(at + MARKED.length, close))]!.writeTo(out);
    from = close + 1;
  }
  out.text(json.slice(from));
  return out.result();
}

/** The value as plain data, each `SeriesData` as its pairs, for consumers that read numbers. */
export function plainData<T>(value: T): Plain<T> {
  return plain(value) as Plain<T>;
}

function plain(value: unknown): unknown {
  if (value instanceof SeriesData) return value.pairs();
  if (Array.isArray(value)) return value.map(plain);
  // rows held as columns (column-rows.ts) read as their objects
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return plain((value as { toJSON(): unknown }).toJSON());
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = plain(v);
  return out;
}

/** `T` with each `SeriesData` replaced by its pairs. */
export type Plain<T> = T extends SeriesData ? Pairs : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;

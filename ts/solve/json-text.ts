/**
 * Diagram series as the pipeline holds them, and the one serialiser of solve responses.
 *
 * A beam response is mostly its diagram series, several hundred numbers. They stay in the typed array the
 * engine handed over (converted to the response's units in place): building a `[position, value]` array per
 * point only to print it was most of the cost of a response. `responseBody` lets JSON.stringify write
 * everything else and writes each long series straight from its numbers in its place (the same digits
 * JSON.stringify prints; a short one, a frame member's few pairs, JSON.stringify prints from its pairs). Rows
 * (a truss's member forces) are JSON.stringify's: writing their keys once by hand, from a copy of the response
 * with a marker per long array, was a fifth slower than JSON.stringify of the whole answer on Node 20 (a
 * 1,000-member truss with AS1170: 3.9 against 3.2 ms, side by side in one process) and left 420 KB of
 * strings per request for the engine thread's collector. Consumers that read numbers (SVG, MCP structured content) take `plainData`,
 * which makes the pairs from the numbers: nothing is printed and parsed back. Web APIs only: this runs in
 * browsers too.
 */
import { JsonBytes } from './json-bytes.js';

/** Marks a series' place while JSON.stringify runs; the random part keeps request strings from posing as one. */
const MARK = `\u0000${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}:`;
/** The marker as JSON.stringify writes it, up to the series' index and closing quote. */
const MARKED = `"\\u0000${MARK.slice(1)}`;

/** A long piece of an answer whose bytes `responseBody` writes itself: a diagram series, rows held as columns. */
export interface WrittenPiece {
  writeTo(out: JsonBytes, printed: PrintedPositions): void;
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

  writeTo(out: JsonBytes, printed: PrintedPositions): void {
    out.text(this.write(printed));
  }

  /** The pairs as arrays, for code that reads points. */
  pairs(): Pairs {
    const out: Pairs = new Array(this.xy.length / 2);
    for (let k = 0; k < out.length; k++) out[k] = [this.xy[2 * k]!, this.xy[2 * k + 1]!];
    return out;
  }

  /** `[[x0,v0],[x1,v1],...]`, numbers printed as JSON.stringify prints them. */
  get json(): string {
    return this.write(new PrintedPositions());
  }

  /**
   * The JSON text, taking a position's digits from `printed` when a series before it in the answer printed the
   * same position: a beam's ten series (its diagrams and envelope bounds, 6,700 pairs for 20 spans) have some 640
   * distinct positions among them, and printing a number costs several times comparing two. Keeping every
   * position printed so far rather than the last series' halved the series' writing (1.4 against 0.75 ms for the
   * 20-span beam with AS1170, side by side in one process).
   */
  write(printed: PrintedPositions): string {
    const xy = this.xy;
    if (xy.length === 0) return '[]';
    const { positions, digits } = printed;
    const fresh: number[] = [];
    const freshDigits: string[] = [];
    // positions ascend: the first known position not left of x decides
    let cursor = 0;
    let text = '[';
    for (let k = 0; k < xy.length; k += 2) {
      const x = xy[k]!;
      while (cursor < positions.length && positions[cursor]! < x) cursor++;
      let position: string;
      if (cursor < positions.length && positions[cursor] === x) position = digits[cursor]!;
      // at a jump a position comes twice in a row
      else if (fresh.length > 0 && fresh[fresh.length - 1] === x) position = freshDigits[freshDigits.length - 1]!;
      else {
        position = String(x);
        fresh.push(x);
        freshDigits.push(position);
      }
      text += `${k === 0 ? '' : ','}[${position},${xy[k + 1]}]`;
    }
    if (fresh.length > 0) printed.add(fresh, freshDigits);
    return `${text}]`;
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

/** Every position the answer's series have printed so far, ascending, and its digits. */
export class PrintedPositions {
  positions: number[] = [];
  digits: string[] = [];

  /** Positions printed by one series (ascending, none known yet) merged in. */
  add(fresh: readonly number[], freshDigits: readonly string[]): void {
    const { positions, digits } = this;
    const [mergedPositions, mergedDigits]: [number[], string[]] = [[], []];
    let [i, j] = [0, 0];
    while (i < positions.length || j < fresh.length) {
      const known = j >= fresh.length || (i < positions.length && positions[i]! < fresh[j]!);
      mergedPositions.push(known ? positions[i]! : fresh[j]!);
      mergedDigits.push(known ? digits[i++]! : freshDigits[j++]!);
    }
    this.positions = mergedPositions;
    this.digits = mergedDigits;
  }
}

const utf8 = new TextEncoder();

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
  const printed = new PrintedPositions();
  const out = new JsonBytes(series.reduce((sum, piece) => sum + piece.size, json.length));
  let from = 0;
  for (let at = json.indexOf(MARKED); at >= 0; at = json.indexOf(MARKED, from)) {
    const close = json.indexOf('"', at + MARKED.length);
    out.text(json.slice(from, at));
    series[Number(json.slice(at + MARKED.length, close))]!.writeTo(out, printed);
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

/**
 * JSON already written as bytes, and the one serialiser of responses that splices them in.
 *
 * The engine writes a beam's diagram series as JSON text (crates/engine-wasm `series_text`), ASCII
 * bytes with the same digits JSON.stringify would print: building several hundred `[position, value]`
 * arrays only to print them was most of the cost of a response. `responseBody` lets JSON.stringify
 * write everything else and puts each series' bytes in its place in the body, so the series are
 * never a JavaScript string: turning a large response string into UTF-8 for the socket cost more
 * than writing it.
 */

/** Marks a text's place while JSON.stringify runs; the random part keeps request strings from posing as one. */
const MARK = `\u0000${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}:`;
/** The marker as JSON.stringify writes it, up to the text's index and closing quote. */
const MARKED = `"\\u0000${MARK.slice(1)}`;

/** Texts met by the serialisation under way (JSON.stringify is synchronous: one at a time). */
let placed: Uint8Array[] | undefined;

/** A JSON value of type `T` already serialised as ASCII bytes; it reads as its value everywhere. */
export class JsonText<T = unknown> {
  /** Type only: what the text holds. */
  declare readonly value?: T;

  constructor(readonly bytes: Uint8Array) {}

  /** The text as a string. */
  get json(): string {
    return new TextDecoder().decode(this.bytes);
  }

  /** Under `responseBody`, a marker the bytes replace; under any other JSON.stringify, the value itself. */
  toJSON(): unknown {
    if (placed === undefined) return JSON.parse(this.json);
    return `${MARK}${placed.push(this.bytes) - 1}`;
  }
}

const utf8 = new TextEncoder();

/** The parts laid end to end in one array. */
function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The UTF-8 JSON body of a value that may hold `JsonText`s (Web APIs only: it runs in browsers too). */
export function responseBody(value: unknown): Uint8Array {
  const texts: Uint8Array[] = [];
  placed = texts;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    placed = undefined;
  }
  if (texts.length === 0) return utf8.encode(json);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let at = json.indexOf(MARKED); at >= 0; at = json.indexOf(MARKED, from)) {
    const close = json.indexOf('"', at + MARKED.length);
    parts.push(utf8.encode(json.slice(from, at)), texts[Number(json.slice(at + MARKED.length, close))]!);
    from = close + 1;
  }
  parts.push(utf8.encode(json.slice(from)));
  return concat(parts);
}

/** The value as plain data (every `JsonText` parsed), for consumers that read numbers. */
export function plainData<T>(value: T): Plain<T> {
  return JSON.parse(new TextDecoder().decode(responseBody(value))) as Plain<T>;
}

/** `T` with each `JsonText` replaced by the data it holds. */
export type Plain<T> = T extends JsonText<infer V> ? V : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;

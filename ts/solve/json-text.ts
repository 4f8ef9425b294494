/**
 * JSON already written as text, and the one serialiser of responses that splices it in.
 *
 * The engine writes a beam's diagram series as JSON text (crates/engine-wasm `series_text`): printing
 * several hundred numbers is most of the cost of a response, and the engine prints them faster, with
 * the same digits JSON.stringify would. `responseJson` lets JSON.stringify write everything else and
 * puts each text in its place.
 */
import { randomBytes } from 'node:crypto';

/** Marks a text's place while JSON.stringify runs; the random part keeps request strings from posing as one. */
const MARK = `\u0000${randomBytes(12).toString('hex')}:`;
/** The marker as JSON.stringify writes it: a string holding `MARK` and the text's index. */
const MARKED = new RegExp(`"\\\\u0000${MARK.slice(1)}(\\d+)"`, 'g');

/** Texts met by the serialisation under way (JSON.stringify is synchronous: one at a time). */
let placed: string[] | undefined;

/** A JSON value of type `T` already serialised; it reads as its value everywhere. */
export class JsonText<T = unknown> {
  /** Type only: what the text holds. */
  declare readonly value?: T;

  constructor(readonly json: string) {}

  /** Under `responseJson`, a marker the text replaces; under any other JSON.stringify, the value itself. */
  toJSON(): unknown {
    if (placed === undefined) return JSON.parse(this.json);
    return `${MARK}${placed.push(this.json) - 1}`;
  }
}

/** The JSON text of a value that may hold `JsonText`s. */
export function responseJson(value: unknown): string {
  const texts: string[] = [];
  placed = texts;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    placed = undefined;
  }
  return texts.length === 0 ? json : json.replace(MARKED, (_marker, index: string) => texts[Number(index)]!);
}

/** The value as plain data (every `JsonText` parsed), for consumers that read numbers. */
export function plainData<T>(value: T): Plain<T> {
  return JSON.parse(responseJson(value)) as Plain<T>;
}

/** `T` with each `JsonText` replaced by the data it holds. */
export type Plain<T> = T extends JsonText<infer V> ? V : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;

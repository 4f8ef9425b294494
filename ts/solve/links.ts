/**
 * `links.view` (decisions.md 5): the SI model, raw-deflated and base64url-encoded into the calculator's
 * URL; the whole block is omitted when the URL would pass 2,000 characters, never truncated.
 *
 * The engine's binding compresses (miniz_oxide, crates/engine-wasm `link.rs`: its tables made once, so a
 * small model costs microseconds), says as soon as its output can no longer fit in the URL, and writes the
 * stream's base64url; it reads the text pushed to it in place, so no bytes are encoded here. The model's
 * JSON text is written a piece at a time (`jsonPieces`) and pushed as it is written, so a 300-node truss's
 * 53 KB model is dropped after its first 10 KB instead of being written, encoded and compressed whole.
 * fflate inflates the link back, the same code in Node and in the browser calculator. Browser-safe:
 * Web APIs only (TextDecoder, atob).
 */
import { inflateSync } from 'fflate';
import type { LinkDeflater } from '../engine/engine.js';

export const MAX_VIEW_URL = 2000;

export interface Links {
  view: string;
}

export type ViewKind = 'beam' | 'truss' | 'frame';

/** A raw DEFLATE stream whose output may take up to `limit` bytes (`Engine.linkDeflater`). */
export type Deflater = (limit: number) => LinkDeflater;

/** Arrays this long are written a run of records at a time; a shorter one is one piece. */
const LONG_ARRAY = 32;
/** Records of a long array written in one piece. */
const RUN = 16;
/** Text gathered before it is pushed: the binding's later chunks are 1 KB. */
const PUSH_CHARS = 1024;

const plainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function';

const long = (value: unknown): value is unknown[] => Array.isArray(value) && value.length >= LONG_ARRAY;

/** A long array's text, a run of records at a time: one JSON.stringify call per record cost more than the text. */
function runs(records: unknown[], write: (piece: string) => boolean): boolean {
  for (let i = 0; i < records.length; i += RUN) {
    // an element with no text is null in an array, as JSON.stringify writes it, in a run as in the whole
    if (!write(`${i === 0 ? '[' : ','}${JSON.stringify(records.slice(i, i + RUN)).slice(1, -1)}`)) return false;
  }
  return write(']');
}

/**
 * The text JSON.stringify writes for `value` (plain data: no `toJSON` that reads its key), handed to
 * `write` a piece at a time until it answers false (then false). A long array, alone or a member of a
 * plain object (a model's records: a truss's nodes and members), is written a run of records at a time;
 * the object's other members one piece each. Every piece is JSON.stringify's own text, so the pieces
 * join to its text exactly. A value with no long array is one piece; `undefined` (no text) writes nothing.
 */
export function jsonPieces(value: unknown, write: (piece: string) => boolean): boolean {
  if (long(value)) return runs(value, write);
  if (!plainObject(value) || !Object.values(value).some(long)) {
    const text = JSON.stringify(value) as string | undefined;
    return text === undefined || write(text);
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const v = value[key];
    const head = `${first ? '{' : ','}${JSON.stringify(key)}:`;
    if (long(v)) {
      if (!write(head) || !runs(v, write)) return false;
    } else {
      // a member with no text (undefined, a function...) is left out, as JSON.stringify leaves it
      const text = JSON.stringify(v) as string | undefined;
      if (text === undefined) continue;
      if (!write(head + text)) return false;
    }
    first = false;
  }
  return write('}');
}

/**
 * The raw DEFLATE of the UTF-8 of `value`'s JSON text in base64url without padding, or `undefined` once the
 * stream passes `limit` bytes.
 */
export function deflateJson(value: unknown, limit: number, deflater: Deflater): string | undefined {
  const stream = deflater(limit);
  let text = '';
  const fits = jsonPieces(value, (piece) => {
    text += piece;
    if (text.length < PUSH_CHARS) return true;
    const pushed = text;
    text = '';
    return stream.push(pushed);
  });
  if (!fits) {
    stream.free();
    return undefined;
  }
  return stream.finish(text);
}

export function viewLink(baseUrl: string, kind: ViewKind, siRequest: unknown, deflater: Deflater): Links | undefined {
  const prefix = `${baseUrl}/calculator/${kind}?model=`;
  // n bytes take ceil(4n / 3) base64url characters
  const room = MAX_VIEW_URL - prefix.length;
  if (room <= 0) return undefined;
  const encoded = deflateJson(siRequest, Math.floor((3 * room) / 4), deflater);
  return encoded === undefined ? undefined : { view: `${prefix}${encoded}` };
}

/** The inverse, for the calculator and tests. */
export function decodeViewModel(payload: string): unknown {
  const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(inflateSync(bytes)));
}

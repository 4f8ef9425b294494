/**
 * `links.view` (decisions.md 5): the SI model, raw-deflated and base64url-encoded into the calculator's
 * URL; the whole block is omitted when the URL would pass 2,000 characters, never truncated. The
 * engine's DEFLATE does the compressing (Node's zlib sets up a 256 KB state per call, several times
 * the cost of compressing a request); any inflater reads it.
 */
import { inflateRawSync } from 'node:zlib';

export const MAX_VIEW_URL = 2000;

export interface Links {
  view: string;
}

export type Deflate = (input: Uint8Array) => Uint8Array;

export function viewLink(baseUrl: string, kind: 'beam' | 'truss' | 'frame', siRequest: unknown, deflate: Deflate): Links | undefined {
  const compressed = deflate(Buffer.from(JSON.stringify(siRequest), 'utf8'));
  const payload = Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength).toString('base64url');
  const view = `${baseUrl}/calculator/${kind}?model=${payload}`;
  return view.length <= MAX_VIEW_URL ? { view } : undefined;
}

/** The inverse, for the calculator and tests. */
export function decodeViewModel(payload: string): unknown {
  return JSON.parse(inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8'));
}

/**
 * `links.view` (decisions.md 5): the SI model, raw-deflated and base64url-encoded into the calculator's
 * URL; the whole block is omitted when the URL would pass 2,000 characters, never truncated.
 *
 * DEFLATE is fflate's (pure JavaScript, the same in Node and in the browser calculator that reads the
 * link back). The model is compressed a chunk at a time and compression stops as soon as what it has
 * written can no longer fit in the URL: a 300-node truss's 55 KB model is dropped after its first
 * chunks instead of being compressed whole. Browser-safe: Web APIs only (TextEncoder, btoa, atob).
 */
import { Deflate, inflateSync } from 'fflate';

export const MAX_VIEW_URL = 2000;

/** Input bytes compressed per step; a model that fits in a link is rarely longer, so it is one block. */
const CHUNK = 8192;

export interface Links {
  view: string;
}

export type ViewKind = 'beam' | 'truss' | 'frame';

/** Raw DEFLATE (level 6) of `input`, or `undefined` as soon as the output passes `maxBytes`. */
export function deflateView(input: Uint8Array, maxBytes = Infinity): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let size = 0;
  const deflater = new Deflate({ level: 6 }, (chunk) => {
    parts.push(chunk);
    size += chunk.length;
  });
  let at = 0;
  do {
    const end = Math.min(at + CHUNK, input.length);
    deflater.push(input.subarray(at, end), end === input.length);
    if (size > maxBytes) return undefined;
    at = end;
  } while (at < input.length);
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Base64url without padding (RFC 4648 section 5), as the link carries it. */
function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function viewLink(baseUrl: string, kind: ViewKind, siRequest: unknown): Links | undefined {
  const prefix = `${baseUrl}/calculator/${kind}?model=`;
  // n bytes take ceil(4n / 3) base64url characters
  const room = MAX_VIEW_URL - prefix.length;
  if (room <= 0) return undefined;
  const compressed = deflateView(new TextEncoder().encode(JSON.stringify(siRequest)), Math.floor((3 * room) / 4));
  return compressed && { view: `${prefix}${base64url(compressed)}` };
}

/** The inverse, for the calculator and tests. */
export function decodeViewModel(payload: string): unknown {
  const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(inflateSync(bytes)));
}

/**
 * `links.view` (decisions.md 5): the SI model, raw-deflated and base64url-encoded into the calculator's
 * URL; the whole block is omitted when the URL would pass 2,000 characters, never truncated.
 *
 * DEFLATE is fflate's (pure JavaScript, the same in Node and in the browser calculator that reads the
 * link back). The model is compressed a chunk at a time and compression stops as soon as what it has
 * written can no longer fit in the URL: a 300-node truss's 55 KB model is dropped after its first
 * chunks instead of being compressed whole. Browser-safe: Web APIs only (TextEncoder, btoa, atob).
 */
import { Deflate, deflateSync, inflateSync } from 'fflate';

export const MAX_VIEW_URL = 2000;

/** Input bytes compressed in one call, and per step of a stream beyond that. */
const CHUNK = 8192;

export interface Links {
  view: string;
}

export type ViewKind = 'beam' | 'truss' | 'frame';

/**
 * Raw DEFLATE (level 6) of `input`, or `undefined` as soon as the output passes `maxBytes`. A model
 * that fits in a link is short and compresses in one call, its tables sized to it; a longer one is
 * streamed (fflate writes a block every few thousand symbols), and what it has written so far is
 * part of the final output, so once that is too long the rest is not compressed.
 */
export function deflateView(input: Uint8Array, maxBytes = Infinity): Uint8Array | undefined {
  if (input.length <= CHUNK) {
    const out = deflateSync(input, { level: 6 });
    return out.length <= maxBytes ? out : undefined;
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  // a smaller hash table than fflate's default for streams: set up per call, it cost more than it saved
  const deflater = new Deflate({ level: 6, mem: 4 }, (chunk) => {
    parts.push(chunk);
    size += chunk.length;
  });
  for (let at = 0; at < input.length; at += CHUNK) {
    const end = Math.min(at + CHUNK, input.length);
    deflater.push(input.subarray(at, end), end === input.length);
    if (size > maxBytes) return undefined;
  }
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

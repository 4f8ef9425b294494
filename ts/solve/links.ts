/**
 * `links.view` (decisions.md 5): the SI model, raw-deflated and base64url-encoded into the calculator's
 * URL; the whole block is omitted when the URL would pass 2,000 characters, never truncated.
 *
 * The engine's binding compresses (miniz_oxide, crates/engine-wasm `link.rs`: its tables made once, so a
 * small model costs microseconds) and stops as soon as its output can no longer fit in the URL: a
 * 300-node truss's 53 KB model is dropped after its first 10 KB instead of being compressed whole.
 * fflate inflates the link back, the same code in Node and in the browser calculator. Browser-safe:
 * Web APIs only (TextEncoder, btoa, atob).
 */
import { inflateSync } from 'fflate';

export const MAX_VIEW_URL = 2000;

export interface Links {
  view: string;
}

export type ViewKind = 'beam' | 'truss' | 'frame';

/** Raw DEFLATE of the bytes, or `undefined` as soon as the output passes `limit` bytes (`Engine.deflateRaw`). */
export type Deflate = (input: Uint8Array, limit: number) => Uint8Array | undefined;

/** Base64url without padding (RFC 4648 section 5), as the link carries it. */
function base64url(bytes: Uint8Array): string {
  // one call for the byte string (a link is under 2,000 characters, far below any argument limit)
  const binary = String.fromCharCode.apply(null, bytes as unknown as number[]);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function viewLink(baseUrl: string, kind: ViewKind, siRequest: unknown, deflate: Deflate): Links | undefined {
  const prefix = `${baseUrl}/calculator/${kind}?model=`;
  // n bytes take ceil(4n / 3) base64url characters
  const room = MAX_VIEW_URL - prefix.length;
  if (room <= 0) return undefined;
  const compressed = deflate(new TextEncoder().encode(JSON.stringify(siRequest)), Math.floor((3 * room) / 4));
  return compressed && { view: `${prefix}${base64url(compressed)}` };
}

/** The inverse, for the calculator and tests. */
export function decodeViewModel(payload: string): unknown {
  const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(inflateSync(bytes)));
}

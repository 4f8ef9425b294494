/**
 * `links.view` (decisions.md 5): the SI model, raw-deflated and base64url-encoded into the calculator's
 * URL; the whole block is omitted when the URL would pass 2,000 characters, never truncated.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export const MAX_VIEW_URL = 2000;

export interface Links {
  view: string;
}

export function viewLink(baseUrl: string, kind: 'beam' | 'truss' | 'frame', siRequest: unknown): Links | undefined {
  const payload = deflateRawSync(Buffer.from(JSON.stringify(siRequest), 'utf8')).toString('base64url');
  const view = `${baseUrl}/calculator/${kind}?model=${payload}`;
  return view.length <= MAX_VIEW_URL ? { view } : undefined;
}

/** The inverse, for the calculator and tests. */
export function decodeViewModel(payload: string): unknown {
  return JSON.parse(inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8'));
}

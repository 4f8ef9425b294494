/**
 * links.view compresses with the binding's raw DEFLATE (miniz_oxide, crates/engine-wasm link.rs): any
 * inflater must read it back, and it must compress about as well as zlib, since every byte lost pushes
 * more models past the 2,000-character URL (decisions.md 5).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { decodeViewModel, viewLink } from '../../ts/solve/links.js';
import { TRIANGLE_TRUSS } from '../support/models.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});
const deflateView = (input: Uint8Array, limit = 0xffffffff) => engine.deflateRaw(input, limit);

/** A beam request of `spans` spans with a load or two on each, in SI. */
function beamRequest(spans: number): string {
  return JSON.stringify({
    units: 'SI',
    spans: Array.from({ length: spans }, (_, i) => ({ length: 4 + (i % 3), E: 200, I: 1e8 + i * 1e7 })),
    supports: Array.from({ length: spans + 1 }, (_, i) => ({ type: i === 0 ? 'pin' : 'roller', position: i * 5 })),
    loads: Array.from({ length: 2 * spans }, (_, i) =>
      i % 2 === 0
        ? { type: 'udl', start: -10 - i, from: i * 2.5, to: i * 2.5 + 2 }
        : { type: 'point', magnitude: -20 - i, position: i * 2.5 + 0.5, case: 'Q' },
    ),
  });
}

describe('the deflate behind links.view', () => {
  const texts = [
    '',
    'x',
    beamRequest(1),
    beamRequest(3),
    beamRequest(20),
    JSON.stringify({ ...TRIANGLE_TRUSS, units: 'SI' }),
    'µ-ünïcödé ✓ '.repeat(40),
  ];

  it('is read back by zlib, byte for byte', () => {
    for (const text of texts) {
      const bytes = Buffer.from(text, 'utf8');
      expect(inflateRawSync(deflateView(bytes)!).equals(bytes), text.slice(0, 40)).toBe(true);
    }
  });

  it('compresses request JSON within 6% of zlib level 6', () => {
    for (const text of texts.slice(2, 6)) {
      const bytes = Buffer.from(text, 'utf8');
      expect(deflateView(bytes)!.length, text.slice(0, 40)).toBeLessThanOrEqual(1.06 * deflateRawSync(bytes).length);
    }
  });
});

describe('viewLink', () => {
  it('round-trips a model through the URL', () => {
    const model = JSON.parse(beamRequest(3)) as unknown;
    const link = viewLink('http://localhost:3000', 'beam', model, engine.deflateRaw)!;
    expect(link.view.length).toBeLessThanOrEqual(2000);
    expect(decodeViewModel(new URL(link.view).searchParams.get('model')!)).toEqual(model);
  });

  it('stops compressing once the output cannot fit in the URL', () => {
    // 60 KB of digits compress far past 1.5 KB long before the input ends
    const digits = new TextEncoder().encode(Array.from({ length: 6000 }, (_, i) => (i * 0.7071067811865476).toString()).join(','));
    expect(deflateView(digits, 1500)).toBeUndefined();
    expect(deflateView(digits)!.length).toBeGreaterThan(1500);
  });

  it('is omitted when the link is one byte too long, and kept when it fits exactly', () => {
    // the limit is on the URL, prefix included: base64url of n bytes takes ceil(4n / 3) characters
    const model = JSON.parse(beamRequest(2)) as unknown;
    const base = 'http://localhost:3000';
    const view = viewLink(base, 'beam', model, engine.deflateRaw)!.view;
    const spare = 2000 - view.length;
    expect(viewLink(base + 'x'.repeat(spare), 'beam', model, engine.deflateRaw)?.view.length).toBe(2000);
    expect(viewLink(base + 'x'.repeat(spare + 1), 'beam', model, engine.deflateRaw)).toBeUndefined();
  });
});

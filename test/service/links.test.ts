/**
 * links.view compresses with the engine's raw DEFLATE (crates/engine-wasm deflate.rs): any inflater
 * must read it back, and it must compress about as well as zlib, since every byte lost pushes more
 * models past the 2,000-character URL (decisions.md 5).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { TRIANGLE_TRUSS } from '../support/models.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** A beam request of `spans` spans with a load or two on each, in SI. */
function beamRequest(spans: number): string {
  return JSON.stringify({
    units: 'SI',
    spans: Array.from({ length: spans }, (_, i) => ({ length: 4 + (i % 3), E: 200, I: 1e8 + i * 1e7 })),
    supports: Array.from({ length: spans + 1 }, (_, i) => ({ type: i === 0 ? 'pin' : 'roller', position: i * 5 })),
    loads: Array.from({ length: 2 * spans }, (_, i) =>
      i % 2 === 0 ? { type: 'udl', start: -10 - i, from: i * 2.5, to: i * 2.5 + 2 } : { type: 'point', magnitude: -20 - i, position: i * 2.5 + 0.5, case: 'Q' },
    ),
  });
}

describe('the engine deflate behind links.view', () => {
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
      expect(inflateRawSync(engine.deflateRaw(bytes)).equals(bytes), text.slice(0, 40)).toBe(true);
    }
  });

  it('compresses request JSON within 6% of zlib level 6', () => {
    for (const text of texts.slice(2, 6)) {
      const bytes = Buffer.from(text, 'utf8');
      expect(engine.deflateRaw(bytes).length, text.slice(0, 40)).toBeLessThanOrEqual(1.06 * deflateRawSync(bytes).length);
    }
  });
});

/**
 * links.view compresses with the binding's raw DEFLATE (miniz_oxide, crates/engine-wasm link.rs): any
 * inflater must read it back, and it must compress about as well as zlib, since every byte lost pushes
 * more models past the 2,000-character URL (decisions.md 5).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { decodeViewModel, deflateJson, jsonPieces, viewLink } from '../../ts/solve/links.js';
import { TRIANGLE_TRUSS } from '../support/models.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});
/** The text pushed whole, as the link of a short model is: its raw DEFLATE's bytes, read back from base64url. */
const deflateView = (text: string, limit = 0xffffffff) => {
  const link = engine.linkDeflater(limit).finish(text);
  return link === undefined ? undefined : Buffer.from(link, 'base64url');
};

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
      expect(inflateRawSync(deflateView(text)!).equals(bytes), text.slice(0, 40)).toBe(true);
    }
  });

  it('compresses request JSON within 6% of zlib level 6', () => {
    for (const text of texts.slice(2, 6)) {
      const bytes = Buffer.from(text, 'utf8');
      expect(deflateView(text)!.length, text.slice(0, 40)).toBeLessThanOrEqual(1.06 * deflateRawSync(bytes).length);
    }
  });
});

describe('viewLink', () => {
  it('round-trips a model through the URL', () => {
    const model = JSON.parse(beamRequest(3)) as unknown;
    const link = viewLink('http://localhost:3000', 'beam', model, engine.linkDeflater)!;
    expect(link.view.length).toBeLessThanOrEqual(2000);
    expect(decodeViewModel(new URL(link.view).searchParams.get('model')!)).toEqual(model);
  });

  it('stops compressing once the output cannot fit in the URL', () => {
    // 60 KB of digits compress far past 1.5 KB long before the input ends
    const digits = Array.from({ length: 6000 }, (_, i) => (i * 0.7071067811865476).toString()).join(',');
    expect(deflateView(digits, 1500)).toBeUndefined();
    expect(deflateView(digits)!.length).toBeGreaterThan(1500);
  });

  it('is omitted when the link is one byte too long, and kept when it fits exactly', () => {
    // the limit is on the URL, prefix included: base64url of n bytes takes ceil(4n / 3) characters
    const model = JSON.parse(beamRequest(2)) as unknown;
    const base = 'http://localhost:3000';
    const view = viewLink(base, 'beam', model, engine.linkDeflater)!.view;
    const spare = 2000 - view.length;
    expect(viewLink(base + 'x'.repeat(spare), 'beam', model, engine.linkDeflater)?.view.length).toBe(2000);
    expect(viewLink(base + 'x'.repeat(spare + 1), 'beam', model, engine.linkDeflater)).toBeUndefined();
  });
});

/** A lattice truss request of `n` bays (about 50 bytes a node and a member), in SI. */
function latticeTruss(n: number) {
  return {
    units: 'SI',
    nodes: Array.from({ length: 2 * n + 2 }, (_, i) => ({ id: i + 1, x: Math.floor(i / 2) * 1.7320508075688772, y: (i % 2) * 2.5 })),
    members: Array.from({ length: 4 * n + 1 }, (_, i) => ({
      id: i + 1,
      from: Math.floor(i / 2) + 1,
      to: Math.floor(i / 2) + 2,
      material: 1,
    })),
    materials: [{ id: 1, E: 200, A: 1000 }],
    supports: [
      { node: 1, type: 'pin' },
      { node: 2 * n + 1, type: 'roller', angle: 0 },
    ],
    loads: [{ node: n + 1, fy: -10 - n / 3 }],
  };
}

describe('the link text written in pieces', () => {
  const pieces = (value: unknown) => {
    const out: string[] = [];
    jsonPieces(value, (piece) => out.push(piece) > 0);
    return out;
  };

  it('joins to exactly the text JSON.stringify writes', () => {
    const odd = {
      units: 'SI',
      gone: undefined,
      fn: () => 1,
      date: new Date(0),
      nested: { a: [1, undefined, NaN, -0, Infinity], b: undefined, 'ключ "q"': '✓\n' },
      short: [1, 2, 3],
      long: Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? undefined : i % 7 === 0 ? () => i : { i, x: i / 3, s: `µ${i}` })),
      holes: Array.from({ length: 33 }, (_, i) => (i % 2 ? [i, { deep: [i] }] : null)),
      empty: {},
      emptyLong: [],
      withToJSON: { toJSON: () => ({ replaced: true }) },
      last: undefined,
    };
    const models: unknown[] = [
      {},
      { a: undefined },
      [],
      Array.from({ length: 50 }, (_, i) => i * 0.1),
      'text',
      12.5,
      null,
      odd,
      JSON.parse(beamRequest(1)),
      JSON.parse(beamRequest(20)),
      { ...TRIANGLE_TRUSS, units: 'SI' },
      latticeTruss(3),
      latticeTruss(40),
    ];
    for (const model of models) expect(pieces(model).join('')).toBe(JSON.stringify(model));
    // undefined has no text at all
    expect(pieces(undefined)).toEqual([]);
  });

  it('writes a long model a few records at a time', () => {
    const truss = latticeTruss(40);
    const written = pieces(truss);
    // 82 nodes and 161 members, 16 to a piece
    expect(written.length).toBeGreaterThan(243 / 16);
    // no piece longer than 16 of the longest records (a member, 41 characters at most)
    expect(Math.max(...written.map((p) => p.length))).toBeLessThan(16 * 50);
  });

  it('gives a link the bytes of its whole text, however it was pushed', () => {
    for (const model of [JSON.parse(beamRequest(3)), JSON.parse(beamRequest(20)), latticeTruss(40), latticeTruss(120)]) {
      const whole = engine.linkDeflater(0xffffffff).finish(JSON.stringify(model));
      expect(deflateJson(model, 0xffffffff, engine.linkDeflater)).toBe(whole);
    }
  });

  it('stops writing a model too long for the link soon after the output passes the limit', () => {
    const truss = latticeTruss(300);
    const total = JSON.stringify(truss).length;
    let pushed = 0;
    const counting = (limit: number) => {
      const stream = engine.linkDeflater(limit);
      return {
        push: (piece: string) => {
          pushed += piece.length;
          return stream.push(piece);
        },
        finish: (piece: string) => stream.finish(piece),
        free: () => stream.free(),
      };
    };
    expect(deflateJson(truss, 1466, counting)).toBeUndefined();
    // 1,466 bytes of output come from some 10 KB of this text (8 KB, then 1 KB chunks); the text is 60 KB
    expect(pushed).toBeLessThan(total / 3);
  });
});

/**
 * A governing arrangement as the answer writes it (ts/solve/piece-list.ts): the engine's bits read as runs of
 * consecutive pieces (ts/engine/pattern-columns.ts), each run's texts copied as one range. Checked on random
 * arrangements of 1 to 200 pieces (empty, full, single pieces, runs across 32-bit words, whole words set): the runs
 * list exactly the pieces the bits name, one by one, and the written list is JSON.stringify's text of those pieces.
 */
import { describe, expect, it } from 'vitest';
import { PatternBounds } from '../../ts/engine/pattern-columns.js';
import { PieceList, PieceTexts } from '../../ts/solve/piece-list.js';
import { responseBody } from '../../ts/solve/json-text.js';
import { generator } from '../support/random.js';

/** An arrangement of `pieces` pieces as the binding's words: runs of random length, present or absent in turn. */
function arrangement(next: () => number, pieces: number): { words: Uint32Array; present: number[] } {
  const words = new Uint32Array(Math.ceil(pieces / 32));
  const present: number[] = [];
  const kind = next();
  let on = next() < 0.5;
  for (let k = 0; k < pieces;) {
    // whole runs of 40, single pieces, or anything between
    const run = kind < 0.2 ? 40 : kind < 0.4 ? 1 : 1 + Math.floor(next() * 12);
    for (let j = k; j < Math.min(pieces, k + run); j++) {
      if (!on) continue;
      words[j >>> 5]! |= 1 << (j & 31);
      present.push(j);
    }
    k += run;
    on = kind < 0.1 ? true : kind < 0.15 ? false : !on;
  }
  return { words, present };
}

describe('a governing arrangement written from the engine bits', () => {
  it('reads the runs the bits name, piece by piece', () => {
    const { next } = generator(7);
    for (let trial = 0; trial < 2000; trial++) {
      const pieces = 1 + Math.floor(next() * 200);
      const { words, present } = arrangement(next, pieces);
      const bounds = new PatternBounds(new Float64Array(2), words, pieces);
      const fromRuns: number[] = [];
      let previousEnd = -1;
      bounds.runs(0, (first, end) => {
        // runs are maximal: each starts after a gap
        expect(first, `trial ${trial}`).toBeGreaterThan(previousEnd);
        expect(end, `trial ${trial}`).toBeGreaterThan(first);
        for (let k = first; k < end; k++) fromRuns.push(k);
        previousEnd = end;
      });
      expect(fromRuns, `trial ${trial}`).toEqual(present);
    }
  });

  it('writes the pieces as JSON.stringify does, and reads as them anywhere else', () => {
    const { next } = generator(11);
    for (let trial = 0; trial < 500; trial++) {
      const count = 1 + Math.floor(next() * 120);
      // frame pieces (a member or a node) and beam pieces (a stretch), as the answer lists them
      const pieces = Array.from({ length: count }, (_, k) =>
        k % 7 === 3
          ? { case: 'Q', node: k + 1 }
          : k % 5 === 1
            ? { case: 'Qr', from: k / 3, to: k / 3 + 0.125 }
            : { case: 'Q', member: 10 * k + 1 },
      );
      const { words, present } = arrangement(next, count);
      const bounds = new PatternBounds(new Float64Array(2), words, count);
      const list = new PieceList(new PieceTexts(pieces), bounds.bound(0));
      const named = present.map((k) => pieces[k]);
      expect(new TextDecoder().decode(responseBody({ pattern: list, value: 1 })), `trial ${trial}`).toBe(
        JSON.stringify({ pattern: named, value: 1 }),
      );
      expect(JSON.stringify(list)).toBe(JSON.stringify(named));
      expect(list.size).toBe(JSON.stringify(named).length);
    }
  });
});

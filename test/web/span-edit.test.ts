/**
 * A beam span's length edited in the calculator (issue 36, defect 1; ts/web/span-edit.ts): what stands at or
 * beyond the span's far end moves by the change, what stands inside it stays, a load across the far end stretches.
 */
import { describe, expect, it } from 'vitest';
import type { Model } from '../../ts/web/columns.js';
import { moveBeyondSpan, SpanLengths } from '../../ts/web/span-edit.js';

/** The beam: three 6 m spans on supports at 0, 6, 12 and 18 m. */
const threeSpans = (): Model => ({
  spans: [6, 6, 6].map((length) => ({ length, E: 200, I: 1e8 })),
  supports: [0, 6, 12, 18].map((position, i) => ({ type: i === 0 ? 'pin' : 'roller', position })),
  loads: [
    { type: 'udl', start: -10, from: 0, to: 18 },
    { type: 'point', magnitude: -5, position: 9 },
    { type: 'point', magnitude: -5, position: 15 },
    { type: 'udl', start: -2, from: 13, to: 16 },
  ],
});
const withSpans = (...lengths: number[]): Model => ({ ...threeSpans(), spans: lengths.map((length) => ({ length, E: 200, I: 1e8 })) });

describe('moveBeyondSpan', () => {
  it('span 2 from 6 to 8 m: supports at 12 and 18 move to 14 and 20, loads beyond follow, the whole-beam udl stretches', () => {
    const model = moveBeyondSpan(withSpans(6, 8, 6), 1, 6, 8);
    expect((model.supports as { position: number }[]).map((s) => s.position)).toEqual([0, 6, 14, 20]);
    expect(model.loads).toEqual([
      { type: 'udl', start: -10, from: 0, to: 20 },
      { type: 'point', magnitude: -5, position: 9 }, // inside the edited span: stays
      { type: 'point', magnitude: -5, position: 17 },
      { type: 'udl', start: -2, from: 15, to: 18 },
    ]);
  });

  it('a shorter span moves what lies beyond it back, without binary noise', () => {
    const model = moveBeyondSpan(threeSpans(), 0, 6, 5.9);
    expect((model.supports as { position: number }[]).map((s) => s.position)).toEqual([0, 5.9, 11.9, 17.9]);
  });

  it('SpanLengths: a length typed through a blank field moves the beam by the whole change once', () => {
    const lengths = new SpanLengths();
    const start = threeSpans();
    // 6 -> '' (nothing moves) -> 8 (moves by 2, from the 6 it had)
    const blank = lengths.edit(start, 1, 6, undefined);
    expect(blank).toBe(start);
    const eight = lengths.edit(blank, 1, undefined, 8);
    expect((eight.supports as { position: number }[]).map((s) => s.position)).toEqual([0, 6, 14, 20]);
    // typing on, 8 -> '8.' (still 8: nothing) -> 8.5 (moves by 0.5)
    expect(lengths.edit(eight, 1, 8, 8)).toBe(eight);
    const more = lengths.edit(eight, 1, 8, 8.5);
    expect((more.supports as { position: number }[]).map((s) => s.position)).toEqual([0, 6, 14.5, 20.5]);
  });
});

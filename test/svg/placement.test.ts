/**
 * The one label placement routine (ts/svg/labels.ts): text measured per character from the font table, bold
 * wider; candidates rejected when they meet a placed label, a blocked box or a blocked line; a label with no
 * clear candidate moved out with a lead line, or dropped; a member's own label allowed on it; the same input,
 * the same layout. And the collision reader of the acceptance tests finds a collision when there is one.
 */
import { describe, expect, it } from 'vitest';
import { emit } from '../../ts/svg/emit.js';
import { arrow } from '../../ts/svg/glyphs.js';
import { segmentCrosses, textBox, textWidth } from '../../ts/svg/label-boxes.js';
import { LabelPlacer, type LabelSpec } from '../../ts/svg/labels.js';
import type { Scene } from '../../ts/svg/scene.js';
import { collisions, readFigure } from './figure-boxes.js';

const canvas = { x0: 0, y0: 0, x1: 400, y1: 200 };

describe('text measure', () => {
  it('adds each character advance (Liberation Sans = Arial = Helvetica metrics), with a 4% margin', () => {
    // advances in thousandths of an em (Helvetica AFM, same in Liberation Sans): 1 = 0 = 556, space 278,
    // k 500 (bold 556), N 722 (bold 722). "10 kN" = 2612 regular, 2668 bold; at 12 px x 1.04
    expect(textWidth('10 kN', 12)).toBeCloseTo((2612 * 12 * 1.04) / 1000, 9);
    expect(textWidth('10 kN', 12, true)).toBeCloseTo((2668 * 12 * 1.04) / 1000, 9);
    // narrow and wide letters differ: "iii" (i = 222) against "MMM" (M = 833)
    expect(textWidth('MMM', 10) / textWidth('iii', 10)).toBeCloseTo(833 / 222, 9);
  });
  it('boxes are anchored as SVG anchors text, 1.25 em tall about the centre line', () => {
    const w = textWidth('40 kN', 10);
    const box = textBox('40 kN', { x: 100, y: 50 }, 'middle', 10);
    [box.x0, box.y0, box.x1, box.y1].forEach((v, i) => expect(v).toBeCloseTo([100 - w / 2, 43.75, 100 + w / 2, 56.25][i]!, 9));
    expect(textBox('40 kN', { x: 100, y: 50 }, 'end', 10).x1).toBe(100);
  });
});

describe('segments against boxes', () => {
  const box = { x0: 10, y0: 10, x1: 20, y1: 20 };
  it.each([
    [{ x: 0, y: 0 }, { x: 30, y: 30 }, true],
    [{ x: 0, y: 15 }, { x: 9, y: 15 }, false],
    [{ x: 15, y: 0 }, { x: 15, y: 40 }, true],
    [{ x: 0, y: 25 }, { x: 25, y: 21 }, false],
    [{ x: 12, y: 12 }, { x: 13, y: 13 }, true],
  ])('%j to %j crosses: %s', (a, b, expected) => expect(segmentCrosses(a, b, box)).toBe(expected));
});

describe('placing', () => {
  const spec = (text: string, at: { x: number; y: number }[], extra: Partial<LabelSpec> = {}): LabelSpec => ({
    text,
    candidates: at.map((p) => ({ at: p, anchor: 'middle' as const })),
    ...extra,
  });

  it('takes the first candidate clear of labels placed before it', () => {
    const placer = new LabelPlacer(canvas);
    const a = placer.place(spec('first', [{ x: 100, y: 100 }]))!;
    const b = placer.place(
      spec('second', [
        { x: 100, y: 100 },
        { x: 100, y: 130 },
      ]),
    )!;
    expect(a.at).toEqual({ x: 100, y: 100 });
    expect(b.at).toEqual({ x: 100, y: 130 });
  });

  it('rejects a candidate a blocked line runs through, but not one beside it', () => {
    const placer = new LabelPlacer(canvas);
    placer.blockSegment({ x: 0, y: 100 }, { x: 400, y: 100 }, 1);
    // 12 px text is 15 px tall: centred 7 px above the line it still covers it (7.5 + 2 px clear space)
    const label = placer.place(
      spec('x', [
        { x: 100, y: 93 },
        { x: 100, y: 88 },
      ]),
    )!;
    expect(label.at.y).toBe(88);
  });

  it('a diagonal line blocks only what it crosses, not its whole bounding box', () => {
    const placer = new LabelPlacer(canvas);
    placer.blockSegment({ x: 0, y: 0 }, { x: 200, y: 200 }, 1);
    // (150, 40) is inside the line's bounding box, far from the line itself
    expect(placer.place(spec('beside', [{ x: 150, y: 40 }]))!.at).toEqual({ x: 150, y: 40 });
  });

  it('blocks drawn shapes: an arrow keeps labels off its shaft and head', () => {
    const placer = new LabelPlacer(canvas);
    placer.blockShapes(arrow({ x: 100, y: 20 }, { x: 100, y: 100 }, 'load', 2));
    expect(placer.place(spec('on the shaft', [{ x: 100, y: 60 }]))).toBeUndefined();
    expect(placer.place(spec('on the head', [{ x: 100, y: 96 }]))).toBeUndefined();
    expect(placer.dropped).toEqual(['on the shaft', 'on the head']);
  });

  it('a label with no clear candidate moves out with a lead line to the point it names', () => {
    const placer = new LabelPlacer(canvas);
    placer.block({ x0: 80, y0: 80, x1: 120, y1: 120 });
    const label = placer.place(spec('named', [{ x: 100, y: 100 }], { names: { x: 100, y: 100 } }))!;
    expect(label).toBeDefined();
    // the first lead position is straight up, 30 px out
    expect(label.at).toEqual({ x: 100, y: 70 });
    expect(placer.leaders).toHaveLength(1);
    const [start, end] = placer.leaders[0]!.d as [['M', number, number], ['L', number, number]];
    expect([start[1], start[2]]).toEqual([100, 96]);
    expect([end[1], end[2]]).toEqual([100, label.box.y1]);
  });

  it("a member's own label may sit on it; another label may not", () => {
    const placer = new LabelPlacer(canvas);
    placer.blockSegment({ x: 0, y: 100 }, { x: 400, y: 100 }, 1, 'member 3');
    expect(placer.place(spec('-7.07 kN', [{ x: 100, y: 100 }], { owner: 'member 3' }))).toBeDefined();
    expect(placer.place(spec('other', [{ x: 300, y: 100 }], { owner: 'member 4' }))).toBeUndefined();
  });

  it('the same labels in the same order land in the same places', () => {
    const run = () => {
      const placer = new LabelPlacer(canvas);
      placer.blockSegment({ x: 0, y: 100 }, { x: 400, y: 60 }, 1);
      return Array.from({ length: 30 }, (_, i) =>
        placer.place(
          spec(
            `label ${i}`,
            [
              { x: 50 + 10 * i, y: 80 },
              { x: 50 + 10 * i, y: 120 },
            ],
            { names: { x: 50 + 10 * i, y: 90 } },
          ),
        ),
      );
    };
    expect(JSON.stringify(run())).toBe(JSON.stringify(run()));
  });
});

describe('the collision reader', () => {
  const scene = (labelY: number): Scene => ({
    width: 200,
    height: 200,
    title: 't',
    layers: [
      { name: 'loads', shapes: arrow({ x: 100, y: 20 }, { x: 100, y: 100 }, 'load', 2) },
      {
        name: 'labels',
        shapes: [
          {
            kind: 'text',
            text: '20 kN',
            at: { x: 100, y: labelY },
            anchor: 'middle',
            size: 12,
            fill: 'load',
            box: textBox('20 kN', { x: 100, y: labelY }, 'middle', 12),
          },
        ],
      },
    ],
  });
  it('finds a label on a load arrow, and none when it is clear', () => {
    expect(collisions(readFigure(emit(scene(60), { theme: 'light', idPrefix: 's' })), ['loads'])).toEqual([
      expect.stringContaining('"20 kN" on the loads'),
    ]);
    expect(collisions(readFigure(emit(scene(150), { theme: 'light', idPrefix: 's' })), ['loads'])).toEqual([]);
  });
});

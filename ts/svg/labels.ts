/**
 * Label placement: each label tries its candidate positions in order of preference and takes the
 * first whose box stays on the canvas and clear of every label (and obstacle) placed before it.
 * Text is measured with a fixed average advance, so the result never depends on installed fonts.
 */
import type { Anchor, Box, Point, TextShape } from './scene.js';
import type { Paint } from './theme.js';

/** Average advance of a sans-serif glyph in ems; generous, so real text fits inside its box. */
const ADVANCE = 0.6;
/** Line box height in ems. */
const LINE = 1.25;
/** Clear space kept around every label, in pixels. */
const GAP = 2;

export function textBox(text: string, at: Point, anchor: Anchor, size: number): Box {
  const width = text.length * size * ADVANCE;
  const x0 = anchor === 'start' ? at.x : anchor === 'middle' ? at.x - width / 2 : at.x - width;
  const half = (size * LINE) / 2;
  return { x0, y0: at.y - half, x1: x0 + width, y1: at.y + half };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export function inside(box: Box, bounds: Box): boolean {
  return box.x0 >= bounds.x0 && box.x1 <= bounds.x1 && box.y0 >= bounds.y0 && box.y1 <= bounds.y1;
}

function grow(box: Box, by: number): Box {
  return { x0: box.x0 - by, y0: box.y0 - by, x1: box.x1 + by, y1: box.y1 + by };
}

export interface LabelSpec {
  text: string;
  /** preferred first */
  candidates: { at: Point; anchor: Anchor }[];
  size?: number;
  fill?: Paint;
  bold?: boolean;
  halo?: boolean;
}

/** Places labels one after another on a canvas; `obstacles` are drawings labels must not cover. */
export class LabelPlacer {
  private readonly taken: Box[];

  constructor(
    private readonly bounds: Box,
    obstacles: Box[] = [],
  ) {
    this.taken = [...obstacles];
  }

  /** Marks a drawn region as taken, so later labels avoid it. */
  block(box: Box): void {
    this.taken.push(box);
  }

  place(spec: LabelSpec): TextShape {
    const size = spec.size ?? 12;
    const tries = spec.candidates.map((c) => {
      const box = textBox(spec.text, c.at, c.anchor, size);
      // a candidate running off the canvas slides back on; its clash is then judged where it lands
      const dx = Math.max(0, this.bounds.x0 - box.x0) - Math.max(0, box.x1 - this.bounds.x1);
      const dy = Math.max(0, this.bounds.y0 - box.y0) - Math.max(0, box.y1 - this.bounds.y1);
      const at = { x: c.at.x + dx, y: c.at.y + dy };
      return { at, anchor: c.anchor, box: textBox(spec.text, at, c.anchor, size) };
    });
    const clash = (box: Box) => this.taken.filter((t) => overlaps(grow(box, GAP), t)).length;
    const chosen = tries.find((t) => clash(t.box) === 0) ?? [...tries].sort((a, b) => clash(a.box) - clash(b.box))[0];
    if (!chosen) throw new Error(`label "${spec.text}" has no candidate position`);
    this.taken.push(chosen.box);
    return {
      kind: 'text',
      text: spec.text,
      at: chosen.at,
      anchor: chosen.anchor,
      size,
      fill: spec.fill ?? 'ink',
      ...(spec.bold && { bold: true }),
      ...(spec.halo && { halo: true }),
      box: chosen.box,
    };
  }
}

/**
 * Candidates stepping away from a point: straight out first, then further out. Sideways directions
 * step up and down alternately, so a label keeps beside its anchor.
 */
export function fan(at: Point, direction: 'up' | 'down' | 'left' | 'right', step: number, count = 5): { at: Point; anchor: Anchor }[] {
  const anchor: Anchor = direction === 'left' ? 'end' : direction === 'right' ? 'start' : 'middle';
  return Array.from({ length: count }, (_, i) => {
    const sideways = (i % 2 === 0 ? 1 : -1) * Math.ceil(i / 2) * step;
    const p =
      direction === 'up'
        ? { x: at.x, y: at.y - i * step }
        : direction === 'down'
          ? { x: at.x, y: at.y + i * step }
          : { x: at.x, y: at.y + sideways };
    return { at: p, anchor };
  });
}

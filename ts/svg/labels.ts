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

/** A cell index counted from one cell before the canvas, with everything past either edge in the edge cell. */
function clamp(cell: number, last: number): number {
  return Math.min(last + 1, Math.max(0, cell + 1));
}

/** Side of a cell of the placer's grid, in pixels: a few labels high, so a query reads a handful of cells. */
const CELL = 48;

/**
 * Places labels one after another on a canvas; `obstacles` are drawings labels must not cover. Taken boxes
 * are filed in a grid of cells, so judging a candidate reads only the boxes near it: a figure with a
 * thousand labels costs a thousand small lookups, not a million comparisons.
 */
export class LabelPlacer {
  private readonly taken: Box[] = [];
  /** Taken boxes (indexes into `taken`) by the cells they touch. */
  private readonly cells = new Map<number, number[]>();
  /** The query that last counted each taken box, so a box filed in several cells counts once. */
  private readonly seen: number[] = [];
  private query = 0;
  private readonly columns: number;
  private readonly rows: number;

  constructor(
    private readonly bounds: Box,
    obstacles: Box[] = [],
  ) {
    this.columns = Math.ceil((bounds.x1 - bounds.x0) / CELL) + 1;
    this.rows = Math.ceil((bounds.y1 - bounds.y0) / CELL) + 1;
    for (const box of obstacles) this.block(box);
  }

  /** Marks a drawn region as taken, so later labels avoid it. */
  block(box: Box): void {
    const index = this.taken.push(box) - 1;
    this.seen.push(-1);
    const [c0, c1, r0, r1] = this.span(box);
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const key = c * (this.rows + 2) + r;
        const list = this.cells.get(key);
        if (list === undefined) this.cells.set(key, [index]);
        else list.push(index);
      }
    }
  }

  /** How many taken boxes the box, with its clear space, overlaps. */
  private clash(box: Box): number {
    const grown = grow(box, GAP);
    const query = ++this.query;
    let count = 0;
    const [c0, c1, r0, r1] = this.span(grown);
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const list = this.cells.get(c * (this.rows + 2) + r);
        if (list === undefined) continue;
        for (const index of list) {
          if (this.seen[index] === query) continue;
          this.seen[index] = query;
          if (overlaps(grown, this.taken[index]!)) count++;
        }
      }
    }
    return count;
  }

  /**
   * The first and last column and row of the cells a box touches, counted from 0 one cell before the canvas;
   * a box past the canvas files under the edge cells, which every query reaching there reads.
   */
  private span(box: Box): [number, number, number, number] {
    const { x0, y0 } = this.bounds;
    return [
      clamp(Math.floor((box.x0 - x0) / CELL), this.columns),
      clamp(Math.floor((box.x1 - x0) / CELL), this.columns),
      clamp(Math.floor((box.y0 - y0) / CELL), this.rows),
      clamp(Math.floor((box.y1 - y0) / CELL), this.rows),
    ];
  }

  place(spec: LabelSpec): TextShape {
    const size = spec.size ?? 12;
    // the first candidate clear of everything; failing that, the first of those that cover least
    let chosen: { at: Point; anchor: Anchor; box: Box } | undefined;
    let least = Infinity;
    for (const c of spec.candidates) {
      const box = textBox(spec.text, c.at, c.anchor, size);
      // a candidate running off the canvas slides back on; its clash is then judged where it lands
      const dx = Math.max(0, this.bounds.x0 - box.x0) - Math.max(0, box.x1 - this.bounds.x1);
      const dy = Math.max(0, this.bounds.y0 - box.y0) - Math.max(0, box.y1 - this.bounds.y1);
      const at = dx === 0 && dy === 0 ? c.at : { x: c.at.x + dx, y: c.at.y + dy };
      const landed = at === c.at ? box : textBox(spec.text, at, c.anchor, size);
      const clash = this.clash(landed);
      if (clash < least) [chosen, least] = [{ at, anchor: c.anchor, box: landed }, clash];
      if (clash === 0) break;
    }
    if (!chosen) throw new Error(`label "${spec.text}" has no candidate position`);
    this.block(chosen.box);
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

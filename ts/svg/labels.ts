/**
 * Label placement, the one routine of every figure (beam, chart, truss, frame, section): each label tries its
 * candidate positions in order of preference and takes the first whose box stays on the canvas and clear of
 * every label placed before it and of every drawing registered as an obstacle (stroked lines exactly, as
 * segments; filled glyphs by their boxes). A label that finds no clear candidate moves further out with a lead
 * line back to what it names, or is dropped: labels never overlap. No randomness: the same figure, the same
 * layout. Text is measured with the advance widths of the font the SVG names (text-metrics.ts), bold wider.
 */
import { boxInto, boxOf, crosses, grow, shapeObstacles, textWidth } from './label-boxes.js';
import type { Anchor, Box, PathShape, Point, Shape, TextShape } from './scene.js';
import type { Paint } from './theme.js';

/** Clear space kept around every label, in pixels. */
const GAP = 2;

export interface Candidate {
  at: Point;
  anchor: Anchor;
}

export interface LabelSpec {
  text: string;
  /** preferred first */
  candidates: Candidate[];
  size?: number;
  fill?: Paint;
  bold?: boolean;
  halo?: boolean;
  /** a box drawn round the text (see TextShape) */
  outline?: boolean;
  /**
   * The point the label names. When no candidate is clear, the label is tried further out around it, with a
   * lead line back to it; without it, such a label is dropped.
   */
  names?: Point;
  /** Obstacles registered with this owner (the member a force label names) do not count against the label. */
  owner?: string;
  /** A shorter label saying less, tried where this one finds no room before it is dropped. */
  shorter?: LabelSpec;
}

/** A cell index counted from one cell before the canvas, with everything past either edge in the edge cell. */
function clamp(cell: number, last: number): number {
  return Math.min(last + 1, Math.max(0, cell + 1));
}

/** Side of a cell of the placer's grid, in pixels: a few labels high, so a query reads a handful of cells. */
const CELL = 48;
/** Distances from the named point tried for a label with a lead line, and the directions, preferred first. */
const LEAD_RADII = [30, 46, 62];
const LEAD_DIRECTIONS: [number, number][] = [
  [0, -1],
  [0, 1],
  [1, -1],
  [-1, -1],
  [1, 1],
  [-1, 1],
  [1, 0],
  [-1, 0],
];

interface Obstacle {
  box: Box;
  /** a stroked line: the segment and its half width; the box is then the segment's bounding box */
  segment?: [Point, Point, number];
  owner?: string;
  /** a placed label (lead lines must not cross these) */
  label?: boolean;
}

/**
 * Places labels one after another on a canvas. Taken regions are filed in a grid of cells, so judging a
 * candidate reads only what is near it: a figure with a thousand labels costs a thousand small lookups.
 */
export class LabelPlacer {
  /**
   * Taken regions, one index each, in flat arrays (a query reads thousands: flat numbers, not objects): the
   * box, for a stroked line its segment and half width (the box is then the segment's bounding box), its owner,
   * and whether it is a placed label (lead lines must not cross these).
   */
  private readonly x0: number[] = [];
  private readonly y0: number[] = [];
  private readonly x1: number[] = [];
  private readonly y1: number[] = [];
  /** Segment ends and half width (NaN for a region that is not a line). */
  private readonly ax: number[] = [];
  private readonly ay: number[] = [];
  private readonly bx: number[] = [];
  private readonly by: number[] = [];
  private readonly half: number[] = [];
  private readonly owners: (string | undefined)[] = [];
  private readonly labels: boolean[] = [];
  /** Taken regions (their indexes) by the cells they touch, a cell's list at its key (see `file`). */
  private readonly cells: (number[] | undefined)[] = [];
  /** The query that last counted each taken region, so one filed in several cells counts once. */
  private readonly seen: number[] = [];
  private query = 0;
  /** The box of the candidate being tried. */
  private readonly scratch: Box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  private readonly columns: number;
  private readonly rows: number;
  /** Lead lines drawn for labels placed away from what they name. */
  readonly leaders: PathShape[] = [];
  /** Texts of labels that found no room and were left out. */
  readonly dropped: string[] = [];

  constructor(
    private readonly bounds: Box,
    obstacles: Box[] = [],
  ) {
    this.columns = Math.ceil((bounds.x1 - bounds.x0) / CELL) + 1;
    this.rows = Math.ceil((bounds.y1 - bounds.y0) / CELL) + 1;
    for (const box of obstacles) this.block(box);
  }

  private file(obstacle: Obstacle): void {
    const { box, segment } = obstacle;
    const index = this.x0.push(box.x0) - 1;
    this.y0.push(box.y0);
    this.x1.push(box.x1);
    this.y1.push(box.y1);
    this.ax.push(segment ? segment[0].x : NaN);
    this.ay.push(segment ? segment[0].y : NaN);
    this.bx.push(segment ? segment[1].x : NaN);
    this.by.push(segment ? segment[1].y : NaN);
    this.half.push(segment ? segment[2] : NaN);
    this.owners.push(obstacle.owner);
    this.labels.push(obstacle.label === true);
    this.seen.push(-1);
    const [c0, c1, r0, r1] = this.span(box);
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const key = c * (this.rows + 2) + r;
        const list = this.cells[key];
        if (list === undefined) this.cells[key] = [index];
        else list.push(index);
      }
    }
  }

  /** Marks a drawn region as taken, so later labels avoid it. */
  block(box: Box, owner?: string): void {
    this.file({ box, ...(owner !== undefined && { owner }) });
  }

  /** Marks a line as taken: labels may sit beside it but not across it. */
  blockSegment(a: Point, b: Point, halfWidth = 1, owner?: string): void {
    const box = { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
    this.file({ box: grow(box, halfWidth), segment: [a, b, halfWidth], ...(owner !== undefined && { owner }) });
  }

  /**
   * Marks a polyline as taken, as the fewest chords that stay within `tolerance` px of it (a chart's curve has
   * hundreds of samples on a few straight runs and arcs; each chord is widened by the tolerance).
   */
  blockPolyline(points: readonly Point[], halfWidth: number, tolerance = 0.5): void {
    const off = (a: Point, b: Point, p: Point) => {
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      return length === 0 ? Math.hypot(p.x - a.x, p.y - a.y) : Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / length;
    };
    let i = 0;
    while (i + 1 < points.length) {
      let j = i + 1;
      // extend the chord while every point it skips stays close to it (at most 24 at a time)
      while (j + 1 < points.length && j - i < 24) {
        let close = true;
        for (let k = i + 1; k <= j && close; k++) close = off(points[i]!, points[j + 1]!, points[k]!) <= tolerance;
        if (!close) break;
        j++;
      }
      this.blockSegment(points[i]!, points[j]!, halfWidth + tolerance);
      i = j;
    }
  }

  /** Marks what drawn shapes cover (see `shapeObstacles`). */
  blockShapes(shapes: readonly Shape[], owner?: string): void {
    for (const shape of shapes) {
      const { segments, boxes } = shapeObstacles(shape);
      for (const [a, b, half] of segments) this.blockSegment(a, b, half, owner);
      for (const box of boxes) this.block(box, owner);
    }
  }

  /**
   * How many taken regions the box, with its clear space, meets (`first`: stopping at the first, which is all
   * `place` needs to know); `labelsOnly` counts placed labels alone, `line` tests that segment instead of the box.
   */
  private clash(box: Box, owner?: string, labelsOnly = false, line?: [Point, Point], first = false): number {
    // the box grown by the clear space, unpacked: this runs for every candidate of every label
    const gx0 = box.x0 - GAP;
    const gy0 = box.y0 - GAP;
    const gx1 = box.x1 + GAP;
    const gy1 = box.y1 + GAP;
    const query = ++this.query;
    let count = 0;
    const { x0: bx0, y0: by0 } = this.bounds;
    const c0 = clamp(Math.floor((gx0 - bx0) / CELL), this.columns);
    const c1 = clamp(Math.floor((gx1 - bx0) / CELL), this.columns);
    const r0 = clamp(Math.floor((gy0 - by0) / CELL), this.rows);
    const r1 = clamp(Math.floor((gy1 - by0) / CELL), this.rows);
    const { seen, x0, y0, x1, y1, half, owners, labels } = this;
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const list = this.cells[c * (this.rows + 2) + r];
        if (list === undefined) continue;
        for (let k = 0; k < list.length; k++) {
          const index = list[k]!;
          if (seen[index] === query) continue;
          seen[index] = query;
          if ((owner !== undefined && owners[index] === owner) || (labelsOnly && !labels[index])) continue;
          const ox0 = x0[index]!;
          const oy0 = y0[index]!;
          const ox1 = x1[index]!;
          const oy1 = y1[index]!;
          if (!(gx0 < ox1 && ox0 < gx1 && gy0 < oy1 && oy0 < gy1)) continue;
          const g = half[index]!;
          if (line) {
            if (crosses(line[0].x, line[0].y, line[1].x, line[1].y, ox0 - 1, oy0 - 1, ox1 + 1, oy1 + 1)) count++;
          } else if (Number.isNaN(g)) count++;
          else if (crosses(this.ax[index]!, this.ay[index]!, this.bx[index]!, this.by[index]!, gx0 - g, gy0 - g, gx1 + g, gy1 + g)) count++;
          if (first && count > 0) return count;
        }
      }
    }
    return count;
  }

  /**
   * Whether the box, with its clear space, meets any taken region but the owner's: `clash` stopped at the
   * first. Regions are read newest first (the labels placed last are the likeliest to be in the way), and a
   * region filed in several cells may be read twice (cheaper than marking it, the answer being the same).
   */
  private blocked(box: Box, owner: string | undefined): boolean {
    const gx0 = box.x0 - GAP;
    const gy0 = box.y0 - GAP;
    const gx1 = box.x1 + GAP;
    const gy1 = box.y1 + GAP;
    const { x0: bx0, y0: by0 } = this.bounds;
    const c0 = clamp(Math.floor((gx0 - bx0) / CELL), this.columns);
    const c1 = clamp(Math.floor((gx1 - bx0) / CELL), this.columns);
    const r0 = clamp(Math.floor((gy0 - by0) / CELL), this.rows);
    const r1 = clamp(Math.floor((gy1 - by0) / CELL), this.rows);
    const { x0, y0, x1, y1, half, owners, ax, ay, bx, by } = this;
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const list = this.cells[c * (this.rows + 2) + r];
        if (list === undefined) continue;
        for (let k = list.length - 1; k >= 0; k--) {
          const index = list[k]!;
          const ox0 = x0[index]!;
          const oy0 = y0[index]!;
          const ox1 = x1[index]!;
          const oy1 = y1[index]!;
          if (!(gx0 < ox1 && ox0 < gx1 && gy0 < oy1 && oy0 < gy1)) continue;
          if (owner !== undefined && owners[index] === owner) continue;
          const g = half[index]!;
          if (Number.isNaN(g) || crosses(ax[index]!, ay[index]!, bx[index]!, by[index]!, gx0 - g, gy0 - g, gx1 + g, gy1 + g)) return true;
        }
      }
    }
    return false;
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

  /** `land`'s box alone, written into `scratch` (no allocation: most candidates are tried and refused). */
  private landBox(c: Candidate, size: number, width: number): Box {
    const box = boxInto(this.scratch, width, c.at.x, c.at.y, c.anchor, size);
    const dx = Math.max(0, this.bounds.x0 - box.x0) - Math.max(0, box.x1 - this.bounds.x1);
    const dy = Math.max(0, this.bounds.y0 - box.y0) - Math.max(0, box.y1 - this.bounds.y1);
    return dx === 0 && dy === 0 ? box : boxInto(box, width, c.at.x + dx, c.at.y + dy, c.anchor, size);
  }

  /** The candidate slid back onto the canvas, with its box; `width` is the label's, measured once. */
  private land(c: Candidate, size: number, width: number): { at: Point; anchor: Anchor; box: Box } {
    const box = boxOf(width, c.at, c.anchor, size);
    const dx = Math.max(0, this.bounds.x0 - box.x0) - Math.max(0, box.x1 - this.bounds.x1);
    const dy = Math.max(0, this.bounds.y0 - box.y0) - Math.max(0, box.y1 - this.bounds.y1);
    if (dx === 0 && dy === 0) return { at: c.at, anchor: c.anchor, box };
    const at = { x: c.at.x + dx, y: c.at.y + dy };
    return { at, anchor: c.anchor, box: boxOf(width, at, c.anchor, size) };
  }

  private shape(spec: LabelSpec, chosen: { at: Point; anchor: Anchor; box: Box }, size: number): TextShape {
    this.file({ box: chosen.box, label: true });
    return {
      kind: 'text',
      text: spec.text,
      at: chosen.at,
      anchor: chosen.anchor,
      size,
      fill: spec.fill ?? 'ink',
      ...(spec.bold && { bold: true }),
      ...(spec.halo && { halo: true }),
      ...(spec.outline && { outline: true }),
      box: chosen.box,
    };
  }

  /** The label at its first clear candidate, else further out with a lead line, else nothing (it is dropped). */
  place(spec: LabelSpec): TextShape | undefined {
    const size = spec.size ?? 12;
    const width = textWidth(spec.text, size, spec.bold);
    for (const c of spec.candidates) {
      if (!this.blocked(this.landBox(c, size, width), spec.owner)) return this.shape(spec, this.land(c, size, width), size);
    }
    const p = spec.names;
    if (p) {
      for (const radius of LEAD_RADII) {
        for (const [ux, uy] of LEAD_DIRECTIONS) {
          const anchor: Anchor = ux === 0 ? 'middle' : ux > 0 ? 'start' : 'end';
          const at = { x: p.x + ux * radius, y: p.y + uy * radius };
          const landed = this.land({ at, anchor }, size, width);
          if (this.blocked(landed.box, spec.owner)) continue;
          // the lead line runs from just off the named point to the nearest point of the label's box
          const b = landed.box;
          const end = { x: Math.min(b.x1, Math.max(b.x0, p.x)), y: Math.min(b.y1, Math.max(b.y0, p.y)) };
          const length = Math.hypot(end.x - p.x, end.y - p.y);
          if (length < 8) continue;
          const start = { x: p.x + ((end.x - p.x) * 4) / length, y: p.y + ((end.y - p.y) * 4) / length };
          const lineBox = {
            x0: Math.min(start.x, end.x),
            y0: Math.min(start.y, end.y),
            x1: Math.max(start.x, end.x),
            y1: Math.max(start.y, end.y),
          };
          if (this.clash(lineBox, undefined, true, [start, end], true) > 0) continue;
          const leader: PathShape = {
            kind: 'path',
            d: [
              ['M', start.x, start.y],
              ['L', end.x, end.y],
            ],
            stroke: spec.fill ?? 'ink',
            strokeWidth: 0.75,
          };
          this.leaders.push(leader);
          this.blockSegment(start, end, 0.5);
          return this.shape(spec, landed, size);
        }
      }
    }
    if (spec.shorter) return this.place(spec.shorter);
    this.dropped.push(spec.text);
    return undefined;
  }

  /** Labels that must be shown (a title, a legend): the first clear candidate, else the one that clashes least. */
  placeAlways(spec: LabelSpec): TextShape {
    const size = spec.size ?? 12;
    let chosen: { at: Point; anchor: Anchor; box: Box } | undefined;
    let least = Infinity;
    const width = textWidth(spec.text, size, spec.bold);
    for (const c of spec.candidates) {
      const landed = this.land(c, size, width);
      const clash = this.clash(landed.box, spec.owner);
      if (clash < least) [chosen, least] = [landed, clash];
      if (clash === 0) break;
    }
    if (!chosen) throw new Error(`label "${spec.text}" has no candidate position`);
    return this.shape(spec, chosen, size);
  }

  /** Places labels in order (the first have the most freedom), answering those placed. */
  placeAll(specs: readonly LabelSpec[]): TextShape[] {
    const out: TextShape[] = [];
    for (const spec of specs) {
      const label = this.place(spec);
      if (label) out.push(label);
    }
    return out;
  }
}

/**
 * Candidates stepping away from a point: straight out first, then further out. Sideways directions
 * step up and down alternately, so a label keeps beside its anchor.
 */
export function fan(at: Point, direction: 'up' | 'down' | 'left' | 'right', step: number, count = 5): Candidate[] {
  const anchor: Anchor = direction === 'left' ? 'end' : direction === 'right' ? 'start' : 'middle';
  const out: Candidate[] = [];
  for (let i = 0; i < count; i++) {
    const sideways = (i % 2 === 0 ? 1 : -1) * Math.ceil(i / 2) * step;
    const y = direction === 'up' ? at.y - i * step : direction === 'down' ? at.y + i * step : at.y + sideways;
    out.push({ at: { x: at.x, y }, anchor });
  }
  return out;
}

/**
 * The geometry label placement works in: text measured with the advance widths of the font the SVG names
 * (text-metrics.ts, bold wider), the box a label's text takes, and the tests of a box against boxes, stroked
 * segments and the obstacles a drawn shape makes. Pure functions; the placer (labels.ts) keeps the state.
 */
import type { Anchor, Box, Point, Shape } from './scene.js';
import { isSuperscript } from './format.js';
import { ADVANCES } from './text-metrics.js';

/** Line box height in ems. */
const LINE = 1.25;
/**
 * Share added to every measured width: a viewer without Arial or Helvetica draws with a similar sans
 * (Liberation, Nimbus); the margin keeps its text inside the box.
 */
const WIDTH_MARGIN = 1.04;
/** A character the table lacks is measured as wide as the widest glyph in it; combining marks take no room. */
const FALLBACK = 1000;

/** A raised digit: 70% of a digit's advance (556 in every weight of the font). */
const RAISED = 0.7 * 556;

const regular = new Map<number, number>();
const bold = new Map<number, number>();
for (const [code, r, b] of ADVANCES) {
  regular.set(code, r < 0 ? FALLBACK : r);
  bold.set(code, b < 0 ? FALLBACK : b);
}

/** Width in pixels of `text` at `size` px. */
export function textWidth(text: string, size: number, isBold = false): number {
  const table = isBold ? bold : regular;
  let thousandths = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    // a superscript is drawn as a digit at 70% (emit.ts), whatever the font's own superscript glyph
    thousandths += code >= 0x300 && code <= 0x36f ? 0 : isSuperscript(ch) ? RAISED : (table.get(code) ?? FALLBACK);
  }
  return (thousandths * size * WIDTH_MARGIN) / 1000;
}

export function textBox(text: string, at: Point, anchor: Anchor, size: number, isBold = false): Box {
  return boxOf(textWidth(text, size, isBold), at, anchor, size);
}

export function boxOf(width: number, at: Point, anchor: Anchor, size: number): Box {
  return boxInto({ x0: 0, y0: 0, x1: 0, y1: 0 }, width, at.x, at.y, anchor, size);
}

export function boxInto(out: Box, width: number, x: number, y: number, anchor: Anchor, size: number): Box {
  const x0 = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  const half = (size * LINE) / 2;
  out.x0 = x0;
  out.y0 = y - half;
  out.x1 = x0 + width;
  out.y1 = y + half;
  return out;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export function inside(box: Box, bounds: Box): boolean {
  return box.x0 >= bounds.x0 && box.x1 <= bounds.x1 && box.y0 >= bounds.y0 && box.y1 <= bounds.y1;
}

export function grow(box: Box, by: number): Box {
  return { x0: box.x0 - by, y0: box.y0 - by, x1: box.x1 + by, y1: box.y1 + by };
}

/** Whether the segment a-b passes through the box (Liang-Barsky clipping; no allocation, it runs per candidate). */
export function segmentCrosses(a: Point, b: Point, box: Box): boolean {
  return crosses(a.x, a.y, b.x, b.y, box.x0, box.y0, box.x1, box.y1);
}

export function crosses(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  // each edge: p is the motion towards outside, q the distance inside
  for (let edge = 0; edge < 4; edge++) {
    const p = edge === 0 ? -dx : edge === 1 ? dx : edge === 2 ? -dy : dy;
    const q = edge === 0 ? ax - x0 : edge === 1 ? x1 - ax : edge === 2 ? ay - y0 : y1 - ay;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/** The box around an arc's whole circle: a conservative box for a moment symbol. */
function arcBox(from: Point, r: number, large: 0 | 1, sweep: 0 | 1, to: Point): Box {
  // the centre lies on the chord's perpendicular bisector, on the side the flags pick
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const half = Math.hypot(to.x - from.x, to.y - from.y) / 2;
  const h = Math.sqrt(Math.max(0, r * r - half * half));
  const n = half === 0 ? { x: 0, y: 0 } : { x: -(to.y - from.y) / (2 * half), y: (to.x - from.x) / (2 * half) };
  const sign = large === sweep ? -1 : 1;
  const c = { x: mid.x + sign * h * n.x, y: mid.y + sign * h * n.y };
  return { x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r };
}

/** What a drawn shape keeps labels off: its stroked straight pieces as segments, its arcs, fills and circles as boxes. */
export function shapeObstacles(shape: Shape): { segments: [Point, Point, number][]; boxes: Box[] } {
  const out: { segments: [Point, Point, number][]; boxes: Box[] } = { segments: [], boxes: [] };
  if (shape.kind === 'text') return out;
  if (shape.kind === 'circle') {
    const r = shape.r + (shape.stroke ? (shape.strokeWidth ?? 1) / 2 : 0);
    out.boxes.push({ x0: shape.center.x - r, y0: shape.center.y - r, x1: shape.center.x + r, y1: shape.center.y + r });
    return out;
  }
  const half = shape.stroke ? (shape.strokeWidth ?? 1) / 2 : 0;
  const points: Point[] = [];
  let pen: Point | undefined;
  let start: Point | undefined;
  for (const c of shape.d) {
    if (c[0] === 'M') pen = start = { x: c[1], y: c[2] };
    else if (c[0] === 'L') {
      const next = { x: c[1], y: c[2] };
      if (pen && shape.stroke) out.segments.push([pen, next, half]);
      pen = next;
    } else if (c[0] === 'A') {
      const next = { x: c[4], y: c[5] };
      if (pen) out.boxes.push(grow(arcBox(pen, c[1], c[2], c[3], next), half));
      pen = next;
    } else if (pen && start && shape.stroke) out.segments.push([pen, start, half]);
    if (pen) points.push(pen);
  }
  // an opaque fill (an arrowhead, a support's body) or an outlined band (a distributed load) covers its inside
  const covers = shape.fill !== undefined && (shape.fillOpacity === undefined || shape.stroke !== undefined);
  if (covers && points.length > 0) {
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    out.boxes.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
  }
  return out;
}

/**
 * Which shapes of a layer share one SVG element. A browser styles and lays out every element of a figure, and a
 * truss's members, nodes and deflected shape are thousands of small shapes: written as a few paths, the
 * calculator redraws its figure in a fraction of the time and the document is less than half the size. The picture
 * stays the same, up to anti-aliasing where two shapes of one element overlap:
 * - shapes move only within a run of neighbours painted in one colour role, where the order of painting does not
 *   change a pixel (painting one colour over itself gives the same result in any order, whatever each one's
 *   opacity), and keep their order otherwise;
 * - a path joins the one before it only when they are drawn alike and joining cannot change what either covers: a
 *   stroke does not depend on winding (and dashes start again at each subpath); filled polygons join only when
 *   every one turns the same way, so that their windings add and never cancel under the nonzero rule; a
 *   translucent fill, a filled and stroked shape and a circle join only shapes a pixel or more away from each
 *   (one element paints an overlap once, and every fill before every stroke); circles become arcs of a path.
 * The scene itself is left as it was.
 */
import type { Box, CircleShape, PathCommand, PathShape, Shape } from './scene.js';
import type { Paint } from './theme.js';

/** The one colour role a shape paints with, if it paints with one (a text is never moved). */
function soleColour(s: Shape): Paint | undefined {
  if (s.kind === 'text') return undefined;
  if (s.fill !== undefined && s.stroke !== undefined && s.fill !== s.stroke) return undefined;
  return s.fill ?? s.stroke;
}

/** Twice the signed area of each subpath when every one is a polygon; undefined when one has an arc. */
function polygonTurns(d: readonly PathCommand[]): number[] | undefined {
  const turns: number[] = [];
  let area = 0;
  let start: [number, number] | undefined;
  let last: [number, number] | undefined;
  const close = () => {
    if (start !== undefined && last !== undefined) turns.push(area + last[0] * start[1] - start[0] * last[1]);
  };
  for (const c of d) {
    if (c[0] === 'A') return undefined;
    if (c[0] === 'Z') continue;
    if (c[0] === 'M') {
      close();
      start = [c[1], c[2]];
      area = 0;
    } else if (last !== undefined) area += last[0] * c[2] - c[1] * last[1];
    last = [c[1], c[2]];
  }
  close();
  return turns;
}

/**
 * What a shape must share with its neighbour to be written in one element with it (undefined: it cannot), and
 * whether the shapes of that element must stay apart, not one pixel shared.
 */
interface Join {
  key: string;
  apart: boolean;
}

function joinOf(s: Shape): Join | undefined {
  if (s.kind === 'text') return undefined;
  if (s.kind === 'circle') return { key: `circle ${s.fill} ${s.stroke} ${s.strokeWidth}`, apart: true };
  const look = `${s.fill} ${s.fillOpacity} ${s.stroke} ${s.strokeWidth} ${s.dashed}`;
  if (s.fillOpacity === undefined && s.fill === undefined && s.stroke !== undefined) return { key: look, apart: false };
  if (s.fillOpacity === undefined && s.stroke === undefined && s.fill !== undefined) {
    const turns = polygonTurns(s.d);
    const positive = turns !== undefined && turns.length > 0 && turns[0]! > 0;
    if (turns !== undefined && turns.length > 0 && turns.every((t) => t !== 0 && t > 0 === positive)) {
      return { key: `${look} ${positive ? 'clockwise' : 'anticlockwise'}`, apart: false };
    }
  }
  return { key: look, apart: true };
}

/** A shape with what it must share to join its neighbour, worked out once. */
interface Joinable {
  shape: Shape;
  join: Join | undefined;
}

/** Each run of neighbours painted in one colour, its shapes grouped by how they are drawn (first seen first). */
function groupedByLook(shapes: readonly Shape[]): Joinable[] {
  const out: Joinable[] = [];
  let run: Joinable[] = [];
  let runColour: Paint | undefined;
  const flush = () => {
    if (run.length > 1) {
      const groups = new Map<string, Joinable[]>();
      run.forEach((s, i) => {
        const key = s.join?.key ?? `alone ${i}`;
        const group = groups.get(key);
        if (group === undefined) groups.set(key, [s]);
        else group.push(s);
      });
      for (const group of groups.values()) for (const s of group) out.push(s);
    } else if (run.length === 1) out.push(run[0]!);
    run = [];
  };
  for (const shape of shapes) {
    const colour = soleColour(shape);
    if (run.length > 0 && colour !== runColour) flush();
    const joinable = { shape, join: joinOf(shape) };
    if (colour === undefined) out.push(joinable);
    else run.push(joinable);
    runColour = colour;
  }
  flush();
  return out;
}

function circleOutline(c: CircleShape): PathCommand[] {
  const { x, y } = c.center;
  return [['M', x - c.r, y], ['A', c.r, 0, 1, x + c.r, y], ['A', c.r, 0, 1, x - c.r, y], ['Z']];
}

function look(c: CircleShape): Omit<PathShape, 'kind' | 'd'> {
  return { fill: c.fill, stroke: c.stroke, strokeWidth: c.strokeWidth };
}

/** The box a shape paints in, its stroke included; an arc's circle lies within twice its radius of either end. */
function reach(s: PathShape | CircleShape): Box {
  const half = s.stroke === undefined ? 0 : (s.strokeWidth ?? 1) / 2;
  if (s.kind === 'circle') {
    const r = s.r + half;
    return { x0: s.center.x - r, y0: s.center.y - r, x1: s.center.x + r, y1: s.center.y + r };
  }
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const c of s.d) {
    if (c[0] === 'Z') continue;
    const [x, y, r] = c[0] === 'A' ? [c[4], c[5], 2 * c[1]] : [c[1], c[2], 0];
    box.x0 = Math.min(box.x0, x - r - half);
    box.y0 = Math.min(box.y0, y - r - half);
    box.x1 = Math.max(box.x1, x + r + half);
    box.y1 = Math.max(box.y1, y + r + half);
  }
  return box;
}

/** A pixel or more between the boxes: anti-aliasing never lets two shapes so far apart share a pixel. */
const apart = (a: Box, b: Box) => a.x1 + 1 <= b.x0 || b.x1 + 1 <= a.x0 || a.y1 + 1 <= b.y0 || b.y1 + 1 <= a.y0;

/** The boxes of an element whose shapes must stay apart, so that one that would touch another starts anew. */
class ApartGroup {
  private readonly boxes: Box[] = [];

  constructor(first: PathShape | CircleShape) {
    this.boxes.push(reach(first));
  }

  /** Takes the shape unless it would come within a pixel of one already taken. */
  add(s: PathShape | CircleShape): boolean {
    const box = reach(s);
    const clear = this.boxes.every((b) => apart(b, box));
    if (clear) this.boxes.push(box);
    return clear;
  }
}

/** The shapes of one layer as they are written: neighbours drawn alike share one path. */
export function elements(shapes: readonly Shape[]): Shape[] {
  const written: Shape[][] = []; // each element's shapes
  let key: string | undefined; // of the last element, while it can take more
  let separate: ApartGroup | undefined; // its boxes, when its shapes must stay apart
  for (const { shape: s, join } of groupedByLook(shapes)) {
    if (join !== undefined && join.key === key && s.kind !== 'text' && (separate === undefined || separate.add(s))) {
      written[written.length - 1]!.push(s);
      continue;
    }
    key = join?.key;
    separate = join?.apart && s.kind !== 'text' ? new ApartGroup(s) : undefined;
    written.push([s]);
  }
  return written.map((group) => {
    const [first] = group as [Shape, ...Shape[]];
    if (group.length === 1) return first;
    if (first.kind === 'circle') return { kind: 'path', d: group.flatMap((c) => circleOutline(c as CircleShape)), ...look(first) };
    return { ...first, d: group.flatMap((p) => (p as PathShape).d) };
  });
}

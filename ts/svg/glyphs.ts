/** Drawing vocabulary shared by the beam, truss and frame figures: arrows, moment arcs, supports, hinges. */
import { polyline, segment, type CircleShape, type PathShape, type Point, type Shape } from './scene.js';
import type { Paint } from './theme.js';

export type DiagramStyle = 'modern' | 'classic';

const HEAD_LENGTH = 8;
const HEAD_HALF_WIDTH = 3.5;

function unit(from: Point, to: Point): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
}

/** A filled arrowhead whose tip is at `tip`, pointing along `direction` (a unit vector), `scale` times the usual size. */
function head(tip: Point, direction: Point, paint: Paint, scale = 1): PathShape {
  const base = { x: tip.x - direction.x * HEAD_LENGTH * scale, y: tip.y - direction.y * HEAD_LENGTH * scale };
  const side = { x: -direction.y * HEAD_HALF_WIDTH * scale, y: direction.x * HEAD_HALF_WIDTH * scale };
  return polyline([tip, { x: base.x + side.x, y: base.y + side.y }, { x: base.x - side.x, y: base.y - side.y }], { fill: paint }, true);
}

/** A straight arrow; the shaft stops where the head begins so the tip stays sharp. `headScale` enlarges the head. */
export function arrow(tail: Point, tip: Point, paint: Paint, width = 1.5, headScale = 1): Shape[] {
  const d = unit(tail, tip);
  const neck = { x: tip.x - d.x * HEAD_LENGTH * 0.8 * headScale, y: tip.y - d.y * HEAD_LENGTH * 0.8 * headScale };
  return [segment(tail, neck, { stroke: paint, strokeWidth: width }), head(tip, d, paint, headScale)];
}

/**
 * A three-quarter circle open at the bottom with a head at its end: the symbol of a moment.
 * `clockwise` is as seen on the page. Its ends stand `below` degrees under the horizontal; a moment
 * applied over a support passes 0, a half circle above the beam, clear of the support's glyph beneath.
 */
export function momentArc(center: Point, r: number, clockwise: boolean, paint: Paint, below = 45): Shape[] {
  const at = (degrees: number): Point => {
    const a = (degrees * Math.PI) / 180;
    return { x: center.x + r * Math.cos(a), y: center.y - r * Math.sin(a) };
  };
  const [from, to] = clockwise ? [180 + below, -below] : [-below, 180 + below];
  const end = at(to);
  const a = (to * Math.PI) / 180;
  const direction = clockwise ? { x: Math.sin(a), y: Math.cos(a) } : { x: -Math.sin(a), y: -Math.cos(a) };
  const start = at(from);
  // stop the arc short of the tip, as `arrow` does with its shaft
  const neckAngle = to + (clockwise ? 1 : -1) * ((HEAD_LENGTH * 0.8) / r) * (180 / Math.PI);
  const neck = at(neckAngle);
  return [
    {
      kind: 'path',
      d: [
        ['M', start.x, start.y],
        ['A', r, Math.abs(neckAngle - from) > 180 ? 1 : 0, clockwise ? 1 : 0, neck.x, neck.y],
      ],
      stroke: paint,
      strokeWidth: 1.5,
    },
    head(end, direction, paint),
  ];
}

/**
 * Maps a glyph drawn in its own frame (origin at the supported point, +v away from the structure,
 * i.e. down for a support under a beam) onto the page, turned by `degrees` counter-clockwise.
 */
function framed(at: Point, degrees: number): (u: number, v: number) => Point {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return (u, v) => ({ x: at.x + u * c + v * s, y: at.y - u * s + v * c });
}

function hatch(p: (u: number, v: number) => Point, from: number, to: number, v: number): PathShape[] {
  const lines: PathShape[] = [];
  for (let u = from + 3; u <= to + 0.01; u += 4) lines.push(segment(p(u, v), p(u - 4, v + 5), { stroke: 'ink', strokeWidth: 1 }));
  return lines;
}

/**
 * A pin or roller under the point `at`, `size` pixels tall, turned by `degrees` (a roller's rolling
 * direction; 0 = under a horizontal beam). Modern: open triangle; a roller stands on a second ground
 * line with a gap. Classic: triangle over hatched ground; a roller rides on two wheels.
 */
export function pinOrRoller(kind: 'pin' | 'roller', at: Point, size: number, degrees: number, style: DiagramStyle): Shape[] {
  const p = framed(at, degrees);
  const half = size * 0.7;
  const outline = { stroke: 'ink' as const, strokeWidth: 1.5, fill: 'background' as const };
  if (style === 'modern') {
    const shapes: Shape[] = [polyline([p(0, 0), p(-half, size), p(half, size)], outline, true)];
    const ground = kind === 'roller' ? size + 4 : size;
    shapes.push(segment(p(-size, ground), p(size, ground), { stroke: 'ink', strokeWidth: 1.5 }));
    return shapes;
  }
  if (kind === 'pin') {
    return [
      polyline([p(0, 0), p(-half, size), p(half, size)], outline, true),
      segment(p(-size, size), p(size, size), { stroke: 'ink', strokeWidth: 1.5 }),
      ...hatch(p, -size, size, size),
    ];
  }
  const body = size * 0.72;
  const wheel = (size - body) / 2;
  const wheels: CircleShape[] = [-half * 0.5, half * 0.5].map((u) => ({
    kind: 'circle',
    center: p(u, body + wheel),
    r: wheel,
    ...outline,
    strokeWidth: 1,
  }));
  return [
    polyline([p(0, 0), p(-half, body), p(half, body)], outline, true),
    ...wheels,
    segment(p(-size, size), p(size, size), { stroke: 'ink', strokeWidth: 1.5 }),
    ...hatch(p, -size, size, size),
  ];
}

/**
 * A fixed end: a wall across the beam at `at`, on the side `outward` (-1 left, +1 right).
 * Modern: a heavy bar. Classic: a wall line hatched on its outer side.
 */
export function fixedWall(at: Point, size: number, outward: -1 | 1, style: DiagramStyle): Shape[] {
  const top = { x: at.x, y: at.y - size };
  const bottom = { x: at.x, y: at.y + size };
  if (style === 'modern') return [segment(top, bottom, { stroke: 'ink', strokeWidth: 4 })];
  // the wall turned so that its hatch (drawn on +v) lies on the outer side
  return [segment(top, bottom, { stroke: 'ink', strokeWidth: 2 }), ...hatch(framed(at, outward * 90), -size, size, 0)];
}

/**
 * A fixed support under the point `at` (a frame's column base), turned by `degrees` so that it faces away
 * from the structure. Modern: a heavy bar across. Classic: a ground line hatched on its outer side.
 */
export function fixedBase(at: Point, size: number, degrees: number, style: DiagramStyle): Shape[] {
  const p = framed(at, degrees);
  if (style === 'modern') return [segment(p(-size, 0), p(size, 0), { stroke: 'ink', strokeWidth: 4 })];
  return [segment(p(-size, 0), p(size, 0), { stroke: 'ink', strokeWidth: 2 }), ...hatch(p, -size, size, 0)];
}

/** A moment release: modern a solid dot, classic an open circle. */
export function hinge(at: Point, style: DiagramStyle): CircleShape {
  return style === 'modern'
    ? { kind: 'circle', center: at, r: 3.5, fill: 'ink' }
    : { kind: 'circle', center: at, r: 4, fill: 'background', stroke: 'ink', strokeWidth: 1.5 };
}

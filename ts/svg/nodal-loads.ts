/**
 * Forces on nodes, as truss and frame figures draw them: given in components, each non-zero component is its
 * own arrow with its own magnitude (a (5, -10) load reads as 5 kN across and 10 kN down, not as one 11.2 kN
 * arrow of unstated direction); given as a magnitude and an angle, one arrow with both. Several loads on one
 * node (cases, or a combination's factored loads) are one resultant arrow whose label lists them, so stacked
 * arrows never read as loads of unknown origin. An arrow that would run along a member arriving at its node is
 * drawn leaving the node on the other side instead, outside the structure, where it covers no member's label.
 */
import { quantity, withUnit } from './format.js';
import { arrow } from './glyphs.js';
import { fan, type LabelSpec } from './labels.js';
import type { Point, Shape } from './scene.js';

export type NodalForce = ({ fx?: number | undefined; fy?: number | undefined } | { magnitude: number; angle: number }) & {
  case?: string | undefined;
};

export interface DrawnForce {
  shapes: Shape[];
  labels: LabelSpec[];
}

/** How a figure draws its nodal forces: arrow length and gap to the node in px, and the lines arrows keep off. */
export interface ForceStyle {
  length: number;
  gap: number;
  /** the members' lines on the page: an arrow is not drawn along one of them where it can leave the node instead */
  members?: readonly (readonly [Point, Point])[];
}

/** Label candidates around an arrow's tail, stepping away from the arrow. */
export function tailCandidates(tail: Point, direction: Point): LabelSpec['candidates'] {
  const anchor = Math.abs(direction.x) < 0.3 ? 'middle' : direction.x > 0 ? 'end' : 'start';
  // beyond the tail, then beside it, then further beyond (neighbouring loads' labels stagger)
  const beyond = (d: number) => ({ at: { x: tail.x - direction.x * d, y: tail.y - direction.y * d }, anchor }) as const;
  return [
    beyond(10),
    ...fan({ x: tail.x + 8, y: tail.y }, 'right', 13, 3),
    ...fan({ x: tail.x - 8, y: tail.y }, 'left', 13, 3),
    beyond(24),
    beyond(38),
  ];
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** Whether the arrow from `far` towards the node at `node` runs along a member (its last 12 px, at the node, aside). */
function alongAMember(far: Point, node: Point, members: readonly (readonly [Point, Point])[]): boolean {
  const length = Math.hypot(node.x - far.x, node.y - far.y);
  const steps = Math.max(1, Math.ceil((length - 12) / 3));
  for (let i = 0; i <= steps; i++) {
    const t = ((length - 12) * i) / steps / length;
    const p = { x: far.x + (node.x - far.x) * t, y: far.y + (node.y - far.y) * t };
    if (members.some(([a, b]) => distanceToSegment(p, a, b) < 6)) return true;
  }
  return false;
}

/**
 * One arrow of the style's length along the page direction `d` (a unit vector) at node `p`, labelled: arriving
 * `gap` px short of the node, or, where that would run along a member, leaving it on the far side.
 */
export function forceArrow(out: DrawnForce, p: Point, d: Point, text: string, style: ForceStyle): void {
  const { length, gap, members = [] } = style;
  const tip = { x: p.x - d.x * gap, y: p.y - d.y * gap };
  const tail = { x: tip.x - d.x * length, y: tip.y - d.y * length };
  const leaving = { x: p.x + d.x * (gap + length), y: p.y + d.y * (gap + length) };
  if (alongAMember(tail, p, members) && !alongAMember(leaving, p, members)) {
    const start = { x: p.x + d.x * gap, y: p.y + d.y * gap };
    out.shapes.push(...arrow(start, leaving, 'load', 2));
    out.labels.push({ text, candidates: tailCandidates(leaving, { x: -d.x, y: -d.y }), fill: 'load', bold: true, names: leaving });
    return;
  }
  out.shapes.push(...arrow(tail, tip, 'load', 2));
  out.labels.push({ text, candidates: tailCandidates(tail, d), fill: 'load', bold: true, names: tail });
}

/** A load's components in the page's directions, with what each reads as. */
function components(load: NodalForce, unit: string): { x: number; y: number; text: string }[] {
  if ('magnitude' in load) {
    if (load.magnitude === 0) return [];
    const a = (load.angle * Math.PI) / 180;
    // an angle off the axes is stated, so the reader need not measure the arrow
    const square = load.angle % 90 === 0;
    const text = `${withUnit(Math.abs(load.magnitude), unit)}${square ? '' : ` at ${quantity(load.angle)}\u00b0`}`;
    return [{ x: load.magnitude * Math.cos(a), y: load.magnitude * Math.sin(a), text }];
  }
  const [fx, fy] = [load.fx ?? 0, load.fy ?? 0];
  return [
    ...(fx !== 0 ? [{ x: fx, y: 0, text: withUnit(Math.abs(fx), unit) }] : []),
    ...(fy !== 0 ? [{ x: 0, y: fy, text: withUnit(Math.abs(fy), unit) }] : []),
  ];
}

/** The arrow a component is drawn with, for listing it in words: → ← ↑ ↓. */
function pointing(c: { x: number; y: number }): string {
  if (c.y === 0) return c.x > 0 ? '\u2192' : '\u2190';
  if (c.x === 0) return c.y > 0 ? '\u2191' : '\u2193';
  return '';
}

/**
 * The arrows of the forces on one node at page point `p`; `tag` gives a load's case as its label ends (empty
 * where the model has no cases). One load: an arrow per component. Several: one arrow of their resultant,
 * labelled with it and with each load, `12.6 kN: 12 kN ↓ (G), 4 kN → (W)`.
 */
export function nodalForces(
  p: Point,
  loads: readonly NodalForce[],
  unit: string,
  style: ForceStyle,
  tag: (load: NodalForce) => string,
): DrawnForce {
  const out: DrawnForce = { shapes: [], labels: [] };
  const parts = loads.map((load) => ({ load, parts: components(load, unit) })).filter((l) => l.parts.length > 0);
  if (parts.length === 1) {
    const [{ load, parts: only }] = parts as [(typeof parts)[number]];
    for (const c of only) {
      const size = Math.hypot(c.x, c.y);
      forceArrow(out, p, { x: c.x / size, y: -c.y / size }, c.text + tag(load), style);
    }
    return out;
  }
  const resultant = parts.flatMap((l) => l.parts).reduce((sum, c) => ({ x: sum.x + c.x, y: sum.y + c.y }), { x: 0, y: 0 });
  const size = Math.hypot(resultant.x, resultant.y);
  const largest = Math.max(...parts.flatMap((l) => l.parts.map((c) => Math.hypot(c.x, c.y))));
  if (parts.length === 0 || size <= 1e-9 * largest) return out;
  const listed = parts.flatMap(({ load, parts: cs }) => cs.map((c) => `${c.text}${pointing(c) && ` ${pointing(c)}`}${tag(load)}`));
  forceArrow(out, p, { x: resultant.x / size, y: -resultant.y / size }, `${withUnit(size, unit)}: ${listed.join(', ')}`, style);
  return out;
}

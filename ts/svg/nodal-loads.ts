/**
 * A force on a node, as truss and frame figures draw it: given in components, each non-zero component is its
 * own arrow with its own magnitude (a (5, -10) load reads as 5 kN across and 10 kN down, not as one 11.2 kN
 * arrow of unstated direction); given as a magnitude and an angle, one arrow with both.
 */
import { quantity, withUnit } from './format.js';
import { arrow } from './glyphs.js';
import { fan, type LabelSpec } from './labels.js';
import type { Point, Shape } from './scene.js';

export type NodalForce = { fx?: number | undefined; fy?: number | undefined } | { magnitude: number; angle: number };

export interface DrawnForce {
  shapes: Shape[];
  labels: LabelSpec[];
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

/** One arrow of `length` px arriving `gap` px short of `p` along the page direction `d` (a unit vector), labelled. */
export function forceArrow(out: DrawnForce, p: Point, d: Point, text: string, length: number, gap: number): void {
  const tip = { x: p.x - d.x * gap, y: p.y - d.y * gap };
  const tail = { x: tip.x - d.x * length, y: tip.y - d.y * length };
  out.shapes.push(...arrow(tail, tip, 'load', 2));
  out.labels.push({ text, candidates: tailCandidates(tail, d), fill: 'load', bold: true, names: tail });
}

/** The arrows of a nodal force at page point `p`. */
export function nodalForce(p: Point, load: NodalForce, unit: string, length: number, gap: number): DrawnForce {
  const out: DrawnForce = { shapes: [], labels: [] };
  if ('magnitude' in load) {
    if (load.magnitude === 0) return out;
    const a = (load.angle * Math.PI) / 180;
    const sign = Math.sign(load.magnitude);
    const d = { x: sign * Math.cos(a), y: -sign * Math.sin(a) };
    // an angle off the axes is stated, so the reader need not measure the arrow
    const square = load.angle % 90 === 0;
    forceArrow(out, p, d, `${withUnit(Math.abs(load.magnitude), unit)}${square ? '' : ` at ${quantity(load.angle)}\u00b0`}`, length, gap);
    return out;
  }
  const [fx, fy] = [load.fx ?? 0, load.fy ?? 0];
  if (fx !== 0) forceArrow(out, p, { x: Math.sign(fx), y: 0 }, withUnit(Math.abs(fx), unit), length, gap);
  if (fy !== 0) forceArrow(out, p, { x: 0, y: -Math.sign(fy) }, withUnit(Math.abs(fy), unit), length, gap);
  return out;
}

/**
 * A frame's loads on the page: forces and moments on nodes, and a member's point forces, distributed loads
 * (arrows along the loaded length, their lengths following the intensity) and couples, each with its label.
 */
import { udlExtent } from '../schema/frame.js';
import { quantity, withUnit } from './format.js';
import type { FrameFigureDirection, FrameFigureModel, FramePage, PageMember } from './frame-geometry.js';
import { arrow, momentArc } from './glyphs.js';
import { fan, type LabelSpec } from './labels.js';
import { caseTag, inCases } from './model.js';
import { forceArrow, nodalForces, tailCandidates, type ForceStyle } from './nodal-loads.js';
import type { Point, Shape } from './scene.js';

const STYLE: ForceStyle = { length: 40, gap: 4 };
const MOMENT_RADIUS = 13;
/** Longest arrow of a distributed load, and how many intervals its loaded length is drawn with at most. */
const LINE_LOAD_REACH = 30;
const LINE_LOAD_ARROWS = 8;

export interface DrawnLoads {
  shapes: Shape[];
  labels: LabelSpec[];
}

/** Page direction of a unit load along `direction` on `member` (page y runs down). */
function pageDirection(direction: FrameFigureDirection, member: PageMember): Point {
  switch (direction) {
    case 'global-y':
      return { x: 0, y: -1 };
    case 'global-x':
      return { x: 1, y: 0 };
    case 'local-x':
      return member.along;
    case 'local-y':
      return member.across;
  }
}

/** A force of `magnitude` along `direction` (page unit vector of a positive load) arriving at `tip`. */
function force(out: DrawnLoads, tip: Point, direction: Point, magnitude: number, text: string): void {
  const sign = Math.sign(magnitude) || 1;
  forceArrow(out, tip, { x: direction.x * sign, y: direction.y * sign }, text, STYLE);
}

/** A couple (clockwise positive, as the API gives it) centred on `at`. */
function couple(out: DrawnLoads, at: Point, moment: number, text: string): void {
  out.shapes.push(...momentArc(at, MOMENT_RADIUS, moment > 0, 'load'));
  out.labels.push({
    text,
    candidates: [
      ...fan({ x: at.x, y: at.y - MOMENT_RADIUS - 9 }, 'up', 12, 3),
      ...fan({ x: at.x + MOMENT_RADIUS + 6, y: at.y }, 'right', 12, 3),
    ],
    fill: 'load',
    bold: true,
    names: { x: at.x, y: at.y - MOMENT_RADIUS },
  });
}

/** A linearly varying load over [from, to] of a member: arrows whose lengths follow the intensity, joined at their tails. */
function lineLoad(
  out: DrawnLoads,
  member: PageMember,
  load: Extract<NonNullable<FrameFigureModel['memberLoads']>[number], { type: 'udl' }>,
  largest: number,
  unit: string,
  tag: string,
): void {
  const end = load.end ?? load.start;
  const direction = pageDirection(load.direction ?? 'global-y', member);
  const { from, to } = udlExtent(load, member.length);
  const count = Math.max(1, Math.min(LINE_LOAD_ARROWS, Math.round(((to - from) / member.length) * LINE_LOAD_ARROWS)));
  const tails: Point[] = [];
  for (let i = 0; i <= count; i++) {
    const s = from + ((to - from) * i) / count;
    const w = load.start + ((end - load.start) * i) / count;
    const reach = (Math.abs(w) / largest) * LINE_LOAD_REACH;
    const tip = member.at(s);
    const d = { x: direction.x * (Math.sign(w) || 1), y: direction.y * (Math.sign(w) || 1) };
    const tail = { x: tip.x - d.x * (reach + 4), y: tip.y - d.y * (reach + 4) };
    if (reach > 6) out.shapes.push(...arrow(tail, { x: tip.x - d.x * 2, y: tip.y - d.y * 2 }, 'load', 1.2));
    tails.push(tail);
  }
  out.shapes.push({
    kind: 'path',
    d: tails.map((p, i) => [i === 0 ? 'M' : 'L', p.x, p.y] as ['M' | 'L', number, number]),
    stroke: 'load',
    strokeWidth: 1.2,
  });
  const middle = tails[Math.floor(tails.length / 2)]!;
  const d = { x: direction.x * (Math.sign(load.start || end) || 1), y: direction.y * (Math.sign(load.start || end) || 1) };
  const text = (end === load.start ? withUnit(Math.abs(load.start), unit) : `${quantity(load.start)} to ${withUnit(end, unit)}`) + tag;
  out.labels.push({ text, candidates: tailCandidates(middle, d), fill: 'load', bold: true, names: middle });
}

/** Every load of the model, drawn and with its label waiting to be placed. */
export function drawLoads(
  model: FrameFigureModel,
  page: FramePage,
  units: { force: string; moment: string; lineLoad: string },
): DrawnLoads {
  const out: DrawnLoads = { shapes: [], labels: [] };
  const tagged = inCases([...(model.nodalLoads ?? []), ...(model.memberLoads ?? [])]);
  const tag = (load: { case?: string | undefined }) => caseTag(load, tagged);
  const nodes = [...new Set((model.nodalLoads ?? []).map((l) => l.node))];
  for (const node of nodes) {
    const at = page.node(node);
    const loads = (model.nodalLoads ?? []).filter((l) => l.node === node);
    const drawn = nodalForces(
      at,
      loads.map((l) => ({ fx: l.fx, fy: l.fy, case: l.case })),
      units.force,
      STYLE,
      tag,
    );
    out.shapes.push(...drawn.shapes);
    out.labels.push(...drawn.labels);
    for (const load of loads) {
      if ((load.moment ?? 0) !== 0) couple(out, at, load.moment!, withUnit(Math.abs(load.moment!), units.moment) + tag(load));
    }
  }
  const members = new Map(page.members.map((m) => [m.id, m]));
  const lines = (model.memberLoads ?? []).filter((l) => l.type === 'udl');
  const largest = Math.max(1e-300, ...lines.flatMap((l) => [Math.abs(l.start), Math.abs(l.end ?? l.start)]));
  for (const load of model.memberLoads ?? []) {
    const member = members.get(load.member);
    if (!member) continue;
    if (load.type === 'udl') lineLoad(out, member, load, largest, units.lineLoad, tag(load));
    else if (load.type === 'moment')
      couple(out, member.at(load.position), load.magnitude, withUnit(Math.abs(load.magnitude), units.moment) + tag(load));
    else if (load.magnitude !== 0) {
      const direction = pageDirection(load.direction ?? 'global-y', member);
      force(out, member.at(load.position), direction, load.magnitude, withUnit(Math.abs(load.magnitude), units.force) + tag(load));
    }
  }
  return out;
}

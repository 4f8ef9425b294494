/**
 * The self-check every result carries, `meta.check.equilibrium` (decisions.md section 15): how far the
 * applied loads and the reactions of the unfactored analysis, as presented, are from global equilibrium.
 *
 * Any structure's loads and reactions are given as plain actions at points, in one consistent set of
 * units (the response's: kN and m, or kip and ft), so beams, trusses and frames share one check.
 */
import type { BeamSolveRequest } from '../schema/beam.js';
import { lineLoadCoefficients } from '../schema/line-load.js';
import type { FrameSolveRequest, ResolvedFrameRequest } from '../schema/frame.js';
import type { TrussSolveRequest } from '../schema/truss.js';
import { fromEngine, toEngine, toSI, type UnitSystem } from '../units/index.js';
import { largestDimension } from './lattice-checks.js';
import { distance, IdIndex } from './lattice-index.js';

/** A force (fx, fy) and a couple m acting at (x, y); m counter-clockwise positive. */
export interface Action {
  x: number;
  y: number;
  fx: number;
  fy: number;
  m: number;
}

/** The least force and moment a residual is measured against (see `stiffnessScale`). */
export interface Scale {
  force: number;
  moment: number;
}

/**
 * The largest relative residual of ΣFx, ΣFy and ΣM about the origin. Force sums are divided by the
 * largest force component of any action; the moment sum by the largest moment any action has about the
 * origin (its couple, or either of its forces times its lever arm), so the figure does not depend on
 * the units or on where the origin lies. `least` keeps the divisors from being round-off themselves
 * when no load acts (a settlement or a lack of fit of a determinate structure: every reaction is
 * 1e-15 of nothing). 0 when nothing acts at all.
 */
export function equilibriumResidual(actions: readonly Action[], least: Scale = { force: 0, moment: 0 }): number {
  let [sx, sy, sm, force, moment] = [0, 0, 0, least.force, least.moment];
  for (const a of actions) {
    sx += a.fx;
    sy += a.fy;
    sm += a.m + a.x * a.fy - a.y * a.fx;
    force = Math.max(force, Math.abs(a.fx), Math.abs(a.fy));
    moment = Math.max(moment, Math.abs(a.m), Math.abs(a.x * a.fy), Math.abs(a.y * a.fx));
  }
  const relative = (sum: number, scale: number) => (scale === 0 ? 0 : Math.abs(sum) / scale);
  return Math.max(relative(sx, force), relative(sy, force), relative(sm, moment));
}

const at = (x: number, y: number, fx: number, fy: number, m = 0): Action => ({ x, y, fx, fy, m });

/** A beam's loads and presented reactions as actions, in the request's units (along y = 0). */
export function beamActions(
  request: BeamSolveRequest,
  reactions: readonly { position: number; vertical: number; moment: number }[],
): Action[] {
  const loads = (request.loads ?? []).map((l): Action => {
    switch (l.type) {
      case 'point':
        return at(l.position, 0, 0, l.magnitude);
      case 'moment':
        // applied and reaction moments are clockwise positive in the API
        return at(l.position, 0, 0, 0, -l.magnitude);
      default: {
        // q(s) = c0 + c1 s + c2 s²: its resultant at `from`, and its moment about `from`
        const [c0, c1, c2] = lineLoadCoefficients(l);
        const L = l.to - l.from;
        return at(l.from, 0, 0, c0 * L + (c1 * L ** 2) / 2 + (c2 * L ** 3) / 3, (c0 * L ** 2) / 2 + (c1 * L ** 3) / 3 + (c2 * L ** 4) / 4);
      }
    }
  });
  return [...loads, ...reactions.map((r) => at(r.position, 0, 0, r.vertical, -r.moment))];
}

/** A truss's nodal loads and presented reactions as actions, in the request's units. */
export function trussActions(
  request: TrussSolveRequest,
  reactions: readonly { node: number; horizontal: number; vertical: number }[],
): Action[] {
  const nodes = new IdIndex(request.nodes);
  const place = (id: number) => request.nodes[nodes.get(id) ?? -1] ?? { x: 0, y: 0 };
  const loads = (request.loads ?? []).map((l) => {
    const { x, y } = place(l.node);
    if ('magnitude' in l) {
      const angle = (l.angle * Math.PI) / 180;
      return at(x, y, l.magnitude * Math.cos(angle), l.magnitude * Math.sin(angle));
    }
    return at(x, y, l.fx ?? 0, l.fy ?? 0);
  });
  return [...loads, ...reactions.map((r) => at(place(r.node).x, place(r.node).y, r.horizontal, r.vertical))];
}

/**
 * The forces the solve's own displacements stand for: the stiffest member's stiffness (EA/L of a bar,
 * EI/L³ of a beam span, in engine units) times the largest displacement, in the response's force
 * units, and that force times the structure's size as a moment. Round-off in a reaction is a tiny
 * fraction of this whatever the loads, so it is the least scale a residual is measured against.
 */
export function stiffnessScale(stiffness: number, displacement: number, size: number, units: UnitSystem): Scale {
  const metres = toEngine('displacement', toSI('displacement', Math.abs(displacement), units));
  const force = fromEngine('force', stiffness * metres, units);
  return { force, moment: force * size };
}

/** A beam's least scale, from its SI request and its largest presented deflection (mm | in). */
export function beamScale(si: BeamSolveRequest, deflection: number, units: UnitSystem): Scale {
  // a solved request's spans all have E and I (prepareBeam fills them from their sections)
  const stiffness = Math.max(...si.spans.map((s) => (toEngine('modulus', s.E!) * toEngine('inertia', s.I!)) / s.length ** 3));
  const length = si.spans.reduce((sum, s) => sum + s.length, 0);
  return stiffnessScale(stiffness, deflection, fromEngine('length', length, units), units);
}

/** A truss's least scale, from its SI request (materials resolved) and its presented displacements (mm | in). */
export function trussScale(si: TrussSolveRequest, displacements: readonly { dx: number; dy: number }[], units: UnitSystem): Scale {
  const nodes = new IdIndex(si.nodes);
  const materials = new IdIndex(si.materials);
  // EA of each material once (engine units), not once per member
  const axial = si.materials.map((m) => (m.E !== undefined && m.A !== undefined ? toEngine('modulus', m.E) * toEngine('area', m.A) : NaN));
  let stiffness = 0;
  for (const m of si.members) {
    const from = nodes.get(m.from);
    const to = nodes.get(m.to);
    const material = materials.get(m.material ?? 1);
    if (from === undefined || to === undefined || material === undefined || Number.isNaN(axial[material]!)) continue;
    const a = si.nodes[from]!;
    const b = si.nodes[to]!;
    stiffness = Math.max(stiffness, axial[material]! / distance(b.x - a.x, b.y - a.y));
  }
  return stiffnessScale(stiffness, largestMagnitude(displacements), fromEngine('length', largestDimension(si.nodes), units), units);
}

/** The largest `hypot(dx, dy)` of the displacements, 0 when there are none. */
function largestMagnitude(displacements: readonly { dx: number; dy: number }[]): number {
  let largest = 0;
  for (const d of displacements) largest = Math.max(largest, distance(d.dx, d.dy));
  return largest;
}

/** Global components of a unit load along `direction` on a member running along the unit vector `along`. */
function frameDirection(direction: string | undefined, along: { x: number; y: number }): [number, number] {
  switch (direction) {
    case 'global-x':
      return [1, 0];
    case 'local-x':
      return [along.x, along.y];
    case 'local-y':
      return [-along.y, along.x];
    default:
      return [0, 1];
  }
}

/**
 * A frame's loads and presented reactions as actions, in the request's units. A distributed load is
 * integrated exactly by two-point Gauss (its force and lever arm are both linear along the member).
 */
export function frameActions(
  request: ResolvedFrameRequest,
  reactions: readonly { node: number; horizontal: number; vertical: number; moment: number }[],
): Action[] {
  const nodes = new IdIndex(request.nodes);
  const place = (id: number) => request.nodes[nodes.get(id) ?? -1] ?? { x: 0, y: 0 };
  const members = new IdIndex(request.members);
  const actions: Action[] = (request.nodalLoads ?? []).map((l) => {
    const { x, y } = place(l.node);
    return at(x, y, l.fx ?? 0, l.fy ?? 0, -(l.moment ?? 0));
  });
  for (const l of request.memberLoads ?? []) {
    const member = request.members[members.get(l.member) ?? -1];
    if (!member) continue;
    const [a, b] = [place(member.from), place(member.to)];
    const length = distance(b.x - a.x, b.y - a.y) || 1;
    const along = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    const point = (s: number) => ({ x: a.x + along.x * s, y: a.y + along.y * s });
    if (l.type === 'moment') {
      const p = point(l.position);
      actions.push(at(p.x, p.y, 0, 0, -l.magnitude));
      continue;
    }
    const [ux, uy] = frameDirection(l.direction, along);
    if (l.type === 'point') {
      const p = point(l.position);
      actions.push(at(p.x, p.y, ux * l.magnitude, uy * l.magnitude));
      continue;
    }
    const end = l.end ?? l.start;
    const half = (l.to - l.from) / 2;
    for (const g of [-1 / Math.sqrt(3), 1 / Math.sqrt(3)]) {
      const s = l.from + half * (1 + g);
      const w = (l.start + ((end - l.start) * (s - l.from)) / (l.to - l.from)) * half;
      const p = point(s);
      actions.push(at(p.x, p.y, ux * w, uy * w));
    }
  }
  return [...actions, ...reactions.map((r) => at(place(r.node).x, place(r.node).y, r.horizontal, r.vertical, -r.moment))];
}

/** A frame's least scale, from its SI request (materials resolved) and its presented displacements (mm | in). */
export function frameScale(si: FrameSolveRequest, displacements: readonly { dx: number; dy: number }[], units: UnitSystem): Scale {
  const nodes = new IdIndex(si.nodes);
  const materials = new IdIndex(si.materials);
  let stiffness = 0;
  for (const m of si.members) {
    const a = si.nodes[nodes.get(m.from) ?? -1];
    const b = si.nodes[nodes.get(m.to) ?? -1];
    const material = si.materials[materials.get(m.material ?? 1) ?? -1];
    if (!a || !b || material?.E === undefined || material.A === undefined || material.I === undefined) continue;
    const length = distance(b.x - a.x, b.y - a.y);
    const E = toEngine('modulus', material.E);
    stiffness = Math.max(stiffness, (E * toEngine('area', material.A)) / length, (12 * E * toEngine('inertia', material.I)) / length ** 3);
  }
  return stiffnessScale(stiffness, largestMagnitude(displacements), fromEngine('length', largestDimension(si.nodes), units), units);
}

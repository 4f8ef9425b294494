/**
 * A frame request on its way to the engine: the checks beyond the schema (decisions.md 9 and section 14),
 * the request in the API's SI units with every material's E, A and I filled in, and the engine's model
 * (kN, m, kN/m², m², m⁴, radians, counter-clockwise moments, indices for ids).
 */
import type { EngineFrameModel, EngineLoadDirection } from '../engine/frame-model.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import type { FrameMemberLoadInput, FrameSolveRequest, LoadDirection, ResolvedFrameRequest, ResolvedMemberLoad } from '../schema/frame.js';
import { atMemberEnd, MEMBER_END_TOLERANCE, udlExtent } from '../schema/frame.js';
import { fillMaterials, type SectionLibrary } from '../sections/index.js';
import { quantities, toEngine, toSI, type Quantity, type UnitSystem } from '../units/index.js';
import { formatLength } from './failures.js';
import { DEFAULT_MATERIAL, latticeIssues, latticeNumbers } from './lattice-checks.js';
import { distance, IdIndex } from './lattice-index.js';
import { engineRangeIssues, type RequestNumbers } from './engine-range.js';

const DEGREES = Math.PI / 180;

/** Duplicate ids, unknown references, members without length, loads off their member, undetermined joints. */
export function frameSemanticIssues(request: FrameSolveRequest): ProblemIssue[] {
  const range = engineRangeIssues(frameNumbers(request), request.units ?? 'SI');
  if (range.length > 0) return range;
  const issues: ProblemIssue[] = [];
  const unit = quantities.length[request.units === 'imperial' ? 'imperial' : 'si'];
  const { members, node: nodeAt, lengths } = latticeIssues(request, issues);
  request.materials.forEach((m, i) => {
    if (m.section === undefined && (m.E === undefined || m.A === undefined || m.I === undefined)) {
      issues.push({
        path: `materials.${i}`,
        message: "give E, A and I, or a section (E then defaults to 200 GPa, A and I to the section's)",
      });
    }
  });
  supportIssues(request, issues);
  (request.nodalLoads ?? []).forEach((l, i) => nodeAt(l.node, () => `nodalLoads.${i}.node`));
  (request.memberLoads ?? []).forEach((l, i) => {
    const at = members.get(l.member);
    if (at === undefined) issues.push({ path: `memberLoads.${i}.member`, message: `no member with id ${l.member}` });
    else issues.push(...memberLoadIssues(l, i, lengths[at], unit));
  });
  issues.push(...jointIssues(request));
  return issues;
}

/** Every number of a frame request the engine receives, for the engine-range check (ts/solve/engine-range.ts). */
function frameNumbers(request: FrameSolveRequest): RequestNumbers {
  return (check) => {
    latticeNumbers(request, check, (m, i) => check('inertia', m.I, () => `materials.${i}.I`));
    (request.nodalLoads ?? []).forEach((l, i) => {
      check('force', l.fx, () => `nodalLoads.${i}.fx`);
      check('force', l.fy, () => `nodalLoads.${i}.fy`);
      check('moment', l.moment, () => `nodalLoads.${i}.moment`);
    });
    (request.memberLoads ?? []).forEach((l, i) => {
      const at = (quantity: Quantity, value: number | undefined, field: string) =>
        check(quantity, value, () => `memberLoads.${i}.${field}`);
      if (l.type === 'udl') {
        at('lineLoad', l.start, 'start');
        at('lineLoad', l.end, 'end');
        at('length', l.from, 'from');
        at('length', l.to, 'to');
      } else {
        at(l.type === 'point' ? 'force' : 'moment', l.magnitude, 'magnitude');
        at('length', l.position, 'position');
      }
    });
  };
}

/** A rotation imposed on a support that lets its node turn. */
function supportIssues(request: FrameSolveRequest, issues: ProblemIssue[]): void {
  request.supports.forEach((s, i) => {
    if ((s.settlement?.rotation ?? 0) !== 0 && s.type !== 'fixed') {
      issues.push({
        path: `supports.${i}.settlement.rotation`,
        message: `a ${s.type} lets its node turn, so it cannot impose a rotation: use a fixed support`,
      });
    }
  });
}

/** Positions along a member of known length (undefined when the member itself is faulty). */
function memberLoadIssues(load: FrameMemberLoadInput, i: number, length: number | undefined, unit: string): ProblemIssue[] {
  const issues: ProblemIssue[] = [];
  const past = (field: string, x: number) => {
    if (length !== undefined && x > length * (1 + MEMBER_END_TOLERANCE)) {
      issues.push({
        path: `memberLoads.${i}.${field}`,
        message: `${x} is past the end of member ${load.member} (length ${formatLength(length)} ${unit})`,
      });
    }
  };
  if (load.type === 'udl') {
    const from = load.from ?? 0;
    if (length !== undefined && from >= (load.to ?? length)) {
      issues.push({ path: `memberLoads.${i}.${load.to === undefined ? 'from' : 'to'}`, message: '`to` must be greater than `from`' });
    }
    past('from', from);
    if (load.to !== undefined) past('to', load.to);
  } else past('position', load.position);
  return issues;
}

/**
 * Every member load's extent made explicit, in the request's units: a `udl` without `from` starts at the start
 * node, one without `to` runs to the end node, and a position within MEMBER_END_TOLERANCE of the end is the end.
 * After the semantic checks, which have measured every member.
 */
export function resolveMemberLoads(request: FrameSolveRequest): ResolvedFrameRequest {
  if (request.memberLoads === undefined) return request as ResolvedFrameRequest;
  const [nodes, members] = [new IdIndex(request.nodes), new IdIndex(request.members)];
  const memberLoads = request.memberLoads.map((l): ResolvedMemberLoad => {
    // each loaded member measured where its load is resolved, with no table of every length
    const m = request.members[members.get(l.member)!]!;
    const [a, b] = [request.nodes[nodes.get(m.from)!]!, request.nodes[nodes.get(m.to)!]!];
    const length = distance(b.x - a.x, b.y - a.y);
    return l.type === 'udl' ? { ...l, ...udlExtent(l, length) } : { ...l, position: atMemberEnd(l.position, length) };
  });
  return { ...request, memberLoads };
}

/**
 * A joint whose every member is hinged there, with nothing holding its rotation, has no rotation: the
 * model is undetermined. A pin joint where members meet keeps one member rigidly joined.
 */
function jointIssues(request: FrameSolveRequest): ProblemIssue[] {
  const fixed = new Set(request.supports.filter((s) => s.type === 'fixed').map((s) => s.node));
  const ends = new Map<number, { rigid: number; last?: string }>();
  request.members.forEach((m, i) => {
    for (const [node, released, path] of [
      [m.from, m.releases?.start ?? false, `members.${i}.releases.start`],
      [m.to, m.releases?.end ?? false, `members.${i}.releases.end`],
    ] as const) {
      const joint = ends.get(node) ?? { rigid: 0 };
      if (released) joint.last = path;
      else joint.rigid += 1;
      ends.set(node, joint);
    }
  });
  const issues: ProblemIssue[] = [];
  for (const node of request.nodes) {
    const joint = ends.get(node.id);
    if (joint === undefined) {
      issues.push({ path: `nodes.${request.nodes.indexOf(node)}`, message: `node ${node.id} is not an end of any member` });
    } else if (joint.rigid === 0 && !fixed.has(node.id) && joint.last !== undefined) {
      issues.push({
        path: joint.last,
        message: `every member meeting node ${node.id} is hinged there, so nothing determines the node's rotation: keep one member rigidly joined (a pinned joint releases all but one)`,
      });
    }
  }
  return issues;
}

/** The request with every number in the API's SI units and every material's E, A and I filled in. */
export function frameRequestToSI(request: ResolvedFrameRequest, sections: SectionLibrary | undefined): ResolvedFrameRequest {
  const units: UnitSystem = request.units ?? 'SI';
  const si = <T extends number | undefined>(q: Quantity, v: T): T => (v === undefined ? v : toSI(q, v, units)) as T;
  const materials = request.materials.map((m) => ({ ...m, E: si('modulus', m.E), A: si('area', m.A), I: si('inertia', m.I) }));
  const resolved = materials.some((m) => m.section !== undefined) ? fillFrameMaterials(sections, materials) : materials;
  return {
    ...request,
    units: 'SI',
    nodes: request.nodes.map((n) => ({ ...n, x: si('length', n.x), y: si('length', n.y) })),
    materials: resolved.map((m, i) => ({ ...request.materials[i]!, E: m.E!, A: m.A!, I: m.I! })),
    supports: request.supports.map((s) =>
      s.settlement === undefined
        ? s
        : { ...s, settlement: { ...s.settlement, x: si('displacement', s.settlement.x), y: si('displacement', s.settlement.y) } },
    ),
    ...(request.nodalLoads !== undefined && {
      nodalLoads: request.nodalLoads.map((l) => ({ ...l, fx: si('force', l.fx), fy: si('force', l.fy), moment: si('moment', l.moment) })),
    }),
    ...(request.memberLoads !== undefined && { memberLoads: request.memberLoads.map((l) => memberLoadToSI(l, si)) }),
  };
}

function memberLoadToSI(l: ResolvedMemberLoad, si: <T extends number | undefined>(q: Quantity, v: T) => T): ResolvedMemberLoad {
  switch (l.type) {
    case 'point':
      return { ...l, magnitude: si('force', l.magnitude), position: si('length', l.position) };
    case 'moment':
      return { ...l, magnitude: si('moment', l.magnitude), position: si('length', l.position) };
    case 'udl':
      return { ...l, start: si('lineLoad', l.start), end: si('lineLoad', l.end), from: si('length', l.from), to: si('length', l.to) };
  }
}

type Material = { id: number; E?: number; A?: number; I?: number; section?: string };

function fillFrameMaterials(sections: SectionLibrary | undefined, materials: Material[]): Material[] {
  if (!sections) throw Problem.invalid([{ path: 'materials', message: 'the section library is not available here: give E, A and I' }]);
  return fillMaterials(sections, materials, 'frame');
}

const DIRECTIONS: Record<LoadDirection, EngineLoadDirection> = {
  'global-x': 'globalX',
  'global-y': 'globalY',
  'local-x': 'localX',
  'local-y': 'localY',
};

/** The engine's model from an SI request with resolved materials; `caseOf` numbers each load's case. */
export function frameEngineModel(si: ResolvedFrameRequest, caseOf: (c: string | undefined) => number): EngineFrameModel {
  const nodeIndex = new Map(si.nodes.map((n, i) => [n.id, i]));
  const memberIndex = new Map(si.members.map((m, i) => [m.id, i]));
  const material = new Map(si.materials.map((m) => [m.id, m]));
  const at = (id: number) => nodeIndex.get(id)!;
  return {
    nodes: si.nodes.map((n) => ({ x: n.x, y: n.y })),
    members: si.members.map((m) => {
      const mat = material.get(m.material ?? DEFAULT_MATERIAL)!;
      return {
        from: at(m.from),
        to: at(m.to),
        e: toEngine('modulus', mat.E!),
        a: toEngine('area', mat.A!),
        i: toEngine('inertia', mat.I!),
        releaseStart: m.releases?.start ?? false,
        releaseEnd: m.releases?.end ?? false,
      };
    }),
    supports: si.supports.map((s) => ({
      node: at(s.node),
      kind: s.type,
      angle: (s.angle ?? 0) * DEGREES,
      settlement: {
        x: toEngine('displacement', s.settlement?.x ?? 0),
        y: toEngine('displacement', s.settlement?.y ?? 0),
        rotation: s.settlement?.rotation ?? 0,
      },
    })),
    nodalLoads: (si.nodalLoads ?? []).map((l) => ({
      node: at(l.node),
      fx: l.fx ?? 0,
      fy: l.fy ?? 0,
      moment: -(l.moment ?? 0), // clockwise positive in the API, counter-clockwise in the engine
      case: caseOf(l.case),
    })),
    memberLoads: (si.memberLoads ?? []).map((l) => ({ member: memberIndex.get(l.member)!, kind: engineLoadKind(l), case: caseOf(l.case) })),
  };
}

function engineLoadKind(l: ResolvedMemberLoad): EngineFrameModel['memberLoads'][number]['kind'] {
  switch (l.type) {
    case 'point':
      return { type: 'point', at: l.position, force: l.magnitude, direction: DIRECTIONS[l.direction ?? 'global-y'] };
    case 'moment':
      return { type: 'moment', at: l.position, moment: -l.magnitude };
    case 'udl':
      return {
        type: 'line',
        from: l.from,
        to: l.to,
        start: l.start,
        end: l.end ?? l.start,
        direction: DIRECTIONS[l.direction ?? 'global-y'],
      };
  }
}

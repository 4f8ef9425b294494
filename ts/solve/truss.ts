/**
 * The truss pipeline: validate -> semantic checks -> SI -> resolve sections -> engine (one solve per
 * load case present) -> combine -> present in the request's units, with the user's ids.
 */
import {
  factorVector,
  generateCombinations,
  presentCases,
  patternRefused,
  trussEnvelope,
  UNFACTORED,
  type MemberForce,
  type TrussEnvelope,
  type TrussResult,
} from '../combinations/index.js';
import { caseIndex } from '../combinations/types.js';
import type { EngineTrussDescription, EngineTrussResult } from '../engine/types.js';
import { TrussSolveRequest, type TrussLoadInput } from '../schema/truss.js';
import { misdirectedTo } from '../schema/kinds.js';
import { compile } from '../schema/validate.js';
import { fillMaterials, type SectionLibrary } from '../sections/index.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import { fromEngine, fromEngineColumn, toEngine, toSI, type Quantity, type UnitSystem } from '../units/index.js';
import type { SolveContext } from './context.js';
import { engineRangeIssues, type RequestNumbers } from './engine-range.js';
import { engineProblem, formatNumber } from './failures.js';
import type { Links } from './links.js';
import type { Meta } from './meta.js';
import { DEFAULT_MATERIAL, latticeIssues, latticeNumbers } from './lattice-checks.js';
import { equilibriumResidual, trussActions, trussScale } from './equilibrium.js';
import { trussPlausibility } from './plausibility.js';
import { cleanNumbers } from './clean.js';
import { ColumnRows, idColumn } from './column-rows.js';
import { respond } from './respond.js';
import { prepareTruss } from './self-weight.js';

export const trussValidator = compile(TrussSolveRequest, [], { misdirected: misdirectedTo('truss', 'solve') });

export interface TrussSolveResponse extends TrussResult {
  envelope?: TrussEnvelope;
  meta: Meta;
  links?: Links;
}

export const TRUSS_UNIT_LABELS = { length: 'length', force: 'force', displacement: 'displacement' } as const;

const DEGREES = Math.PI / 180;

/** Duplicate ids, unknown references, members with no length (decisions.md 9). */
export function trussSemanticIssues(request: TrussSolveRequest): ProblemIssue[] {
  const range = engineRangeIssues(trussNumbers(request), request.units ?? 'SI');
  if (range.length > 0) return range;
  const issues: ProblemIssue[] = [];
  const { members, node } = latticeIssues(request, issues);
  request.materials.forEach((m, i) => {
    if (m.section === undefined && (m.E === undefined || m.A === undefined)) {
      issues.push({ path: `materials.${i}`, message: 'give E and A, or a section (E then defaults to 200 GPa and A to its gross area)' });
    }
  });
  (request.loads ?? []).forEach((l, i) => node(l.node, () => `loads.${i}.node`));
  (request.fabricationErrors ?? []).forEach((f, i) => {
    if (!members.has(f.member)) issues.push({ path: `fabricationErrors.${i}.member`, message: `no member with id ${f.member}` });
  });
  const why =
    "pattern loading is for beams and frames; to arrange a truss's nodal loads, give them their own cases and custom combinations";
  issues.push(...patternRefused(request.combinations?.pattern, why));
  return issues;
}

/** Every number of a truss request the engine receives, for the engine-range check. */
function trussNumbers(request: TrussSolveRequest): RequestNumbers {
  return (check) => {
    latticeNumbers(request, check);
    (request.loads ?? []).forEach((l, i) => {
      if ('magnitude' in l) check('force', l.magnitude, () => `loads.${i}.magnitude`);
      else {
        check('force', l.fx, () => `loads.${i}.fx`);
        check('force', l.fy, () => `loads.${i}.fy`);
      }
    });
    (request.fabricationErrors ?? []).forEach((f, i) => {
      if (f.type === 'lack-of-fit') check('displacement', f.deltaLength, () => `fabricationErrors.${i}.deltaLength`);
    });
  };
}

/** The request with every number in the API's SI units and every material's E and A filled in. */
export function trussRequestToSI(request: TrussSolveRequest, sections: SectionLibrary | undefined): TrussSolveRequest {
  const units: UnitSystem = request.units ?? 'SI';
  const si = <T extends number | undefined>(q: Quantity, v: T): T => (v === undefined ? v : toSI(q, v, units)) as T;
  const materials = request.materials.map((m) => ({ ...m, E: si('modulus', m.E), A: si('area', m.A) }));
  const resolved = materials.some((m) => m.section !== undefined) ? fillMaterialsOrRefuse(sections, materials) : materials;
  const load = (l: TrussLoadInput): TrussLoadInput =>
    'magnitude' in l
      ? { ...l, magnitude: si('force', l.magnitude) }
      : { ...l, ...(l.fx !== undefined && { fx: si('force', l.fx) }), ...(l.fy !== undefined && { fy: si('force', l.fy) }) };
  return {
    ...request,
    units: 'SI',
    nodes: request.nodes.map((n) => ({ ...n, x: si('length', n.x), y: si('length', n.y) })),
    materials: resolved.map((m, i) => ({ ...request.materials[i]!, E: m.E!, A: m.A! })),
    supports: request.supports.map((s) =>
      s.settlement === undefined
        ? s
        : {
            ...s,
            settlement: {
              ...(s.settlement.x !== undefined && { x: si('displacement', s.settlement.x) }),
              ...(s.settlement.y !== undefined && { y: si('displacement', s.settlement.y) }),
            },
          },
    ),
    ...(request.loads !== undefined && { loads: request.loads.map(load) }),
    ...(request.fabricationErrors !== undefined && {
      fabricationErrors: request.fabricationErrors.map((f) =>
        f.type === 'lack-of-fit' ? { ...f, deltaLength: si('displacement', f.deltaLength) } : f,
      ),
    }),
  };
}

function fillMaterialsOrRefuse(
  sections: SectionLibrary | undefined,
  materials: { id: number; E?: number; A?: number; section?: string }[],
) {
  if (!sections) {
    throw Problem.invalid([{ path: 'materials', message: 'the section library is not available here: give E and A' }]);
  }
  return fillMaterials(sections, materials, 'truss');
}

/**
 * The engine's model (kN, m, kN/m², m², radians) from an SI request with resolved materials, described to
 * the binding record by record: nodes and members are numbered in the request's order.
 */
export function describeTrussModel(si: TrussSolveRequest): (input: EngineTrussDescription) => void {
  return (input) => {
    const nodeIndex = new Map<TrussSolveRequest['nodes'][number]['id'], number>();
    si.nodes.forEach((n, i) => {
      nodeIndex.set(n.id, i);
      input.node(n.x, n.y);
    });
    const at = (id: TrussSolveRequest['nodes'][number]['id']) => nodeIndex.get(id)!;
    // each material in engine units once, not once per member
    const material = new Map(si.materials.map((m) => [m.id, { e: toEngine('modulus', m.E!), a: toEngine('area', m.A!) }]));
    for (const m of si.members) {
      const { e, a } = material.get(m.material ?? DEFAULT_MATERIAL)!;
      input.member(at(m.from), at(m.to), e, a);
    }
    for (const s of si.supports) {
      const settlement = (v: number | undefined) => toEngine('displacement', v ?? 0);
      input.support(at(s.node), s.type === 'roller', (s.angle ?? 0) * DEGREES, settlement(s.settlement?.x), settlement(s.settlement?.y));
    }
    for (const l of si.loads ?? []) {
      const c = caseIndex(l.case ?? 'G');
      if ('magnitude' in l) input.load(at(l.node), l.magnitude * Math.cos(l.angle * DEGREES), l.magnitude * Math.sin(l.angle * DEGREES), c);
      else input.load(at(l.node), l.fx ?? 0, l.fy ?? 0, c);
    }
    if (si.fabricationErrors === undefined || si.fabricationErrors.length === 0) return;
    const memberIndex = new Map(si.members.map((m, i) => [m.id, i]));
    for (const f of si.fabricationErrors) {
      const member = memberIndex.get(f.member)!;
      if (f.type === 'lack-of-fit') input.fabricationError(member, 0, toEngine('displacement', f.deltaLength));
      else input.fabricationError(member, f.alpha * f.deltaT, 0);
    }
  };
}

/** Each member's ids and force, as rows read as `MemberForce`s. */
function memberForceRows(request: TrussSolveRequest, forces: Float64Array): MemberForce[] {
  const members = request.members;
  const rows = new ColumnRows(forces.length, [
    { path: ['member'], values: idColumn(members, 'id') },
    { path: ['from'], values: idColumn(members, 'from') },
    { path: ['to'], values: idColumn(members, 'to') },
    { path: ['force'], values: forces },
  ]);
  return rows as unknown as MemberForce[];
}

/** One engine result in the response's units, with the user's node and member ids. */
export function presentTrussResult(r: EngineTrussResult, request: TrussSolveRequest, units: UnitSystem): TrussResult {
  const nodeId = (i: number) => request.nodes[i]!.id;
  const force = (v: number) => fromEngine('force', v, units);
  return {
    reactions: r.reactions.map((x) => ({ node: nodeId(x.node), horizontal: force(x.horizontal), vertical: force(x.vertical) })),
    // the engine numbers members and nodes in the request's order; `from` and `to` are node ids
    // as columns (column-rows.ts): a truss with combinations answers a thousand members' forces once per combination
    memberForces: memberForceRows(request, fromEngineColumn('force', r.memberForces, units)),
    displacements: request.nodes.map((n, k) => ({
      node: n.id,
      dx: fromEngine('displacement', r.dx[k]!, units),
      dy: fromEngine('displacement', r.dy[k]!, units),
    })),
  };
}

/** A validated request solved; throws Problem for every refusal. */
export function solveTrussRequest(request: TrussSolveRequest, context: SolveContext): TrussSolveResponse {
  return solveTrussDrawing(request, context).response;
}

/** The solve, and for a figure the full results of the combination whose id is `drawn`, when the request generated it. */
export function solveTrussDrawing(
  given: TrussSolveRequest,
  context: SolveContext,
  drawn?: string,
): { response: TrussSolveResponse; drawn?: TrussResult } {
  const now = context.now ?? (() => performance.now());
  const started = now();
  const semantic = trussSemanticIssues(given);
  if (semantic.length > 0) throw Problem.invalid(semantic);
  // selfWeight's loads join the request's before anything else reads it
  const { request, warnings: sectionWarnings } = prepareTruss(given, context.sections);
  const units: UnitSystem = request.units ?? 'SI';
  const set = request.combinations ? generateCombinations(request.combinations, presentCases(request.loads ?? [])) : undefined;
  const si = trussRequestToSI(request, context.sections);
  const model = describeTrussModel(si);

  let results: EngineTrussResult[];
  try {
    results = context.engine.solveTruss(model, [[...UNFACTORED], ...(set?.combinations ?? []).map((c) => factorVector(c.factors))]);
  } catch (error) {
    throw engineProblem(error, (m) => {
      const id = request.nodes[m.node]?.id;
      const where = `node ${id} (x = ${formatNumber(fromEngine('length', m.x, units))}, y = ${formatNumber(fromEngine('length', m.y, units))} ${units === 'SI' ? 'm' : 'ft'})`;
      const direction = m.direction === 'horizontal' ? 'horizontal' : 'vertical';
      const hint = `${where[0]!.toUpperCase()}${where.slice(1)} can move ${direction}ly with nothing to resist it. Add a member, a support or a diagonal there.`;
      return { detail: `The truss is a mechanism: ${hint[0]!.toLowerCase()}${hint.slice(1)}`, mechanism: { node: id!, direction, hint } };
    });
  }
  const [unfactored, ...combined] = results.map((r) => presentTrussResult(r, request, units));
  const warnings = [
    ...sectionWarnings,
    ...(set?.warnings ?? []),
    ...results[0]!.warnings.map((w) => `Node ${request.nodes[w.node]?.id}: ${w.message}`),
  ];
  warnings.push(...trussPlausibility(request, unfactored!.displacements, units));
  const scale = trussScale(si, unfactored!.displacements, units);
  const equilibrium = equilibriumResidual(trussActions(request, unfactored!.reactions), scale);
  let envelope: TrussEnvelope | undefined;
  if (set) {
    const { combinations, warnings: _advisories, ...header } = set;
    envelope = trussEnvelope(
      header,
      combinations.map((combination, i) => ({ combination, result: combined[i]! })),
    );
  }
  const response = respond(unfactored!, envelope, {
    context,
    kind: 'truss',
    units,
    labels: TRUSS_UNIT_LABELS,
    warnings,
    equilibrium,
    started,
    si,
    output: request.output,
    series: false,
  });
  const figure = combined[set?.combinations.findIndex((c) => c.id === drawn) ?? -1];
  if (figure === undefined) return { response };
  cleanNumbers([figure]);
  return { response, drawn: figure };
}

/** The whole pipeline from an untrusted body. */
export function solveTruss(body: unknown, context: SolveContext): TrussSolveResponse {
  return solveTrussRequest(trussValidator.check(body), context);
}

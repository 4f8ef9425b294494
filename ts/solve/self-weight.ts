/**
 * Section-driven models (decisions.md 20), in the request's own units, before anything else reads the request:
 * a beam span that names a `section` gets its E (200 GPa steel) and I (Ix, or Iy with `axis: "minor"`); a
 * section given beside an explicit A or I that differs from it gives a `meta.warnings` entry (the explicit value
 * is used); and `selfWeight: true` adds each member's weight as case G loads, which the rest of the pipeline
 * (checks, equilibrium, envelopes, the calculator's link) then sees like any other load.
 */
import { Problem, type ProblemIssue } from '../problem/index.js';
import type { BeamSolveRequest } from '../schema/beam.js';
import type { FrameSolveRequest } from '../schema/frame.js';
import type { TrussSolveRequest } from '../schema/truss.js';
import {
  notFoundDetail,
  resolveSection,
  sectionI,
  STEEL_E_GPA,
  type Axis,
  type ResolvedSection,
  type SectionLibrary,
} from '../sections/index.js';
import { formatNumber } from './failures.js';
import { fromSI, quantities, toEngine, toSI, type Quantity, type UnitSystem } from '../units/index.js';

/** Relative difference under which an explicit value is taken to be the section's own (the calculator rounds what it fills). */
export const SAME_AS_SECTION = 1e-3;

export interface Prepared<T> {
  request: T;
  warnings: string[];
}

/** What selfWeight reads from a span or a material: an explicit mass or density, else the section's mass. */
interface WeightSource {
  mass?: number | undefined;
  density?: number | undefined;
  A?: number | undefined;
}

/**
 * Weight per length in kN/m, or undefined when nothing gives it: `mass` (kg/m | lb/ft), else `density`
 * (kg/m3 | lb/ft3) times A (the given one, else the section's), else the section's mass.
 */
function weightPerLength(source: WeightSource, section: ResolvedSection | undefined, units: UnitSystem): number | undefined {
  let kgPerM: number | undefined;
  if (source.mass !== undefined) kgPerM = toSI('massPerLength', source.mass, units);
  else if (source.density !== undefined) {
    const mm2 = source.A !== undefined ? toSI('area', source.A, units) : section?.A_mm2;
    if (mm2 !== undefined) kgPerM = toSI('density', source.density, units) * mm2 * 1e-6;
  } else kgPerM = section?.mass_kg_per_m;
  // kg/m to kN/m is the units table's mass-per-length engine factor (standard gravity)
  return kgPerM === undefined ? undefined : toEngine('massPerLength', kgPerM);
}

/** A warning when an explicit value differs from the section's (both in the request's units). */
function differs(
  path: string,
  given: number | undefined,
  own: number,
  section: ResolvedSection,
  what: string,
  quantity: Quantity,
  units: UnitSystem,
) {
  if (given === undefined || Math.abs(given / own - 1) <= SAME_AS_SECTION) return undefined;
  const unit = quantities[quantity][units === 'SI' ? 'si' : 'imperial'];
  return `${path}: ${formatNumber(given)} ${unit} is used; section ${section.name} has ${what} = ${formatNumber(own)} ${unit}.`;
}

function lookup(library: SectionLibrary | undefined, name: string, path: string, issues: ProblemIssue[]): ResolvedSection | undefined {
  if (library === undefined) {
    issues.push({ path, message: 'the section library is not available here: give the values instead' });
    return undefined;
  }
  const section = resolveSection(library, name);
  if (section === undefined) issues.push({ path, message: notFoundDetail(name, library.suggest(name)) });
  return section;
}

const axisName = (axis: Axis | undefined) => (axis === 'minor' ? 'Iy' : 'Ix');

/** A beam with every span's E and I filled from its section, and its self-weight as case G udls. */
export function prepareBeam(request: BeamSolveRequest, library: SectionLibrary | undefined): Prepared<BeamSolveRequest> {
  if (request.selfWeight === undefined && request.spans.every((s) => s.section === undefined && s.E !== undefined && s.I !== undefined)) {
    return { request, warnings: [] };
  }
  const units: UnitSystem = request.units ?? 'SI';
  const issues: ProblemIssue[] = [];
  const warnings: string[] = [];
  const weights: BeamSolveRequest['loads'] = [];
  let x = 0;
  const spans = request.spans.map((span, i) => {
    const at = `spans.${i}`;
    const section = span.section === undefined ? undefined : lookup(library, span.section, `${at}.section`, issues);
    const own = section && fromSI('inertia', sectionI(section, span.axis), units);
    const E = span.E ?? (span.section !== undefined ? fromSI('modulus', STEEL_E_GPA, units) : undefined);
    const I = span.I ?? own;
    if (span.section === undefined) {
      if (span.E === undefined) issues.push({ path: `${at}.E`, message: 'E is required when no section is given' });
      if (span.I === undefined) issues.push({ path: `${at}.I`, message: 'I is required when no section is given' });
    }
    if (section && own !== undefined) {
      const warning = differs(`${at}.I`, span.I, own, section, axisName(span.axis), 'inertia', units);
      if (warning) warnings.push(warning);
    }
    if (request.selfWeight === true && span.section === undefined && span.mass === undefined) {
      issues.push({ path: `${at}.mass`, message: "selfWeight needs the span's section or its mass (kg/m | lb/ft)" });
    }
    const w = request.selfWeight === true ? weightPerLength({ mass: span.mass }, section, units) : undefined;
    if (w !== undefined) weights.push({ type: 'udl', start: -fromSI('lineLoad', w, units), from: x, to: x + span.length, case: 'G' });
    x += span.length;
    return { ...span, ...(E !== undefined && { E }), ...(I !== undefined && { I }) };
  });
  if (issues.length > 0) throw Problem.invalid(issues);
  const { selfWeight: _selfWeight, ...rest } = request;
  return {
    request: {
      ...rest,
      spans,
      ...((request.loads !== undefined || weights.length > 0) && { loads: [...(request.loads ?? []), ...weights] }),
    },
    warnings,
  };
}

type Lattice = TrussSolveRequest | FrameSolveRequest;
type LatticeMaterial = Lattice['materials'][number] & { I?: number };

/** Warnings for materials whose explicit A (and I, for frames) differ from their section's. */
function materialWarnings(request: Lattice, sections: (ResolvedSection | undefined)[], units: UnitSystem, frame: boolean): string[] {
  return request.materials.flatMap((m: LatticeMaterial, i) => {
    const section = sections[i];
    if (section === undefined) return [];
    const at = `materials.${i}`;
    return [
      differs(`${at}.A`, m.A, fromSI('area', section.A_mm2, units), section, 'A', 'area', units),
      frame
        ? differs(`${at}.I`, m.I, fromSI('inertia', sectionI(section, m.axis), units), section, axisName(m.axis), 'inertia', units)
        : undefined,
    ].filter((w): w is string => w !== undefined);
  });
}

/**
 * Each member's weight per length (kN/m) by member index, for the members whose material says it; a material
 * that some member uses and that says nothing is an issue at its `mass`. Unknown sections are left to the
 * material check that follows (it words the did-you-mean).
 */
function memberWeights(request: Lattice, sections: (ResolvedSection | undefined)[], units: UnitSystem): (number | undefined)[] {
  const index = new Map(request.materials.map((m, i) => [m.id, i]));
  const issues: ProblemIssue[] = [];
  const refused = new Set<number>();
  const weights = request.members.map((member) => {
    const i = index.get(member.material ?? 1);
    if (i === undefined) return undefined;
    const material = request.materials[i]!;
    const w = weightPerLength(material, sections[i], units);
    if (w === undefined && material.section === undefined && !refused.has(i)) {
      refused.add(i);
      issues.push({
        path: `materials.${i}.mass`,
        message: "selfWeight needs this material's section, mass (kg/m | lb/ft) or density (kg/m3 | lb/ft3) with A",
      });
    }
    return w;
  });
  if (issues.length > 0) throw Problem.invalid(issues);
  return weights;
}

/** A member's length in the request's units, or undefined when a node is unknown (the semantic checks say so). */
function memberLength(request: Lattice, member: Lattice['members'][number]): number | undefined {
  const a = request.nodes.find((n) => n.id === member.from);
  const b = request.nodes.find((n) => n.id === member.to);
  return a && b ? Math.hypot(b.x - a.x, b.y - a.y) : undefined;
}

function latticeSections(request: Lattice, library: SectionLibrary | undefined): (ResolvedSection | undefined)[] {
  return request.materials.map((m) => (m.section !== undefined && library ? resolveSection(library, m.section) : undefined));
}

/**
 * The lattice's warnings and, with selfWeight, each member's weight (kN/m) and length (request units) handed to
 * `place`, which turns them into the kind's own loads.
 */
function latticeWeights<T extends Lattice, L>(
  request: T,
  library: SectionLibrary | undefined,
  frame: boolean,
  place: (member: T['members'][number], w: number, length: number, units: UnitSystem) => L[],
): { rest: Omit<T, 'selfWeight'>; loads: L[] | undefined; warnings: string[] } {
  const units: UnitSystem = request.units ?? 'SI';
  const sections = latticeSections(request, library);
  const warnings = materialWarnings(request, sections, units, frame);
  const { selfWeight, ...rest } = request;
  if (selfWeight !== true) return { rest, loads: undefined, warnings };
  const weights = memberWeights(request, sections, units);
  const loads = request.members.flatMap((member, k) => {
    const w = weights[k];
    const length = memberLength(request, member);
    return w === undefined || length === undefined || length === 0 ? [] : place(member, w, length, units);
  });
  return { rest, loads, warnings };
}

/** A truss with its warnings, and with selfWeight each bar's weight as case G loads, half at each end node. */
export function prepareTruss(request: TrussSolveRequest, library: SectionLibrary | undefined): Prepared<TrussSolveRequest> {
  const { rest, loads, warnings } = latticeWeights(request, library, false, (member, w, length, units) => {
    // kN/m times m is kN; then the request's force unit
    const half = fromSI('force', (w * toSI('length', length, units)) / 2, units);
    return [member.from, member.to].map((node) => ({ node, fy: -half, case: 'G' as const }));
  });
  return { request: loads === undefined ? rest : { ...rest, loads: [...(request.loads ?? []), ...loads] }, warnings };
}

/** A frame with its warnings, and with selfWeight each member's weight as a case G udl along it (global-y). */
export function prepareFrame(request: FrameSolveRequest, library: SectionLibrary | undefined): Prepared<FrameSolveRequest> {
  const { rest, loads, warnings } = latticeWeights(request, library, true, (member, w, length, units) => [
    {
      type: 'udl' as const,
      member: member.id,
      start: -fromSI('lineLoad', w, units),
      from: 0,
      to: length,
      direction: 'global-y' as const,
      case: 'G' as const,
    },
  ]);
  return { request: loads === undefined ? rest : { ...rest, memberLoads: [...(request.memberLoads ?? []), ...loads] }, warnings };
}

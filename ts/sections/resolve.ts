/**
 * How the solvers use the library: a material that names a `section` takes its gross area (and, for frames,
 * I = Ix) from the library, and E defaults to 200 GPa steel (interface-spec.md, truss materials;
 * decisions.md 6). Works on SI values: the pipeline converts units before it resolves sections.
 */
import { Problem, type ProblemIssue } from '../problem/index.js';
import type { SectionLibrary } from './library.js';
import type { StandardId } from './types.js';
import { notFoundDetail } from './lookup.js';

/** Young's modulus of structural steel, GPa, used when a material gives a section but no E. */
export const STEEL_E_GPA = 200;

export interface ResolvedSection {
  name: string;
  standard: StandardId;
  type: string;
  A_mm2: number;
  Ix_mm4: number;
  Iy_mm4: number;
  mass_kg_per_m: number;
}

/** Exact-then-normalised lookup, as GET /v1/sections/{name}; undefined when no section has the name. */
export function resolveSection(library: SectionLibrary, designation: string, standard?: StandardId): ResolvedSection | undefined {
  const found = library.lookup(designation, standard);
  if (found === undefined) return undefined;
  const { row } = found.section;
  return {
    name: row.designation,
    standard: row.standard,
    type: row.type,
    A_mm2: row.A,
    Ix_mm4: row.Ix,
    Iy_mm4: row.Iy,
    mass_kg_per_m: row.mass,
  };
}

/** A truss or frame material in SI: E in GPa, A in mm2, I in mm4 (frames). */
export interface SiMaterial {
  id: number;
  E?: number | undefined;
  A?: number | undefined;
  I?: number | undefined;
  section?: string | undefined;
  /** Which of the section's axes bends in the plane (decisions.md 20): major (Ix, the default) or minor (Iy). */
  axis?: Axis | undefined;
}

export type Axis = 'major' | 'minor';

/** The section's second moment of area about the named axis, mm4. */
export function sectionI(section: ResolvedSection, axis: Axis | undefined): number {
  return axis === 'minor' ? section.Iy_mm4 : section.Ix_mm4;
}

export interface FilledMaterial {
  id: number;
  E: number;
  A: number;
  I?: number;
  section?: string;
}

/**
 * Fills E, A (and I for frames) from the named sections; values the caller gave win. Every unknown section
 * or still-missing value becomes one issue at `materials.<index>.<field>`, thrown together as 400 invalid_input.
 */
export function fillMaterials(
  library: SectionLibrary,
  materials: readonly SiMaterial[],
  kind: 'truss' | 'frame' = 'truss',
): FilledMaterial[] {
  const issues: ProblemIssue[] = [];
  const filled = materials.map((material, index): FilledMaterial => {
    const at = `materials.${index}`;
    let section: ResolvedSection | undefined;
    if (material.section !== undefined) {
      section = resolveSection(library, material.section);
      if (section === undefined) {
        issues.push({ path: `${at}.section`, message: notFoundDetail(material.section, library.suggest(material.section)) });
      }
    }
    const E = material.E ?? (material.section !== undefined ? STEEL_E_GPA : undefined);
    const A = material.A ?? section?.A_mm2;
    const I = kind === 'frame' ? (material.I ?? (section && sectionI(section, material.axis))) : undefined;
    if (E === undefined) issues.push({ path: `${at}.E`, message: 'E is required when no section is given' });
    if (A === undefined && material.section === undefined) {
      issues.push({ path: `${at}.A`, message: 'A is required when no section is given' });
    }
    if (kind === 'frame' && I === undefined && material.section === undefined) {
      issues.push({ path: `${at}.I`, message: 'I is required when no section is given' });
    }
    const result: FilledMaterial = { id: material.id, E: E ?? NaN, A: A ?? NaN };
    if (I !== undefined) result.I = I;
    if (section !== undefined) result.section = section.name;
    return result;
  });
  if (issues.length > 0) throw Problem.invalid(issues);
  return filled;
}

/**
 * Generates the combinations a solve runs, following the algorithm of combinations.md 0.3:
 * table for the standard -> psi for the occupancy -> rows whose required cases are present ->
 * absent cases zeroed -> duplicates of an earlier row of the same kind dropped -> `include`.
 * Pure: throws `Problem('invalid_input')` for semantic errors, never touches a request context.
 */
import { Problem, type ProblemIssue } from '../problem/index.js';
import { combinationName } from './name.js';
import { rowId, TABLES, type Requirement, type StandardTable, type TableRow } from './tables.js';
import {
  DEFAULT_OCCUPANCY,
  DEFAULT_SNOW_ZONE,
  LOAD_CASES,
  MAX_CUSTOM,
  MAX_CUSTOM_NAME,
  MAX_INCLUDE,
  type Combination,
  type CombinationSet,
  type CombinationsHeader,
  type CombinationsRequest,
  type CustomCombination,
  type Factors,
  type LoadCase,
  type SnowZone,
} from './types.js';

/** The cases present in a model: a load without `case` counts as G (combinations.md 0.3 step 3). */
export function presentCases(loads: Iterable<{ case?: LoadCase | undefined }>): Set<LoadCase> {
  const present = new Set<LoadCase>();
  for (const load of loads) present.add(load.case ?? 'G');
  return present;
}

export function zeroFactors(): Factors {
  return { G: 0, Q: 0, Qr: 0, W: 0, E: 0, S: 0, R: 0, T: 0 };
}

/** All eight keys, omitted ones 0 (interface-spec.md, custom combination). */
export function completeFactors(partial: Partial<Factors>): Factors {
  const factors = zeroFactors();
  for (const c of LOAD_CASES) factors[c] = partial[c] ?? 0;
  return factors;
}

function isMet(requirement: Requirement, present: ReadonlySet<LoadCase>): boolean {
  return requirement.every((group) => group.some((c) => present.has(c)));
}

function describeRequirement(requirement: Requirement): string {
  return requirement.map((group) => (group.length === 1 ? group[0] : `(${group.join(' or ')})`)).join(' and ');
}

function sameFactors(a: Factors, b: Factors): boolean {
  return LOAD_CASES.every((c) => a[c] === b[c]);
}

const CUSTOM_PATH = 'combinations.custom';

/** Bounds and the custom/standard pairing; the TypeBox schema checks the same, this is the semantic layer. */
function requestIssues(request: CombinationsRequest): ProblemIssue[] {
  const issues: ProblemIssue[] = [];
  const { standard, include, custom } = request;
  if (include !== undefined && include.length > MAX_INCLUDE) {
    issues.push({ path: 'combinations.include', message: `at most ${MAX_INCLUDE} ids, got ${include.length}` });
  }
  if (standard === 'custom') {
    if (custom === undefined || custom.length === 0) {
      const message = 'at least one custom combination is required when standard is "custom"';
      issues.push({ path: CUSTOM_PATH, message });
    }
  } else if (custom !== undefined) {
    // Dropping the caller's rows silently would report an envelope they did not ask for.
    const message = `custom combinations are used only with standard "custom", not "${standard}"`;
    issues.push({ path: CUSTOM_PATH, message });
  }
  if (custom === undefined) return issues;
  if (custom.length > MAX_CUSTOM) {
    issues.push({ path: CUSTOM_PATH, message: `at most ${MAX_CUSTOM} custom combinations, got ${custom.length}` });
  }
  custom.forEach((row, i) => issues.push(...customIssues(row, `${CUSTOM_PATH}.${i}`)));
  return issues;
}

function customIssues(row: CustomCombination, path: string): ProblemIssue[] {
  const issues: ProblemIssue[] = [];
  // JSON Schema counts maxLength in code points, not UTF-16 units.
  const length = [...row.name].length;
  if (length > MAX_CUSTOM_NAME) {
    issues.push({ path: `${path}.name`, message: `at most ${MAX_CUSTOM_NAME} characters, got ${length}` });
  }
  if (row.kind !== 'ULS' && row.kind !== 'SLS') {
    issues.push({ path: `${path}.kind`, message: 'must be "ULS" or "SLS"' });
  }
  for (const [key, value] of Object.entries(row.factors)) {
    if (!(LOAD_CASES as readonly string[]).includes(key)) {
      const message = `unknown load case; factors take ${LOAD_CASES.join(', ')}`;
      issues.push({ path: `${path}.factors.${key}`, message });
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ path: `${path}.factors.${key}`, message: 'must be a finite number' });
    }
  }
  return issues;
}

interface Candidates {
  /** Every id the standard defines, in id order: what `include` may name. */
  catalogue: string[];
  generated: Combination[];
  /** Why a catalogued id was not generated, for the `include` warnings. */
  skipped: Map<string, string>;
}

function fromTable(table: StandardTable, request: CombinationsRequest, present: ReadonlySet<LoadCase>): Candidates {
  const occupancy = request.occupancy ?? DEFAULT_OCCUPANCY;
  const zone: SnowZone = request.snowZone ?? DEFAULT_SNOW_ZONE;
  const rows = table.rows(occupancy);
  const catalogue = rows.map((row) => rowId(table, row));
  const generated: Combination[] = [];
  const skipped = new Map<string, string>();
  for (const row of rows) {
    const id = rowId(table, row);
    if (row.zone !== undefined && row.zone !== zone) {
      skipped.set(id, `it belongs to the ${row.zone} snow zone, not the ${zone} one`);
      continue;
    }
    if (!isMet(row.requires, present)) {
      skipped.set(id, `it needs load case ${describeRequirement(row.requires)}, absent from the model`);
      continue;
    }
    const factors = presentFactors(row, present);
    const twin = generated.find((earlier) => earlier.kind === row.kind && sameFactors(earlier.factors, factors));
    if (twin !== undefined) {
      skipped.set(id, `with the absent cases at 0 it equals ${twin.id}`);
      continue;
    }
    generated.push({ id, name: combinationName(factors, table.symbols), kind: row.kind, factors });
  }
  return { catalogue, generated, skipped };
}

function presentFactors(row: TableRow, present: ReadonlySet<LoadCase>): Factors {
  const factors = zeroFactors();
  LOAD_CASES.forEach((c, i) => {
    // Assigning 0 (not multiplying) keeps a reversed case absent from writing -0.
    factors[c] = present.has(c) ? (row.vector[i] ?? 0) : 0;
  });
  return factors;
}

function fromCustom(custom: readonly CustomCombination[]): Candidates {
  const generated = custom.map((row, i) => ({
    id: `CUSTOM-${i + 1}`,
    name: row.name,
    kind: row.kind,
    factors: completeFactors(row.factors),
  }));
  return { catalogue: generated.map((c) => c.id), generated, skipped: new Map() };
}

function applyInclude(
  candidates: Candidates,
  include: readonly string[],
  standard: string,
): { combinations: Combination[]; warnings: string[] } {
  const known = new Set(candidates.catalogue);
  const issues: ProblemIssue[] = [];
  include.forEach((id, i) => {
    if (!known.has(id)) issues.push({ path: `combinations.include.${i}`, message: `unknown combination id "${id}"` });
  });
  if (issues.length > 0) {
    const unknown = include.filter((id) => !known.has(id)).map((id) => `"${id}"`);
    throw new Problem(
      'invalid_input',
      `Unknown combination id${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} for standard ${standard}. ` +
        `Valid ids: ${candidates.catalogue.join(', ')}.`,
      { issues },
    );
  }
  const wanted = new Set(include);
  const warnings = [...wanted]
    .filter((id) => candidates.skipped.has(id))
    .map((id) => `Combination ${id} was included but not run: ${candidates.skipped.get(id)}.`);
  return { combinations: candidates.generated.filter((c) => wanted.has(c.id)), warnings };
}

/**
 * The combinations to run for `request`, given the load cases present in the model.
 * Without `present` every case counts as present, which yields each standard's full table.
 */
export function generateCombinations(request: CombinationsRequest, present: Iterable<LoadCase> = LOAD_CASES): CombinationSet {
  const issues = requestIssues(request);
  if (issues.length > 0) throw Problem.invalid(issues, 'The combinations object is not valid.');

  const presentSet = new Set(present);
  const header: CombinationsHeader = { standard: request.standard, occupancy: request.occupancy ?? DEFAULT_OCCUPANCY };
  if (request.standard === 'BSL-Japan') header.snowZone = request.snowZone ?? DEFAULT_SNOW_ZONE;

  const candidates =
    request.standard === 'custom' ? fromCustom(request.custom ?? []) : fromTable(TABLES[request.standard], request, presentSet);

  const warnings: string[] = [];
  if (request.standard === 'BSL-Japan') {
    const ignored = (['R', 'T'] as const).filter((c) => presentSet.has(c));
    if (ignored.length > 0) {
      warnings.push(
        `BSL-Japan combinations have no ${ignored.join(' or ')} term (factor 0); ` + 'use custom combinations to combine those loads.',
      );
    }
  }
  if (request.include === undefined) return { ...header, combinations: candidates.generated, warnings };
  const included = applyInclude(candidates, request.include, request.standard);
  return { ...header, combinations: included.combinations, warnings: [...warnings, ...included.warnings] };
}

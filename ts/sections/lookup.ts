/**
 * One section by designation, as the HTTP route and the MCP tool ask for it: the standard read in any case,
 * and a miss worded with its did-you-mean (decisions.md 8). Transport-free: callers say where their arguments sit (`query.standard` or `standard`).
 */
import { Problem, type ProblemIssue } from '../problem/index.js';
import { DEFAULT_LIST_LIMIT, SectionLibrary, SORTS, type ListFilter, type LookupResult, type Sort } from './library.js';
import { boundsOf, type PropertyFilterName } from './filters.js';
import { STANDARD_IDS, type StandardId } from './types.js';

/** Longest designation looked up, in characters: the longest published one is 26, and a search costs per character. */
export const MAX_DESIGNATION = 64;

/** `No section named "X". Did you mean "A", "B" or "C"?` (decisions.md 8). */
export function notFoundDetail(name: string, suggestions: readonly string[]): string {
  const quoted = suggestions.map((s) => `"${s}"`);
  const last = quoted.pop();
  const options = quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last;
  return `No section named "${name}".` + (options === undefined ? '' : ` Did you mean ${options}?`);
}

/** The standard id of a value given in any case; an unknown one is an issue at `path`. */
export function standardOf(value: string | undefined, path: string, issues: ProblemIssue[]): StandardId | undefined {
  if (value === undefined) return undefined;
  const id = SectionLibrary.standardId(value);
  if (id === undefined) issues.push({ path, message: `must be one of ${STANDARD_IDS.join(', ')} (any case)` });
  return id;
}

/**
 * The section named `name` (optionally in one standard), or Problem 404 `not_found` naming up to three
 * nearest designations. Callers bound the name first (MAX_DESIGNATION, through their schema).
 */
export function findSection(library: SectionLibrary, name: string, standard: StandardId | undefined): LookupResult {
  const found = library.lookup(name, standard);
  if (found === undefined) throw new Problem('not_found', notFoundDetail(name, library.suggest(name, standard)));
  return found;
}

/** A list query's values as a caller gave them; the caller's schema has checked their types (or reported them). */
export interface ListQuery extends Partial<Record<PropertyFilterName, unknown>> {
  standard?: unknown;
  type?: unknown;
  q?: unknown;
  limit?: unknown;
  sort?: unknown;
  units?: unknown;
}

/**
 * The list filter of a query, its property bounds in SI: the standard and the type must be ones the library knows, each refusal an issue
 * at `at(field)` (`query.type` for the route, `type` for the tool). Values of the wrong type are left to the
 * caller's schema, which has reported them in the same `issues`.
 */
export function listFilter(library: SectionLibrary, query: ListQuery, at: (field: string) => string, issues: ProblemIssue[]): ListFilter {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const standard = standardOf(text(query.standard), at('standard'), issues);
  const type = text(query.type);
  if (type !== undefined && !library.hasType(type)) {
    issues.push({ path: at('type'), message: `unknown section type; one of ${library.typeNames().join(', ')}` });
  }
  const q = text(query.q);
  const limit = typeof query.limit === 'number' ? query.limit : DEFAULT_LIST_LIMIT;
  const sort = SORTS.find((s) => s === query.sort) as Sort | undefined;
  const bounds = boundsOf(query, query.units === 'imperial' ? 'imperial' : 'SI');
  return { standard, type, q: q === '' ? undefined : q, bounds, limit, sort };
}

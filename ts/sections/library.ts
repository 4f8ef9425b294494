/**
 * The section library: every record loaded once, with the indexes the endpoints and the solvers need
 * (by standard, by type, by exact and by normalised designation) and each record's JSON text made once,
 * so that a request filters index lists and joins ready-made text instead of re-serialising records.
 */
import { withinBounds, type Bound } from './filters.js';
import { editDistance, normaliseDesignation } from './normalise.js';
import { toRecord } from './record.js';
import { COVERAGE_NOTE, STANDARDS } from './standards.js';
import { STANDARD_IDS, type SectionFile, type SectionRecord, type SectionRow, type StandardId } from './types.js';

export interface Section {
  row: SectionRow;
  record: SectionRecord;
  /** `JSON.stringify(record)`, made once. */
  json: string;
  /** The normalised designation (case and spaces ignored). */
  key: string;
  /** Place in each order but the library's. */
  rank: Record<Exclude<Sort, 'library'>, number>;
}

/**
 * Orders of a search (issue 15): `natural` (the default) by standard, then type in the standard's family
 * order, then designation with its numbers read as numbers, which is nominal depth then mass for every
 * family's naming (W14X22 before W14X90 before W14X730, IPE80 before IPE100); `mass` lightest first within
 * the standards order; `library` the data files' order.
 */
export const SORTS = ['natural', 'mass', 'library'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListFilter {
  standard?: StandardId | undefined;
  sort?: Sort | undefined;
  /** Matched ignoring case. */
  type?: string | undefined;
  /** Substring of the designation, ignoring case and spaces. */
  q?: string | undefined;
  /** Property bounds in SI (filters.ts); every one must hold. */
  bounds?: readonly Bound[] | undefined;
  limit: number;
}

export interface ListResult {
  /** Matches before `limit`. */
  total: number;
  sections: Section[];
}

export interface LookupResult {
  section: Section;
  /** Other standards holding the same designation when no `standard` was given (decisions.md 8). */
  alsoIn: StandardId[];
}

export interface StandardsListing {
  total: number;
  coverage: string;
  standards: {
    id: StandardId;
    name: string;
    edition: string;
    axes: string;
    types: { type: string; count: number; description: string; edition?: string }[];
    count: number;
  }[];
}

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 500;
export const MAX_SUGGESTIONS = 3;

/**
 * How many edits a suggestion may be from the name: a third of the name's length (at least 3), so a short
 * typo still finds its section while a name that shares little with every designation gets no guess.
 */
export function suggestionReach(length: number): number {
  return Math.max(3, Math.ceil(length / 3));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

export class SectionLibrary {
  /** All sections, in the standards order of decisions.md 8 and then the data files' order. */
  readonly sections: readonly Section[];
  readonly listing: StandardsListing;
  private readonly byStandard = new Map<StandardId, Section[]>();
  private readonly byType = new Map<string, Section[]>();
  private readonly byName = new Map<string, Section[]>();
  private readonly byKey = new Map<string, Section[]>();
  /** Sections by the length of their normalised designation, each with its library position. */
  private readonly byLength: { section: Section; index: number }[][] = [];

  constructor(files: readonly SectionFile[]) {
    const fileOf = new Map(files.map((f) => [f.standard, f]));
    const sections: Section[] = [];
    for (const id of STANDARD_IDS) {
      const file = fileOf.get(id);
      if (file === undefined) continue;
      for (const row of file.sections) {
        if (row.standard !== id) throw new Error(`${row.designation}: standard ${row.standard} in the ${id} file`);
        const edition = file.sources[row.source]?.edition ?? STANDARDS[id].edition;
        const record = toRecord(row, edition);
        const rank = { natural: 0, mass: 0 };
        const section: Section = { row, record, json: JSON.stringify(record), key: normaliseDesignation(row.designation), rank };
        sections.push(section);
        push(this.byStandard, id, section);
        push(this.byType, row.type.toLowerCase(), section);
        push(this.byName, row.designation, section);
        push(this.byKey, section.key, section);
        // AISC's metric name (W360X134) finds its shape (W14X90)
        if (row.metric !== undefined) push(this.byKey, normaliseDesignation(row.metric), section);
        (this.byLength[section.key.length] ??= []).push({ section, index: sections.length - 1 });
      }
    }
    this.sections = sections;
    this.listing = this.buildListing();
    rankSections(sections);
  }

  /** The standard id for a case-insensitive name (`as4100`, `Aisc`), or undefined. */
  static standardId(value: string): StandardId | undefined {
    const upper = value.trim().toUpperCase();
    return STANDARD_IDS.find((id) => id === upper);
  }

  /** Whether any standard has this type (ignoring case). */
  hasType(type: string): boolean {
    return this.byType.has(type.toLowerCase());
  }

  /** The type names present, in library order, for error messages. */
  typeNames(): string[] {
    return [...new Set(this.sections.map((s) => s.row.type))];
  }

  /** Filtered sections in library order; starts from the smallest index list instead of every record. */
  list(filter: ListFilter): ListResult {
    const candidates: (readonly Section[])[] = [];
    if (filter.standard !== undefined) candidates.push(this.byStandard.get(filter.standard) ?? []);
    if (filter.type !== undefined) candidates.push(this.byType.get(filter.type.toLowerCase()) ?? []);
    const base = candidates.reduce<readonly Section[]>((a, b) => (b.length < a.length ? b : a), this.sections);
    const type = filter.type?.toLowerCase();
    const q = filter.q === undefined ? '' : normaliseDesignation(filter.q);
    const bounds = filter.bounds ?? [];
    const matches = base.filter(
      (s) =>
        (filter.standard === undefined || s.row.standard === filter.standard) &&
        (type === undefined || s.row.type.toLowerCase() === type) &&
        (q === '' || s.key.includes(q)) &&
        (bounds.length === 0 || withinBounds(s.row, bounds)),
    );
    const sort = filter.sort ?? 'natural';
    if (sort !== 'library') matches.sort((a, b) => a.rank[sort] - b.rank[sort]);
    return { total: matches.length, sections: matches.slice(0, filter.limit) };
  }

  /**
   * Exact designation first, then ignoring case and spaces (decisions.md 8). Without `standard`, a
   * designation several standards share resolves to the first in standards order, and `alsoIn` names the rest.
   */
  lookup(name: string, standard?: StandardId): LookupResult | undefined {
    const inStandard = (list: Section[] | undefined) => (list ?? []).filter((s) => standard === undefined || s.row.standard === standard);
    let found = inStandard(this.byName.get(name));
    if (found.length === 0) found = inStandard(this.byKey.get(normaliseDesignation(name)));
    const [first, ...rest] = found;
    if (first === undefined) return undefined;
    return { section: first, alsoIn: [...new Set(rest.map((s) => s.row.standard))].filter((id) => id !== first.row.standard) };
  }

  /**
   * Up to three designations nearest to `name` by edit distance after normalising; ties keep library order.
   * Only designations within `suggestionReach` edits are considered, and only those whose length allows it:
   * the candidates are read from a by-length index, so a long or absurd name costs next to nothing.
   */
  suggest(name: string, standard?: StandardId, count = MAX_SUGGESTIONS): string[] {
    const key = normaliseDesignation(name);
    const reach = suggestionReach(key.length);
    const best: { distance: number; index: number; name: string }[] = [];
    const lengths = this.byLength;
    for (let length = Math.max(0, key.length - reach); length <= Math.min(lengths.length - 1, key.length + reach); length++) {
      for (const { section, index } of lengths[length] ?? []) {
        if (standard !== undefined && section.row.standard !== standard) continue;
        const limit = best.length < count ? reach : Math.min(reach, (best[best.length - 1]?.distance ?? reach) - 1);
        const distance = editDistance(key, section.key, limit);
        if (distance > limit) continue;
        if (best.some((b) => b.name === section.row.designation)) continue;
        // nearest first, then library order (lengths are visited out of library order)
        const at = best.findIndex((b) => b.distance > distance || (b.distance === distance && b.index > index));
        best.splice(at === -1 ? best.length : at, 0, { distance, index, name: section.row.designation });
        if (best.length > count) best.pop();
      }
    }
    return best.map((b) => b.name);
  }

  private buildListing(): StandardsListing {
    const standards = STANDARD_IDS.filter((id) => this.byStandard.has(id)).map((id) => {
      const info = STANDARDS[id];
      const inStandard = this.byStandard.get(id) ?? [];
      const types = info.types.map((t) => ({
        type: t.type,
        count: inStandard.filter((s) => s.row.type === t.type).length,
        description: t.description,
        ...(t.edition !== undefined && { edition: t.edition }),
      }));
      return { id, name: info.name, edition: info.edition, axes: info.axes, types, count: inStandard.length };
    });
    return { total: this.sections.length, coverage: COVERAGE_NOTE, standards };
  }
}

const designations = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Each section's place in the natural and the mass order (standards order first in both). */
function rankSections(sections: readonly Section[]): void {
  const standard = (s: Section) => STANDARD_IDS.indexOf(s.row.standard);
  const family = (s: Section) => STANDARDS[s.row.standard].types.findIndex((t) => t.type === s.row.type);
  const natural = (a: Section, b: Section) =>
    standard(a) - standard(b) ||
    family(a) - family(b) ||
    designations.compare(a.row.designation, b.row.designation) ||
    a.row.mass - b.row.mass;
  const mass = (a: Section, b: Section) => standard(a) - standard(b) || a.row.mass - b.row.mass || natural(a, b);
  [...sections].sort(natural).forEach((s, i) => (s.rank.natural = i));
  [...sections].sort(mass).forEach((s, i) => (s.rank.mass = i));
}

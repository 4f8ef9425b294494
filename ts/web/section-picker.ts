/**
 * The section picker of the span and material tables (decisions.md 20): the designations matching what the
 * user has typed so far (search as you type, offered through the field's datalist), and, once the text names
 * a section, that section's A and I written into the row in the page's units, so the model the page solves
 * and links to uses the section picked and not the numbers of the previous one. Pure: no DOM.
 */
import { resolveSection, sectionI, type Axis, type SectionLibrary } from '../sections/index.js';
import { fromSI, type UnitSystem } from '../units/index.js';
import type { Row } from './columns.js';

/** Designations offered at once: enough to choose from, few enough to lay out on every keystroke. */
export const PICKER_OPTIONS = 20;

/** The designations whose normalised name contains the text, lightest first (an empty text offers none). */
export function sectionOptions(library: SectionLibrary, text: string, limit = PICKER_OPTIONS): string[] {
  const q = text.trim();
  if (q === '') return [];
  return library.list({ q: q.slice(0, 64), sort: 'mass', limit }).sections.map((s) => s.row.designation);
}

/** Which of A and I a row of this collection carries: a beam span I, a truss material A, a frame material both. */
export type SectionFields = readonly ('A' | 'I')[];

/** Fifteen figures, the data files' own: exact SI values, and imperial ones without binary noise (999 in4, not 999.0000000000001). */
const shown = (x: number) => Number(x.toPrecision(15));

/**
 * The row with its A and I replaced by the named section's (in `units`), or undefined when the text names no
 * section (the user is still typing): the row is then left as it is.
 */
export function withSection(library: SectionLibrary, row: Row, fields: SectionFields, units: UnitSystem): Row | undefined {
  const name = typeof row.section === 'string' ? row.section : '';
  const section = name.trim() === '' ? undefined : resolveSection(library, name.trim());
  if (section === undefined) return undefined;
  const axis = row.axis === 'minor' ? 'minor' : ('major' as Axis);
  const next: Row = { ...row };
  if (fields.includes('A')) next.A = shown(fromSI('area', section.A_mm2, units));
  if (fields.includes('I')) next.I = shown(fromSI('inertia', sectionI(section, axis), units));
  return next;
}

/**
 * The report's tables: the model's collections as read-only tables with their units, the loads grouped by case,
 * the combinations used, and the results tables of the page (results.ts) without the page's ids and pointers
 * (the report holds many tables; each table of the page is there once). Pure: HTML text out.
 */
import { LOAD_CASES, type LoadCase } from '../../combinations/types.js';
import { escapeXml } from '../../svg/escape.js';
import type { UnitSystem } from '../../units/index.js';
import { applies, quantityOf, rowsOf, unitLabel, type CollectionSpec, type Column, type Model, type Row } from '../columns.js';
import { fieldText } from '../editor.js';
import { get, type Json } from '../pointer.js';
import type { Table } from '../results.js';

type Plain = { [key: string]: unknown };

const CASE_NAMES: Record<LoadCase, string> = {
  G: 'dead',
  Q: 'live',
  Qr: 'roof live',
  W: 'wind',
  E: 'earthquake',
  S: 'snow',
  R: 'rain',
  T: 'thermal',
};

/** A load's case: absent means G (decisions.md, the request schemas). */
const caseOf = (row: Row): string => (typeof row.case === 'string' ? row.case : 'G');

function html(caption: string, head: string[], rows: string[][], numeric: boolean[] = []): string {
  const th = head.map((h) => `<th scope="col">${escapeXml(h)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${r.map((c, i) => `<td${numeric[i] ? ' class="num"' : ''}>${escapeXml(c)}</td>`).join('')}</tr>`)
    .join('');
  return `<table class="report-table"><caption>${escapeXml(caption)}</caption><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A column's heading with its unit when every row listed has the same one; else each cell carries its own. */
function heading(column: Column, rows: Row[], units: UnitSystem): { text: string; unitInCells: boolean } {
  const found = new Set(rows.filter((r) => applies(column, r)).map((r) => quantityOf(column, r)));
  const [only] = [...found];
  if (found.size === 1)
    return { text: only === undefined ? column.label : `${column.label} (${unitLabel(only, units)})`, unitInCells: false };
  return { text: column.label, unitInCells: true };
}

/** Rows `indexed` (each with its number in the model's table) of a collection, less the columns `without`. */
function collectionTable(
  spec: CollectionSpec,
  caption: string,
  indexed: { row: Row; index: number }[],
  units: UnitSystem,
  without: readonly string[] = [],
): string {
  const rows = indexed.map((r) => r.row);
  const columns = spec.columns.filter((c) => !without.includes(c.field) && rows.some((r) => applies(c, r)));
  const heads = columns.map((c) => heading(c, rows, units));
  const head = ['#', ...(spec.variant ? [spec.variant.label] : []), ...heads.map((h) => h.text)];
  const body = indexed.map(({ row, index }) => [
    String(index + 1),
    ...(spec.variant ? [spec.variant.of(row)] : []),
    ...columns.map((c, k) => {
      if (!applies(c, row)) return '';
      if (c.input === 'checkbox') return get(row, `/${c.field}`) === true ? 'yes' : 'no';
      const text = fieldText(get(row, `/${c.field}`));
      if (text === '') return c.optional ? '—' : '';
      const quantity = quantityOf(c, row);
      return heads[k]!.unitInCells && quantity !== undefined ? `${text} ${unitLabel(quantity, units)}` : text;
    }),
  ]);
  const numeric = [true, ...(spec.variant ? [false] : []), ...columns.map((c) => c.input === 'number' || c.input === 'integer')];
  return html(caption, head, body, numeric);
}

/** The collections that hold loads (those with a load case). */
export function loadCollections(specs: readonly CollectionSpec[]): CollectionSpec[] {
  return specs.filter((s) => s.columns.some((c) => c.field === 'case'));
}

/** Every collection of the model that is neither loads nor combinations, as a table (an empty one left out). */
export function modelTables(specs: readonly CollectionSpec[], model: Model, units: UnitSystem): string {
  const loads = loadCollections(specs);
  return specs
    .filter((s) => s.name !== 'combinations' && !loads.includes(s))
    .map((s) => {
      const rows = rowsOf(model, s).map((row, index) => ({ row, index }));
      return rows.length === 0 ? '' : collectionTable(s, s.title, rows, units);
    })
    .join('');
}

/** The loads by case, in the standard order of the cases: a heading per case, then its loads of each kind. */
export function loadsByCase(specs: readonly CollectionSpec[], model: Model, units: UnitSystem): string {
  const parts: string[] = [];
  for (const loadCase of LOAD_CASES) {
    const tables = loadCollections(specs).map((s) => {
      const rows = rowsOf(model, s)
        .map((row, index) => ({ row, index }))
        .filter(({ row }) => caseOf(row) === loadCase);
      return rows.length === 0 ? '' : collectionTable(s, s.title, rows, units, ['case']);
    });
    if (tables.some((t) => t !== ''))
      parts.push(`<section class="load-case"><h3>Case ${loadCase}: ${CASE_NAMES[loadCase]}</h3>${tables.join('')}</section>`);
  }
  return parts.length === 0 ? '<p>The model has no loads.</p>' : parts.join('');
}

/** `1.2 G + 1.5 Q`: a combination's factors, the cases it leaves out (factor 0) not written. */
export function factorsText(factors: Plain): string {
  const terms = LOAD_CASES.filter((c) => typeof factors[c] === 'number' && factors[c] !== 0).map((c) => `${String(factors[c])} ${c}`);
  return terms.join(' + ').replaceAll('+ -', '− ') || 'no load';
}

/** The combinations the response enveloped, and the settings that chose them. */
export function combinationsUsed(model: Model, response: Plain): string {
  const envelope = response.envelope as { combinations?: Plain[] } | undefined;
  const settings = model.combinations as Plain | undefined;
  if (envelope?.combinations === undefined || settings === undefined)
    return '<p>The model has no load combinations: every result is of the unfactored loads (each case at factor 1).</p>';
  const chosen = ['standard', 'occupancy', 'snowZone', 'include', 'pattern']
    .filter((k) => settings[k] !== undefined)
    .map((k) => `${k} ${fieldText(settings[k] as Json)}`)
    .join(', ');
  const rows = envelope.combinations.map((c) => [String(c.id), String(c.name), String(c.kind), factorsText((c.factors ?? {}) as Plain)]);
  return `<p>Combinations: ${escapeXml(chosen)}.</p>${html('Load combinations', ['Id', 'Name', 'Limit state', 'Factored loads'], rows)}`;
}

/** A results table of the page (results.ts) for the report: the shown text of each cell, numbers aligned. */
export function resultsTable(table: Table): string {
  const numeric = table.rows[0]?.map((c) => c.path !== undefined) ?? [];
  return html(
    table.caption,
    table.head,
    table.rows.map((r) => r.map((c) => c.text)),
    numeric,
  );
}

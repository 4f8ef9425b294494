/**
 * A frame's `analysis` on the page (decisions.md 18 and 19): its two fields above the results, and the critical
 * load factors as a table, the unfactored loads' first and then each ULS combination's. Pure: HTML text out.
 */
import { escapeXml } from '../svg/escape.js';
import { type Column, type Model } from './columns.js';
import { fieldHtml } from './editor.js';
import { get, pointer } from './pointer.js';
import { formatValue, type Cell, type Table } from './results.js';

export const ANALYSIS_FIELDS: Column[] = [
  { field: 'order', label: 'Analysis order', input: 'select', options: ['first', 'second'], optional: true },
  { field: 'buckling', label: 'Critical load factors (0 to 5)', input: 'integer', optional: true },
];

/** The `analysis` fields as the editor's own section, named by their pointers like every field. */
export function analysisHtml(model: Model): string {
  const fields = ANALYSIS_FIELDS.map((column) => {
    const at = pointer(['analysis', column.field]);
    return `<label class="field"><span>${escapeXml(column.label)}</span>${fieldHtml(column, at, get(model, at), column.label)}</label>`;
  });
  // without `analysis` the section is left out of the printed report, as an empty table is
  const empty = model.analysis === undefined ? ' empty' : '';
  return `<section class="collection${empty}" data-collection="analysis" aria-label="Analysis"><h3>Analysis</h3><div class="fields">${fields.join('')}</div></section>`;
}

type Plain = { [key: string]: unknown };

/** The factors of the response's `buckling[]` and of each combination's, one row per mode; undefined when none were asked for. */
export function bucklingTable(response: Plain): Table | undefined {
  if (!Array.isArray(response.buckling)) return undefined;
  const rows: Cell[][] = [];
  const add = (loads: string, modes: unknown, at: (string | number)[]) => {
    if (!Array.isArray(modes)) return;
    if (modes.length === 0) rows.push([{ text: loads }, { text: '—' }, { text: 'nothing in compression' }]);
    (modes as Plain[]).forEach((mode, i) => {
      const factor = mode.factor as number;
      rows.push([
        { text: loads },
        { text: String(i + 1) },
        { text: formatValue(factor), path: pointer([...at, i, 'factor']), value: factor },
      ]);
    });
  };
  add('unfactored', response.buckling, ['buckling']);
  const combinations = ((response.envelope as Plain | undefined)?.combinations ?? []) as Plain[];
  combinations.forEach((c, k) => add(String(c.name ?? c.id), c.buckling, ['envelope', 'combinations', k, 'buckling']));
  const analysis = (response.meta as Plain | undefined)?.analysis as Plain | undefined;
  const iterations = Number(analysis?.iterations);
  const order = analysis?.order === 'second' ? `; second order, ${iterations} iteration${iterations === 1 ? '' : 's'}` : '';
  return { id: 'buckling', caption: `Elastic critical load factors${order}`, head: ['Loads', 'Mode', 'Factor'], rows };
}

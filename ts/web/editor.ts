/**
 * The model's tables as HTML, and a field's text back as the value the request holds. Each field's `name`
 * is its JSON pointer in the request (in the units on screen); each row is `tr[data-row=<pointer>]` with a
 * remove button, each section `section[data-collection]` with an add button (the page's contract with its
 * browser tests). Pure: HTML text out, so the mapping is tested without a browser.
 */
import type { UnitSystem } from '../units/index.js';
import { escapeXml } from '../svg/escape.js';
import { applies, quantityOf, rowsOf, unitLabel, type CollectionSpec, type Column, type Model, type Row } from './columns.js';
import { COMBINATION_FIELDS } from './combinations.js';
import { get, pointer, type Json } from './pointer.js';

/** The datalist every section field offers its matches from (index.html). */
export const SECTION_OPTIONS_ID = 'section-options';

/** A decimal number as people type it (no hex, no `Infinity`); anything else is kept as text for the validator to name. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * The request's value for what a field holds: a number where the text is one, nothing for an empty optional
 * field (the default applies) or an empty required one (the validator says it is required), else the text.
 */
export function fieldValue(column: Pick<Column, 'input' | 'optional' | 'field'>, raw: string | boolean): Json | undefined {
  if (column.input === 'checkbox') return raw === true ? true : undefined;
  const text = String(raw).trim();
  if (text === '') return undefined;
  if (column.input === 'number' || column.input === 'integer') return DECIMAL.test(text) ? Number(text) : text;
  // lists typed as comma-separated words: combination ids, patterned cases
  if (column.field === 'include' || column.field === 'pattern') {
    const ids = text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return ids.length > 0 ? ids : undefined;
  }
  return text;
}

/** Significant figures a number field shows: 19.685 ft for 6 m, 29007.5 ksi for 200 GPa (the model keeps every digit). */
export const SHOWN_FIGURES = 6;

/**
 * What a number field shows for the request's value: rounded for reading in a narrow field. The model keeps the
 * value whole, and the field's text only replaces it when the user types in it.
 */
export function inputText(value: Json | undefined): string {
  return typeof value === 'number' ? String(Number(value.toPrecision(SHOWN_FIGURES))) : fieldText(value);
}

/** What a field shows for the request's value. */
export function fieldText(value: Json | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function attr(name: string, value: string): string {
  return ` ${name}="${escapeXml(value)}"`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The column heading: its label and, when every row has the same unit, the unit. */
function columnHeading(column: Column, rows: Row[], units: UnitSystem): string {
  const found = new Set(rows.filter((r) => applies(column, r)).map((r) => quantityOf(column, r)));
  const [only] = [...found];
  return found.size === 1 && only !== undefined ? `${column.label} (${unitLabel(only, units)})` : column.label;
}

/** One field: an input, a select or a checkbox, named by its pointer and labelled for a screen reader. */
export function fieldHtml(column: Column, at: string, value: Json | undefined, label: string): string {
  // autocomplete off: the browser then keeps no copy of the fields' state in its session history, which it
  // would otherwise write on every history.replaceState (tens of milliseconds for a 300-node truss)
  const common = `${attr('name', at)}${attr('aria-label', label)}${attr('id', `f${at}`)}${attr('data-input', column.input)} autocomplete="off"`;
  if (column.input === 'checkbox') return `<input type="checkbox"${common}${value === true ? ' checked' : ''}>`;
  if (column.input === 'select') {
    const current = fieldText(value);
    const options = [...(column.optional ? [''] : []), ...(column.options ?? [])];
    if (!options.includes(current)) options.push(current);
    const html = options.map(
      (o) => `<option${attr('value', o)}${o === current ? ' selected' : ''}>${escapeXml(o === '' ? '(default)' : o)}</option>`,
    );
    return `<select${common}>${html.join('')}</select>`;
  }
  const numeric = column.input === 'number' || column.input === 'integer';
  // a section field searches the library as the user types (page.ts fills the list)
  const picker = column.field === 'section' ? attr('list', SECTION_OPTIONS_ID) : '';
  const mode = column.input === 'integer' ? 'numeric' : 'decimal';
  const text = numeric ? inputText(value) : fieldText(value);
  return `<input type="text"${common}${picker}${numeric ? attr('inputmode', mode) + attr('class', column.input === 'integer' ? 'num int' : 'num') : ''}${attr('value', text)} spellcheck="false">`;
}

/** A collection as a section holding its table (variant column first), with add and remove buttons. */
export function collectionHtml(spec: CollectionSpec, model: Model, units: UnitSystem): string {
  const rows = rowsOf(model, spec);
  // a column no row has (a udl's position when every load is a udl) is left out
  const columns = rows.length === 0 ? spec.columns : spec.columns.filter((c) => rows.some((r) => applies(c, r)));
  const heads = [
    '<th scope="col">#</th>',
    ...(spec.variant ? [`<th scope="col">${escapeXml(spec.variant.label)}</th>`] : []),
    ...columns.map((c) => `<th scope="col">${escapeXml(columnHeading(c, rows, units))}</th>`),
    '<th scope="col"><span class="visually-hidden">Remove</span></th>',
  ];
  const body = rows.map((row, i) => {
    const rowAt = `${spec.path}/${i}`;
    const who = `${capital(spec.noun)} ${i + 1}`;
    const cells = [`<th scope="row">${i + 1}</th>`];
    if (spec.variant) {
      const { variant } = spec;
      const current = variant.of(row);
      const name = variant.field === undefined ? '' : attr('name', `${rowAt}/${variant.field}`);
      const options = variant.options.map((o) => `<option${attr('value', o)}${o === current ? ' selected' : ''}>${escapeXml(o)}</option>`);
      cells.push(
        `<td><select${name}${attr('data-variant', rowAt)}${attr('aria-label', `${who} ${variant.label.toLowerCase()}`)}>${options.join('')}</select></td>`,
      );
    }
    for (const column of columns) {
      if (!applies(column, row)) {
        cells.push('<td class="na"></td>');
        continue;
      }
      const at = `${rowAt}/${column.field}`;
      const quantity = quantityOf(column, row);
      const label = `${who} ${column.label.toLowerCase()}${quantity ? ` (${unitLabel(quantity, units)})` : ''}`;
      cells.push(`<td>${fieldHtml(column, at, get(row, `/${column.field}`), label)}</td>`);
    }
    cells.push(
      `<td><button type="button" class="remove"${attr('data-remove', rowAt)}${attr('aria-label', `Remove ${spec.noun} ${i + 1}`)}>×</button></td>`,
    );
    // the row's place in the table (the head is row 1), for a screen reader when far rows are not painted (rows.ts)
    return `<tr${attr('data-row', rowAt)} aria-rowindex="${i + 2}">${cells.join('')}</tr>`;
  });
  const header = spec.name === 'combinations' ? combinationFieldsHtml(model) : '';
  const table = `<table aria-rowcount="${rows.length + 1}"><thead><tr aria-rowindex="1">${heads.join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
  const add = `<button type="button" class="add"${attr('data-add', spec.name)}>Add ${escapeXml(spec.noun)}</button>`;
  // a collection with no rows (and no combinations standard) is left out of the printed report
  const empty = rows.length === 0 && !(spec.name === 'combinations' && model.combinations !== undefined);
  return `<section class="collection${empty ? ' empty' : ''}"${attr('data-collection', spec.name)}${attr('aria-label', spec.title)}><h3>${escapeXml(spec.title)}</h3>${header}<div class="scroll">${table}</div>${add}</section>`;
}

/** The fields of `combinations` above its custom table. */
function combinationFieldsHtml(model: Model): string {
  const fields = COMBINATION_FIELDS.map((column) => {
    const at = pointer(['combinations', ...column.field.split('/')]);
    return `<label class="field"><span>${escapeXml(column.label)}</span>${fieldHtml(column, at, get(model, at), column.label)}</label>`;
  });
  return `<div class="fields">${fields.join('')}</div>`;
}

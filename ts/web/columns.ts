/**
 * What the page's tables are made of: each collection of a request (spans, nodes, loads...) as columns,
 * each column a field of the row with its input, its quantity (for the unit label and for switching
 * units) and the rows it applies to. The request's meaning stays in ts/schema; this says how it is edited.
 */
import { quantities, type Quantity, type UnitSystem } from '../units/index.js';
import { get, type Json } from './pointer.js';

export type Row = { [key: string]: Json };
export type Model = { [key: string]: Json };
export type InputKind = 'number' | 'integer' | 'text' | 'select' | 'checkbox';

export interface Column {
  /** The field's pointer inside the row, without the leading slash: `length`, `settlement/x`. */
  field: string;
  label: string;
  input: InputKind;
  /** The quantity of the value (its unit), which may depend on the row (a load's magnitude is a force or a moment). */
  quantity?: Quantity | ((row: Row) => Quantity | undefined);
  options?: readonly string[];
  /** An optional field: an empty cell leaves it out (the request's default applies). */
  optional?: boolean;
  /** Whether rows of this shape have the field at all (a udl has no `position`). */
  applies?: (row: Row) => boolean;
}

/** Rows that come in shapes (a beam load's `type`, a truss load given by components or polar). */
export interface Variant {
  label: string;
  options: readonly string[];
  /** The request field that names the shape, if there is one. */
  field?: string;
  of(row: Row): string;
  /** The row in another shape, keeping the fields both have. */
  make(row: Row, option: string, fresh: Fresh, model: Model): Row;
}

/** A default value of a quantity, given in SI, in the model's units. */
export type Fresh = (quantity: Quantity, si: number) => number;

export interface CollectionSpec {
  /** `data-collection` and `data-add` of its section. */
  name: string;
  /** The array's pointer in the request. */
  path: string;
  title: string;
  /** One row, for labels: "Remove load 2". */
  noun: string;
  columns: Column[];
  variant?: Variant;
  /** A new row to append, in the model's units. */
  blank(model: Model, fresh: Fresh): Row;
}

export function quantityOf(column: Column, row: Row): Quantity | undefined {
  return typeof column.quantity === 'function' ? column.quantity(row) : column.quantity;
}

export function applies(column: Column, row: Row): boolean {
  return column.applies?.(row) ?? true;
}

export function unitLabel(quantity: Quantity, units: UnitSystem): string {
  return quantities[quantity][units === 'SI' ? 'si' : 'imperial'];
}

/** The rows of a collection in the model (none when the optional array is absent). */
export function rowsOf(model: Model, spec: CollectionSpec): Row[] {
  const rows = get(model, spec.path);
  return Array.isArray(rows) ? (rows.filter((r) => typeof r === 'object' && r !== null && !Array.isArray(r)) as Row[]) : [];
}

/** Significant figures kept when a value is converted to other units: far past any input's precision. */
export const CONVERTED_FIGURES = 10;

export function roundConverted(value: number): number {
  return Number(value.toPrecision(CONVERTED_FIGURES));
}

/** Fresh values for a model in `units`: SI defaults converted by the units table. */
export function freshIn(units: UnitSystem): Fresh {
  return (quantity, si) => (units === 'SI' ? si : roundConverted(si / quantities[quantity].siPerImperial));
}

/** The next free integer id of a collection's rows. */
export function nextId(rows: readonly Row[]): number {
  return rows.reduce((max, r) => (typeof r.id === 'number' && r.id > max ? r.id : max), 0) + 1;
}

/** The row with only the fields `keep` lists (those it has), plus `extra`. */
export function reshaped(row: Row, keep: readonly string[], extra: Row): Row {
  const out: Row = {};
  for (const key of keep) if (row[key] !== undefined) out[key] = row[key]!;
  return { ...extra, ...out };
}

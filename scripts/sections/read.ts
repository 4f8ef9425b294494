/**
 * Reading the raw tables: a small RFC 4180 CSV reader, JSON, and the exact unit scalings into the SI units of
 * the data files (mm, mm2, mm4, kg/m).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROPERTY_KEYS, type Properties, type PropertyKey } from '../../ts/sections/types.js';
import { KG_PER_M_PER_LB_PER_FT, MM2_PER_IN2, MM3_PER_IN3, MM4_PER_IN4, MM6_PER_IN6, MM_PER_IN } from '../../ts/units/constants.js';

export type Row = Record<string, string>;

/** Parses CSV text with a header row; quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): Row[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...body] = records.filter((r) => !(r.length === 1 && r[0] === ''));
  if (header === undefined) return [];
  return body.map((cells, n) => {
    if (cells.length !== header.length) {
      throw new Error(`CSV row ${n + 2} has ${cells.length} fields, the header has ${header.length}`);
    }
    return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
  });
}

export function readCsv(rawDir: string, path: string): Row[] {
  return parseCsv(readFileSync(join(rawDir, path), 'utf8').replace(/^\uFEFF/, ''));
}

export function readJson(rawDir: string, path: string): unknown {
  return JSON.parse(readFileSync(join(rawDir, path), 'utf8'));
}

/** A published number; blank or non-numeric cells are an error, because every kept field must be sourced. */
export function num(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new Error(`${what}: expected a number, found ${JSON.stringify(value)}`);
  return n;
}

/** The same, but a blank cell (the source's "not published") gives undefined. */
export function optionalNum(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return num(value, what);
}

/**
 * Rounds away binary noise from an exact decimal conversion (0.000758 m2 x 1e6 = 758.0000000000001).
 * Fifteen significant digits keep every product of a published value (at most 6 digits) and an exact
 * factor (25.4^4 = 416231.4256) while giving identical bytes on every run.
 */
export function clean(x: number): number {
  return Number(x.toPrecision(15));
}

/**
 * The published properties of a row: each entry names the source's column and its scaling into SI; a blank
 * cell is "not published" and leaves the property out. `what` prefixes any error with the row.
 */
export function properties(
  row: Record<string, unknown>,
  columns: Partial<Record<PropertyKey, readonly [column: string, scale: (x: number) => number]>>,
  what: string,
): Properties {
  const out: Properties = {};
  for (const key of PROPERTY_KEYS) {
    const spec = columns[key];
    if (spec === undefined) continue;
    const value = optionalNum(row[spec[0]], `${what} ${spec[0]}`);
    if (value !== undefined) out[key] = spec[1](value);
  }
  return out;
}

/** Exact scalings into the data files' units. */
export const toSi = {
  mmFromM: (m: number) => clean(m * 1e3),
  mm2FromM2: (a: number) => clean(a * 1e6),
  mm3FromM3: (z: number) => clean(z * 1e9),
  mm4FromM4: (i: number) => clean(i * 1e12),
  mm6FromM6: (w: number) => clean(w * 1e18),
  mmFromCm: (l: number) => clean(l * 10),
  mm2FromCm2: (a: number) => clean(a * 100),
  mm3FromCm3: (z: number) => clean(z * 1e3),
  mm4FromCm4: (i: number) => clean(i * 1e4),
  mm6FromCm6: (w: number) => clean(w * 1e6),
  mm6FromDm6: (w: number) => clean(w * 1e12),
  mm3From1e3Mm3: (z: number) => clean(z * 1e3),
  mm4From1e3Mm4: (i: number) => clean(i * 1e3),
  mm4From1e6Mm4: (i: number) => clean(i * 1e6),
  mm6From1e9Mm6: (w: number) => clean(w * 1e9),
  mmFromIn: (l: number) => clean(l * MM_PER_IN),
  mm2FromIn2: (a: number) => clean(a * MM2_PER_IN2),
  mm3FromIn3: (z: number) => clean(z * MM3_PER_IN3),
  mm4FromIn4: (i: number) => clean(i * MM4_PER_IN4),
  mm6FromIn6: (w: number) => clean(w * MM6_PER_IN6),
  kgPerMFromLbPerFt: (w: number) => clean(w * KG_PER_M_PER_LB_PER_FT),
  same: (x: number) => clean(x),
};

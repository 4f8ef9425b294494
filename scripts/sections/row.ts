/** Building the data files' rows and the checks every row must pass before it is written. */
import { toRecord } from '../../ts/sections/record.js';
import { PROPERTY_KEYS, type PropertyKey, type SectionRow, type StandardId } from '../../ts/sections/types.js';

export interface RowInput {
  designation: string;
  type: string;
  A: number;
  Ix: number;
  Iy: number;
  mass: number;
  /** The published properties in SI (mm3, mm, mm4, mm6), already in this service's letters (Z elastic, S plastic). */
  properties?: Partial<Record<PropertyKey, number | undefined>> | undefined;
  /** Properties derived by a formula the standard's own tables use, not published (docs/sections.md). */
  derived?: PropertyKey[] | undefined;
  d?: number | undefined;
  bf?: number | undefined;
  tf?: number | undefined;
  tw?: number | undefined;
  metric?: string | undefined;
  source: string;
}

/** A row with its keys in one fixed order (so the JSON bytes are stable) and unpublished dimensions omitted. */
export function makeRow(standard: StandardId, input: RowInput): SectionRow {
  const row: SectionRow = {
    designation: input.designation,
    standard,
    type: input.type,
    A: input.A,
    Ix: input.Ix,
    Iy: input.Iy,
    mass: input.mass,
    source: input.source,
  };
  for (const key of PROPERTY_KEYS) {
    const value = input.properties?.[key];
    if (value !== undefined) row[key] = value;
  }
  for (const key of ['d', 'bf', 'tf', 'tw'] as const) {
    const value = input[key];
    if (value !== undefined) row[key] = value;
  }
  if (input.derived !== undefined && input.derived.length > 0) row.derived = input.derived;
  if (input.metric !== undefined && input.metric !== input.designation) row.metric = input.metric;
  // Re-create in a fixed key order: designation, standard, type, A, Ix, Iy, mass, Zx, Zy, Sx, Sy, rx, ry, J, Cw,
  // d, bf, tf, tw, derived, metric, source.
  const { source, ...rest } = row;
  return { ...rest, source };
}

/** Steel density 7850 kg/m3: mass in kg/m per mm2 of area. */
export const KG_PER_M_PER_MM2 = 7850e-6;

/**
 * mass / (7850 kg/m3 x A): 1 for a section whose published mass is its area times the density.
 * `areaFactor` corrects sources whose mass is computed on a different area than the one they publish
 * (AISC HSS and Pipe: mass on the nominal wall, A on the design wall 0.93 t_nom).
 */
export function massRatio(row: Pick<SectionRow, 'A' | 'mass'>, areaFactor = 1): number {
  return row.mass / (KG_PER_M_PER_MM2 * row.A * areaFactor);
}

/** Throws when a row's numbers cannot be a real section: a transcription or unit slip shows up here. */
export function checkRow(row: SectionRow, areaFactor = 1, tolerance = 0.03): void {
  const where = `${row.standard} ${row.designation}`;
  for (const key of ['A', 'Ix', 'Iy', 'mass'] as const) {
    if (!(row[key] > 0)) throw new Error(`${where}: ${key} must be positive, found ${row[key]}`);
  }
  const ratio = massRatio(row, areaFactor);
  if (Math.abs(ratio - 1) > tolerance) {
    throw new Error(`${where}: mass ${row.mass} kg/m is not 7850 kg/m3 x A (${row.A} mm2) within ${tolerance * 100}%: ratio ${ratio}`);
  }
}

/**
 * Shapes symmetric about both axes, where the plastic modulus must exceed the elastic one about each
 * (the shape factor of any such section is above 1: about 1.1-1.2 for an I about its major axis, 1.27 for a tube).
 */
export const DOUBLY_SYMMETRIC = new Set([
  'W',
  'M',
  'S',
  'HP',
  'UB',
  'UC',
  'UBP',
  'TFB',
  'WB',
  'WC',
  'IPE',
  'HEA',
  'HEB',
  'HEM',
  'HD',
  'HL',
  'IPN',
  'H',
  'ISMB',
  'ISLB',
  'ISHB',
  'HSS-RECT',
  'HSS-SQUARE',
  'HSS-ROUND',
  'PIPE',
  'SHS',
  'RHS',
  'CHS',
]);

/**
 * r = sqrt(I/A) within the tables' rounding: half a unit in the last printed figure of r (twice: r is squared),
 * of I and of A, plus 1% for the sources that compute r from unrounded I and A (AISC's tees and pipes round I
 * to 3 figures after computing r). Rows a source prints further off are listed where they are built.
 */
export const RADIUS_BASE_TOLERANCE = 0.01;

/** The row's values as its source prints them: AISC's in inches (its SI is their exact conversion), others in SI. */
function printed(row: SectionRow, key: 'A' | 'Ix' | 'Iy' | PropertyKey): number {
  const value = row[key] as number;
  if (row.standard !== 'AISC') return value;
  const record = toRecord(row, '');
  return key === 'A' || key === 'Ix' || key === 'Iy' ? record.imperial[key] : (record.imperial[key] as number);
}

/** The largest |r^2 A / I - 1| the printed figures of a row allow (see RADIUS_BASE_TOLERANCE). */
export function radiusTolerance(row: SectionRow, r: 'rx' | 'ry', I: 'Ix' | 'Iy'): number {
  return (
    2 * printedRounding(printed(row, r)) + printedRounding(printed(row, I)) + printedRounding(printed(row, 'A')) + RADIUS_BASE_TOLERANCE
  );
}

/** Throws when a row's published properties contradict each other or its I and A. */
export function checkProperties(row: SectionRow, radiusAllowance = 0): void {
  const where = `${row.standard} ${row.designation}`;
  for (const key of PROPERTY_KEYS) {
    const value = row[key];
    if (value !== undefined && !(value > 0)) throw new Error(`${where}: ${key} must be positive, found ${value}`);
  }
  if (DOUBLY_SYMMETRIC.has(row.type)) {
    for (const [Z, S] of [
      ['Zx', 'Sx'],
      ['Zy', 'Sy'],
    ] as const) {
      const elastic = row[Z];
      const plastic = row[S];
      if (elastic !== undefined && plastic !== undefined && !(elastic < plastic)) {
        throw new Error(`${where}: elastic ${Z} ${elastic} is not below plastic ${S} ${plastic}`);
      }
    }
  }
  for (const [r, I] of [
    ['rx', 'Ix'],
    ['ry', 'Iy'],
  ] as const) {
    const radius = row[r];
    if (radius === undefined || row.derived?.includes(r)) continue;
    const ratio = radiusRatio(radius, row[I], row.A);
    const allowed = radiusTolerance(row, r, I) + radiusAllowance;
    if (Math.abs(ratio - 1) > allowed) throw new Error(`${where}: ${r}^2 A / ${I} is ${ratio}, more than ${allowed} from 1`);
  }
}

/** r^2 A / I: 1 when the published radius of gyration is sqrt(I/A). */
export function radiusRatio(r: number, I: number, A: number): number {
  return (r * r * A) / I;
}

/** A second source's values for the same designation (any of A, Ix, Iy and the properties it publishes), in SI. */
export type SecondOpinion = Partial<Record<'A' | 'Ix' | 'Iy' | PropertyKey, number>>;

/**
 * Half a unit in the last printed digit, relative: a second source that prints IPE80's elastic minor modulus
 * as 4 cm3 (one figure) can only be compared with the other's 3.691 to within 12.5%.
 */
export function printedRounding(value: number): number {
  const digits = String(Number(Math.abs(value).toPrecision(12))).replace(/e.*$/, '');
  const [whole = '', fraction = ''] = digits.split('.');
  const trailingZeros = fraction === '' ? (/0*$/.exec(whole)?.[0].length ?? 0) : 0;
  const unit = fraction === '' ? 10 ** trailingZeros : 10 ** -fraction.length;
  return (0.5 * unit) / Math.abs(value);
}

/**
 * Compares rows with a second source where it has the designation: the sources round differently, but a
 * swapped axis or a unit slip is far outside `tolerance`. Returns a line for the converter's summary.
 */
export function crossCheck(
  label: string,
  rows: readonly SectionRow[],
  other: ReadonlyMap<string, SecondOpinion>,
  tolerance: number,
  /** Wider tolerances for named properties, where the two sources are known to follow different conventions. */
  wider: SecondOpinion = {},
): string {
  let compared = 0;
  let worst = 0;
  const worstWider = new Map<string, number>();
  for (const row of rows) {
    const second = other.get(row.designation);
    if (second === undefined) continue;
    compared++;
    for (const key of ['A', 'Ix', 'Iy', ...PROPERTY_KEYS] as const) {
      const value = second[key];
      const mine = row[key];
      if (value === undefined || mine === undefined) continue;
      const difference = Math.abs(mine / value - 1);
      const allowed = wider[key] ?? tolerance + printedRounding(value);
      if (difference > allowed) {
        throw new Error(`${row.standard} ${row.designation}: ${key} ${row[key]} against ${value} in ${label}`);
      }
      if (key in wider) worstWider.set(key, Math.max(worstWider.get(key) ?? 0, difference));
      else worst = Math.max(worst, difference);
    }
  }
  if (compared === 0) throw new Error(`cross-check with ${label} compared no rows`);
  const widened = [...worstWider].map(([key, w]) => `, ${key} within ${(w * 100).toFixed(2)}%`).join('');
  return `${label}: ${compared} rows agree within ${(worst * 100).toFixed(2)}%${widened}`;
}

/** Building the data files' rows and the checks every row must pass before it is written. */
import type { SectionRow, StandardId } from '../../ts/sections/types.js';

export interface RowInput {
  designation: string;
  type: string;
  A: number;
  Ix: number;
  Iy: number;
  mass: number;
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
  for (const key of ['d', 'bf', 'tf', 'tw'] as const) {
    const value = input[key];
    if (value !== undefined) row[key] = value;
  }
  if (input.metric !== undefined && input.metric !== input.designation) row.metric = input.metric;
  // Re-create in a fixed key order: designation, standard, type, A, Ix, Iy, mass, d, bf, tf, tw, metric, source.
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

/** A second source's values for the same designation (any of A, Ix, Iy it publishes), in the data files' units. */
export type SecondOpinion = Partial<Pick<SectionRow, 'A' | 'Ix' | 'Iy'>>;

/**
 * Compares rows with a second source where it has the designation: the sources round differently, but a
 * swapped axis or a unit slip is far outside `tolerance`. Returns a line for the converter's summary.
 */
export function crossCheck(
  label: string,
  rows: readonly SectionRow[],
  other: ReadonlyMap<string, SecondOpinion>,
  tolerance: number,
): string {
  let compared = 0;
  let worst = 0;
  for (const row of rows) {
    const second = other.get(row.designation);
    if (second === undefined) continue;
    compared++;
    for (const key of ['A', 'Ix', 'Iy'] as const) {
      const value = second[key];
      if (value === undefined) continue;
      const difference = Math.abs(row[key] / value - 1);
      if (difference > tolerance) {
        throw new Error(`${row.standard} ${row.designation}: ${key} ${row[key]} against ${value} in ${label}`);
      }
      worst = Math.max(worst, difference);
    }
  }
  if (compared === 0) throw new Error(`cross-check with ${label} compared no rows`);
  return `${label}: ${compared} rows agree within ${(worst * 100).toFixed(2)}%`;
}

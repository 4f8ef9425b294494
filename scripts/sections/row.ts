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
  // Re-create in a fixed key order: designation, standard, type, A, Ix, Iy, mass, d, bf, tf, tw, source.
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

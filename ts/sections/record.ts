/** The record of decisions.md 8: the stored SI row plus its imperial block, converted with the one units table. */
import { KG_PER_M_PER_LB_PER_FT, MM2_PER_IN2, MM4_PER_IN4, MM_PER_IN } from '../units/constants.js';
import { DIMENSION_KEYS, type ImperialBlock, type SectionRecord, type SectionRow, type SiBlock } from './types.js';

/** Twelve significant digits: far inside the 1e-9 round trip, and 26.5 in2 reads 26.5, not 26.499999999999996. */
function present(x: number): number {
  return Number(x.toPrecision(12));
}

export function toRecord(row: SectionRow, edition: string): SectionRecord {
  const si: SiBlock = { A: row.A, Ix: row.Ix, Iy: row.Iy, mass: row.mass };
  const imperial: ImperialBlock = {
    A: present(row.A / MM2_PER_IN2),
    Ix: present(row.Ix / MM4_PER_IN4),
    Iy: present(row.Iy / MM4_PER_IN4),
    weight: present(row.mass / KG_PER_M_PER_LB_PER_FT),
  };
  for (const key of DIMENSION_KEYS) {
    const mm = row[key];
    if (mm === undefined) continue;
    si[key] = mm;
    imperial[key] = present(mm / MM_PER_IN);
  }
  return { name: row.designation, standard: row.standard, type: row.type, edition, si, imperial };
}

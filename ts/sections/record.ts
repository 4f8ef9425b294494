/** The record of decisions.md 8: the stored SI row plus its imperial block, converted with the one units table. */
import { KG_PER_M_PER_LB_PER_FT, MM2_PER_IN2, MM3_PER_IN3, MM4_PER_IN4, MM6_PER_IN6, MM_PER_IN } from '../units/constants.js';
import {
  DIMENSION_KEYS,
  PROPERTY_KEYS,
  PROPERTY_POWER,
  type ImperialBlock,
  type SectionRecord,
  type SectionRow,
  type SiBlock,
} from './types.js';

/** mm^n per in^n for each power a property has. */
const MM_N_PER_IN_N = { 1: MM_PER_IN, 3: MM3_PER_IN3, 4: MM4_PER_IN4, 6: MM6_PER_IN6 } as const;

/**
 * Significant digits a published value carries: its digits without leading and trailing zeros (a table's
 * 294000000 mm4 is 29400 cm4, three), at least 3 and at most 12. AISC rows are stored as the exact SI of
 * their published imperial values, so they carry up to 12 and come back as published (26.5 in2, 999 in4).
 */
export function publishedDigits(value: number): number {
  const digits = String(Number(value.toPrecision(12)))
    .replace(/e.*$/, '')
    .replace(/[-.]/g, '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.min(12, Math.max(3, digits.length));
}

/** The imperial value of a published SI value, to the precision the source gives it (8.34 in2, not 8.34056668113). */
function present(si: number, divisor: number): number {
  return Number((si / divisor).toPrecision(publishedDigits(si)));
}

export function toRecord(row: SectionRow, edition: string): SectionRecord {
  const si: SiBlock = { A: row.A, Ix: row.Ix, Iy: row.Iy, mass: row.mass };
  const imperial: ImperialBlock = {
    A: present(row.A, MM2_PER_IN2),
    Ix: present(row.Ix, MM4_PER_IN4),
    Iy: present(row.Iy, MM4_PER_IN4),
    weight: present(row.mass, KG_PER_M_PER_LB_PER_FT),
  };
  for (const key of PROPERTY_KEYS) {
    const value = row[key];
    if (value === undefined) continue;
    si[key] = value;
    imperial[key] = present(value, MM_N_PER_IN_N[PROPERTY_POWER[key]]);
  }
  for (const key of DIMENSION_KEYS) {
    const mm = row[key];
    if (mm === undefined) continue;
    si[key] = mm;
    imperial[key] = present(mm, MM_PER_IN);
  }
  const record: SectionRecord = { name: row.designation, standard: row.standard, type: row.type, edition, si, imperial };
  if (row.derived !== undefined && row.derived.length > 0) record.derived = [...row.derived];
  return record;
}

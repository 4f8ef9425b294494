/** The column layout of steelsnakes' Blue Book tables, shared by its EN (UPN), UK (UB, UC) and hollow-section files. */
import { num, properties, toSi } from './read.js';
import { makeRow } from './row.js';
import type { SectionRow, StandardId } from '../../ts/sections/types.js';

/** steelsnakes (Blue Book layout, EN and UK): cm units, I_w in dm6; y-y major. */
export const STEELSNAKES_COLUMNS = {
  Zx: ['W_el_yy', toSi.mm3FromCm3],
  Zy: ['W_el_zz', toSi.mm3FromCm3],
  Sx: ['W_pl_yy', toSi.mm3FromCm3],
  Sy: ['W_pl_zz', toSi.mm3FromCm3],
  rx: ['i_yy', toSi.mmFromCm],
  ry: ['i_zz', toSi.mmFromCm],
  J: ['I_t', toSi.mm4FromCm4],
  Cw: ['I_w', toSi.mm6FromDm6],
} as const;

/** A rolled section's row from a steelsnakes record in that layout (mm dimensions; cm2, cm4; I_yy major). */
export function steelsnakesRow(standard: StandardId, designation: string, type: string, r: Record<string, unknown>): SectionRow {
  const what = `${standard} ${designation}`;
  const mm = (key: string) => toSi.same(num(r[key], `${what} ${key}`));
  return makeRow(standard, {
    designation,
    type,
    A: toSi.mm2FromCm2(num(r.A, `${what} A`)),
    Ix: toSi.mm4FromCm4(num(r.I_yy, `${what} I_yy`)),
    Iy: toSi.mm4FromCm4(num(r.I_zz, `${what} I_zz`)),
    mass: mm('mass_per_metre'),
    properties: properties(r, STEELSNAKES_COLUMNS, what),
    d: mm('h'),
    bf: mm('b'),
    tf: mm('tf'),
    tw: mm('tw'),
    source: 'steelsnakes',
  });
}

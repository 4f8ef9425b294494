/**
 * EN 10210-2 hot-finished structural hollow sections (SHS, RHS, CHS) from steelsnakes' tables of the SCI Blue
 * Book (cm units; RHS y-y is the major axis). They join EN10365 as its hollow families, named as the Blue Book
 * heads them with the family first: `SHS 100x100x5.0`, `RHS 200x100x5.0`, `CHS 168.3x6.3`.
 */
// RHS rows have the UPN/UB columns but no I_w, so they carry no Cw (their W_t is the torsion modulus)
import { STEELSNAKES_COLUMNS } from './steelsnakes.js';
import { num, properties, readJson, toSi } from './read.js';
import { makeRow } from './row.js';
import type { SectionRow } from '../../ts/sections/types.js';

type Obj = Record<string, unknown>;

/** SHS and CHS print one I, i, W_el and W_pl for both axes; I_t is the torsion constant (W_t its modulus). */
const SQUARE_COLUMNS = {
  Zx: ['W_el', toSi.mm3FromCm3],
  Zy: ['W_el', toSi.mm3FromCm3],
  Sx: ['W_pl', toSi.mm3FromCm3],
  Sy: ['W_pl', toSi.mm3FromCm3],
  rx: ['i', toSi.mmFromCm],
  ry: ['i', toSi.mmFromCm],
  J: ['I_t', toSi.mm4FromCm4],
} as const;

export const EN10210_FILES = { SHS: 'HFSHS', RHS: 'HFRHS', CHS: 'HFCHS' } as const;

/** Every row of the three tables (none is marked `is_additional`: the converter refuses one that is). */
export function buildEn10210(rawDir: string): SectionRow[] {
  return (Object.keys(EN10210_FILES) as (keyof typeof EN10210_FILES)[]).flatMap((type) =>
    Object.values(readJson(rawDir, `EN10365/steelsnakes_UK_${EN10210_FILES[type]}.json`) as Record<string, Obj>).map((r) => {
      const name = `${type} ${String(r.designation)}`;
      const what = `EN10365 ${name}`;
      if (r.is_additional !== false) throw new Error(`${what}: a size outside the EN 10210-2 range`);
      const [Ix, Iy] = type === 'RHS' ? ['I_yy', 'I_zz'] : ['I', 'I'];
      return makeRow('EN10365', {
        designation: name,
        type,
        A: toSi.mm2FromCm2(num(r.A, `${what} A`)),
        Ix: toSi.mm4FromCm4(num(r[Ix], `${what} ${Ix}`)),
        Iy: toSi.mm4FromCm4(num(r[Iy], `${what} ${Iy}`)),
        mass: toSi.same(num(r.mass_per_metre, `${what} mass_per_metre`)),
        properties: properties(r, type === 'RHS' ? STEELSNAKES_COLUMNS : SQUARE_COLUMNS, what),
        source: 'steelsnakes-hollow',
      });
    }),
  );
}

/**
 * India's hollow sections, from Osdag's tables (the same SQL dump and commit as its IS 808 rows): square and
 * rectangular to IS 4923:1997, circular to IS 1161:2014 (India's structural-tube standard; IS 4923 covers only
 * the square and rectangular shapes). Osdag names the major axis z; cm units. Named as the tables print them,
 * without their padding: `SHS 100x100x5.0`, `RHS 172x92x4.8`, `CHS 168.3x4.8`.
 */
import { num, properties, readCsv, toSi, type Row } from './read.js';
import { makeRow } from './row.js';
import type { PropertyKey, SectionRow } from '../../ts/sections/types.js';

/** Zzz/Zyy elastic, Zpz/Zpy plastic, Rzz/Ryy radii (z major). No torsion constant is published. */
const TUBE_COLUMNS = {
  Zx: ['Zzz_cm3', toSi.mm3FromCm3],
  Zy: ['Zyy_cm3', toSi.mm3FromCm3],
  Sx: ['Zpz_cm3', toSi.mm3FromCm3],
  Sy: ['Zpy_cm3', toSi.mm3FromCm3],
  rx: ['Rzz_cm', toSi.mmFromCm],
  ry: ['Ryy_cm', toSi.mmFromCm],
} as const;

/** The CHS table prints one I, Z (elastic) and R; no plastic modulus. */
const CHS_COLUMNS = {
  Zx: ['Z_cm3', toSi.mm3FromCm3],
  Zy: ['Z_cm3', toSi.mm3FromCm3],
  rx: ['R_cm', toSi.mmFromCm],
  ry: ['R_cm', toSi.mmFromCm],
} as const;

/**
 * Cells the row's own numbers refute, each a one-character slip of the printed table: left out rather than
 * corrected by us, the record keeping every other published value. A radius against r = sqrt(I/A) of the
 * row's I and A; a CHS modulus against Z = 2I/OD. test/sections/published.test.ts holds the same list.
 */
export const IS_TUBE_MISPRINTS: Readonly<Record<string, readonly PropertyKey[]>> = {
  'SHS 38x38x3.2': ['rx', 'ry'], // r 2.4 cm printed, sqrt(8.18/4.19) = 1.40
  'RHS 96x48x4.0': ['rx'], // 3.55 printed, sqrt(117.54/10.47) = 3.35
  'RHS 122x61x3.6': ['ry'], // 2.35 printed, sqrt(78.83/12.32) = 2.53
  'CHS 101.6x4': ['Zx', 'Zy'], // Z 18.8 cm3 printed, 2 x 146.3 / 10.16 = 28.8
  'CHS 219.1x8': ['Zx', 'Zy'], // Z printed "270.I6", not a number
};

/**
 * Rows whose required A or I is misprinted are left out: CHS 76.1x2.9 prints A = 0.67 cm2 beside 5.24 kg/m
 * (7850 kg/m3 x 6.67 cm2 = 5.24); CHS 165.1x5.9 prints I = 970 cm4, where its own Z 113.4 cm3 and R 5.63 cm
 * give 936 (Z x OD/2, and R^2 A), as does pi/64 (165.1^4 - 153.3^4) mm4.
 */
export const IS_TUBE_LEFT_OUT = ['CHS 76.1x2.9', 'CHS 165.1x5.9'];

/**
 * One designation misprints a digit as a letter; its columns and its neighbours (113.5x113.5x4.5, 4.8, 5.4)
 * say 113.5. (The D and B columns drop the fraction of every such size, 113.0 for 113.5 and 88.0 for 88.9,
 * while Z = 2I/D uses the named size: the name wins, and the columns must agree with it to under 1 mm.)
 */
const NAME_MISPRINTS: Readonly<Record<string, string>> = { 'SHS 113.5xI13.5x6.0': 'SHS 113.5x113.5x6.0' };

/** " SHS 113.5  x 113.5  x  4.5" -> "SHS 113.5x113.5x4.5"; its sizes must be the D, B (or OD) and T columns to under 1 mm. */
export function isTubeName(r: Row, family: 'SHS' | 'RHS' | 'CHS'): string {
  const printed = `${family} ${(r.Designation ?? '')
    .trim()
    .replace(new RegExp(`^${family}\\s+`), '')
    .split(/\s*x\s*/)
    .join('x')}`;
  const name = NAME_MISPRINTS[printed] ?? printed;
  const sizes = name
    .slice(family.length + 1)
    .split('x')
    .map(Number);
  const columns = (family === 'CHS' ? [r.OD_mm, r.T_mm] : [r.D_mm, r.B_mm, r.T_mm]).map(Number);
  if (
    !(r.Designation ?? '').trim().startsWith(`${family} `) ||
    sizes.length !== columns.length ||
    sizes.some((s, i) => !(Math.abs(s - (columns[i] as number)) < 1))
  ) {
    throw new Error(`IS808 ${r.Designation}: its name does not match its size columns ${columns.join(', ')}`);
  }
  return name;
}

function tube(r: Row, family: 'SHS' | 'RHS' | 'CHS'): SectionRow {
  const name = isTubeName(r, family);
  const what = `IS808 ${name}`;
  const columns: Partial<Record<PropertyKey, readonly [string, (x: number) => number]>> = {
    ...(family === 'CHS' ? CHS_COLUMNS : TUBE_COLUMNS),
  };
  for (const key of IS_TUBE_MISPRINTS[name] ?? []) delete columns[key];
  const [Ix, Iy] = family === 'CHS' ? ['I_cm4', 'I_cm4'] : ['Izz_cm4', 'Iyy_cm4'];
  const row = makeRow('IS808', {
    designation: name,
    type: family,
    A: toSi.mm2FromCm2(num(r.A_cm2, `${what} A`)),
    Ix: toSi.mm4FromCm4(num(r[Ix], `${what} ${Ix}`)),
    Iy: toSi.mm4FromCm4(num(r[Iy], `${what} ${Iy}`)),
    mass: toSi.same(num(r.W_kg_per_m, `${what} W`)),
    properties: properties(r, columns, what),
    source: family === 'CHS' ? 'osdag-is1161' : 'osdag-is4923',
  });
  checkElasticModuli(row);
  return row;
}

/**
 * The elastic modulus of a tube is Z = 2I/D about each axis (D the outside size across that axis): the check
 * that found CHS 101.6x4's misprinted Z. The printed tables agree within 1.4% (SHS 75x75x3.2 prints 20.41 cm3
 * where 2 x 75.53 / 7.5 = 20.14), so a slip of a digit is far outside 2%.
 */
export const IS_TUBE_MODULUS_TOLERANCE = 0.02;

function checkElasticModuli(row: SectionRow): void {
  const [depth, width = depth] = row.designation
    .slice(4)
    .split('x')
    .map(Number)
    .slice(0, row.type === 'CHS' ? 1 : 2) as [number, number?];
  for (const [Z, I, D] of [
    ['Zx', row.Ix, depth],
    ['Zy', row.Iy, width],
  ] as const) {
    const printed = row[Z];
    if (printed === undefined) continue;
    const ratio = printed / ((2 * I) / D);
    if (Math.abs(ratio - 1) > IS_TUBE_MODULUS_TOLERANCE) {
      throw new Error(`IS808 ${row.designation}: ${Z} ${printed} is not 2I/D = ${(2 * I) / D} within 2%`);
    }
  }
}

export function buildIsTubes(rawDir: string): SectionRow[] {
  return (['SHS', 'RHS', 'CHS'] as const).flatMap((family) =>
    readCsv(rawDir, `IS808/osdag_Intg_osdag_${family}.csv`)
      .filter((r) => !IS_TUBE_LEFT_OUT.includes(isTubeName(r, family)))
      .map((r) => tube(r, family)),
  );
}

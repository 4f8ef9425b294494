/**
 * IS 808 sections. interface-spec.md names IS 808:1989 with Amendment 1. Osdag's current tables
 * (`IS808_Rev`, the source SOURCES.md recommends) follow a later revision: ISMB 300 is 46.02 kg/m there
 * against the 1989 value of 44.2 kg/m. So, size by size, a table with the 1989 values wins where one has the
 * size: pySteel for ISMB and ISMC, Osdag's 2017 `IS808_Old` set for ISLB and ISHB. Sizes only Osdag's current
 * tables have (ISMB 225/450/550, ISMC 75/175/225 and the heavier ISMC variants, every ISA) come from there and
 * carry that edition in their records. The hollow sections (IS 4923, IS 1161) are in is4923.ts.
 */
import type { Built } from './built.js';
import { buildIsTubes } from './is4923.js';
import { num, properties, readCsv, toSi, type Row } from './read.js';
import { makeRow, type RowInput } from './row.js';
import { IS_1161, IS_4923 } from '../../ts/sections/standards.js';
import type { SectionRow } from '../../ts/sections/types.js';

const REV_EDITION = 'IS 808 as revised (Osdag IS808_Rev tables; the revision is not stated)';

/**
 * Osdag's MC 175* lists 22.7 kg/m with A 27.3 cm2 (6% over 7850 x A, which would give 21.4 kg/m). The area
 * matches its dimensions (MC 175 plus 1.5 mm of web), so the mass is the slip, and the row is left out
 * rather than corrected by us.
 */
export const MASS_AREA_MISMATCH = ['ISMC 175 @ 22.7'];

/**
 * The 2017 table prints ISLB 500's flange as 4.1 mm, a dropped digit: with it the section's plates give
 * 2 x 180 x 4.1 + (500 - 8.2) x 9.2 = 6,000 mm2 against the 9,550 mm2 it publishes (14.1 mm, as in Osdag's
 * revised table, gives 9,416 plus the root fillets). The flange thickness is left out of that record.
 */
export const MISPRINTED_DIMENSIONS: Readonly<Record<string, 'tf'>> = { 'ISLB 500': 'tf' };

/** Osdag names the major axis z: Zz elastic, Zpz plastic, rz, It torsion, Iw warping (cm units). */
const OSDAG_COLUMNS = {
  Zx: ['Zz_cm3', toSi.mm3FromCm3],
  Zy: ['Zy_cm3', toSi.mm3FromCm3],
  Sx: ['Zpz_cm3', toSi.mm3FromCm3],
  Sy: ['Zpy_cm3', toSi.mm3FromCm3],
  rx: ['rz_cm', toSi.mmFromCm],
  ry: ['ry_cm', toSi.mmFromCm],
  J: ['It_cm4', toSi.mm4FromCm4],
  Cw: ['Iw_cm6', toSi.mm6FromCm6],
} as const;

/** pySteel's gantry tables give the elastic moduli and radii of gyration only (cm units). */
const PYSTEEL_COLUMNS = {
  Zx: ['Zxx', toSi.mm3FromCm3],
  Zy: ['Zyy', toSi.mm3FromCm3],
  rx: ['Rxx', toSi.mmFromCm],
  ry: ['Ryy', toSi.mmFromCm],
} as const;

/** "HB 150*" is one of the heavier variants of serial size 150; several share the mark, so the mass names them. */
function designation(prefix: string, sourceName: string, mass: number): string {
  const match = /^[A-Z]+ (\d+)(\*?)$/.exec(sourceName.trim());
  if (match === null) throw new Error(`IS808: unexpected designation ${sourceName}`);
  // Written to one decimal as the tables print them ("ISHB 200 @ 40.0").
  const kgPerM = Number.isInteger(mass * 10) ? mass.toFixed(1) : String(mass);
  return match[2] === '*' ? `${prefix} ${match[1]} @ ${kgPerM}` : `${prefix} ${match[1]}`;
}

/** Osdag's beam, column and channel tables: D, B, tw, T in mm, Area cm2, Iz (major) and Iy cm4. */
function fromOsdag(r: Row, type: string, source: string): SectionRow {
  const mass = num(r.Mass_kg_per_m, `IS808 ${r.Designation} mass`);
  const name = designation(type, r.Designation ?? '', mass);
  const what = `IS808 ${name}`;
  const mm = (key: string) => toSi.same(num(r[key], `${what} ${key}`));
  return makeRow('IS808', {
    designation: name,
    type,
    A: toSi.mm2FromCm2(num(r.Area_cm2, `${what} Area`)),
    Ix: toSi.mm4FromCm4(num(r.Iz_cm4, `${what} Iz`)),
    Iy: toSi.mm4FromCm4(num(r.Iy_cm4, `${what} Iy`)),
    mass: toSi.same(mass),
    properties: properties(r, OSDAG_COLUMNS, what),
    d: mm('D_mm'),
    bf: mm('B_mm'),
    tf: mm('T_mm'),
    tw: mm('tw_mm'),
    source,
  });
}

/** pySteel's gantry tables: Designation = depth (mm), W kg/m, A cm2, h b tf tw mm, Ixx Iyy cm4. */
function fromPySteel(r: Row, type: string): SectionRow {
  const name = `${type} ${num(r.Designation, `IS808 ${type} designation`)}`;
  const what = `IS808 ${name}`;
  const mm = (key: string) => toSi.same(num(r[key], `${what} ${key}`));
  const input: RowInput = {
    designation: name,
    type,
    A: toSi.mm2FromCm2(num(r.A, `${what} A`)),
    Ix: toSi.mm4FromCm4(num(r.Ixx, `${what} Ixx`)),
    Iy: toSi.mm4FromCm4(num(r.Iyy, `${what} Iyy`)),
    mass: mm('W'),
    properties: properties(r, PYSTEEL_COLUMNS, what),
    d: mm('h'),
    bf: mm('b'),
    tf: mm('tf'),
    tw: mm('tw'),
    source: 'pysteel',
  };
  return makeRow('IS808', input);
}

const serial = (row: SectionRow) => Number(/^\S+ (\d+)/.exec(row.designation)?.[1] ?? NaN);
const bySerialThenMass = (a: SectionRow, b: SectionRow) => serial(a) - serial(b) || a.mass - b.mass;

/** The edition-matching rows first; the current Osdag rows fill only the designations they lack. */
function merge(preferred: SectionRow[], fallback: SectionRow[]): SectionRow[] {
  const have = new Set(preferred.map((r) => r.designation));
  const lacking = fallback.filter((r) => !have.has(r.designation));
  return [...preferred, ...lacking].sort(bySerialThenMass);
}

export function buildIs808(rawDir: string): Built {
  const beams = readCsv(rawDir, 'IS808/osdag_Intg_osdag_Beams.csv');
  const channels = readCsv(rawDir, 'IS808/osdag_Intg_osdag_Channels.csv');
  const angles = readCsv(rawDir, 'IS808/osdag_Intg_osdag_Angles.csv');
  const old = readCsv(rawDir, 'IS808/osdag_2017_Intg_osdag_sqlite_IS808_Old.csv');
  const starts = (prefix: string) => (r: Row) => new RegExp(`^${prefix} \\d+\\*?$`).test(r.Designation ?? '');
  const rev = (r: Row) => r.Source === 'IS808_Rev';

  const ismb = merge(
    readCsv(rawDir, 'IS808/awoziji_pySteel_gantry_ISMB.csv').map((r) => fromPySteel(r, 'ISMB')),
    beams
      .filter(starts('MB'))
      .filter(rev)
      .map((r) => fromOsdag(r, 'ISMB', 'osdag-rev')),
  );
  const ismc = merge(
    readCsv(rawDir, 'IS808/awoziji_pySteel_gantry_ISMC.csv').map((r) => fromPySteel(r, 'ISMC')),
    channels
      .filter(starts('MC'))
      .filter(rev)
      .map((r) => fromOsdag(r, 'ISMC', 'osdag-rev'))
      .filter((r) => !MASS_AREA_MISMATCH.includes(r.designation)),
  );
  const islb = old
    .filter(starts('LB'))
    .map((r) => fromOsdag(r, 'ISLB', 'osdag-old'))
    .sort(bySerialThenMass);
  for (const row of islb)
    if (MISPRINTED_DIMENSIONS[row.designation] !== undefined) delete row[MISPRINTED_DIMENSIONS[row.designation] as 'tf'];
  const ishb = old
    .filter(starts('HB'))
    .map((r) => fromOsdag(r, 'ISHB', 'osdag-old'))
    .sort(bySerialThenMass);

  // Angles: Iz/Iy about the axes parallel to the legs (Iumax/Ivmin are the principal pair); a is the long leg.
  const isa = angles.filter(rev).map((r) => {
    const legs = /^(\d+)\s*x\s*(\d+)\s*x\s*(\d+(?:\.\d+)?)$/.exec(r.Designation ?? '');
    if (legs === null) throw new Error(`IS808 angle: unexpected designation ${r.Designation}`);
    const name = `ISA ${legs[1]}x${legs[2]}x${legs[3]}`;
    const what = `IS808 ${name}`;
    const Iz = toSi.mm4FromCm4(num(r.Iz_cm4, `${what} Iz`));
    const Iy = toSi.mm4FromCm4(num(r.Iy_cm4, `${what} Iy`));
    if (Iz < Iy) throw new Error(`${what}: expected Iz >= Iy`);
    return makeRow('IS808', {
      designation: name,
      type: 'ISA',
      A: toSi.mm2FromCm2(num(r.Area_cm2, `${what} Area`)),
      Ix: Iz,
      Iy,
      mass: toSi.same(num(r.Mass_kg_per_m, `${what} mass`)),
      properties: properties(r, OSDAG_COLUMNS, what),
      source: 'osdag-rev',
    });
  });

  const rows = [...ismb, ...islb, ...ishb, ...ismc, ...isa, ...buildIsTubes(rawDir)];
  return {
    standard: 'IS808',
    sources: {
      pysteel: {
        repository: 'awoziji/pySteel',
        commit: '3542444cac13119de783f498f61383db90c6d8e6',
        path: 'gantry/ISMB.csv, gantry/ISMC.csv',
        licence: 'MIT',
      },
      'osdag-old': {
        repository: 'osdag-admin/Osdag',
        commit: '2e866f71b62b710c893d601ea579d399ffe4c454',
        path: 'ResourceFiles/Database/Intg_osdag.sqlite (Source = IS808_Old)',
        licence: 'LGPL-3.0',
      },
      'osdag-rev': {
        repository: 'osdag-admin/Osdag',
        commit: '4662fc9b9f8d19fae450657e09ef5f06ccd5070a',
        path: 'src/osdag/data/ResourceFiles/Database/Intg_osdag.sql (Source = IS808_Rev)',
        licence: 'LGPL-3.0',
        edition: REV_EDITION,
      },
      'osdag-is4923': {
        repository: 'osdag-admin/Osdag',
        commit: '4662fc9b9f8d19fae450657e09ef5f06ccd5070a',
        path: 'src/osdag/data/ResourceFiles/Database/Intg_osdag.sql (tables SHS and RHS, Source = IS 4923:1997)',
        licence: 'LGPL-3.0',
        edition: IS_4923,
      },
      'osdag-is1161': {
        repository: 'osdag-admin/Osdag',
        commit: '4662fc9b9f8d19fae450657e09ef5f06ccd5070a',
        path: 'src/osdag/data/ResourceFiles/Database/Intg_osdag.sql (table CHS, Source = IS 1161:2014)',
        licence: 'LGPL-3.0',
        edition: IS_1161,
      },
    },
    entries: rows.map((row) => ({ row, areaFactor: 1 })),
    crossChecks: [],
  };
}

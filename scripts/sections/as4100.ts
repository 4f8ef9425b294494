/**
 * AS 4100 sections (AS/NZS 3679.1 hot-rolled, 3679.2 welded). skane88's steel_data sheets in SI base units
 * for every family except TFB, which only jcrutchy/fem3d's Liberty catalogue transcription has. Sizes the
 * sheet marks `current = no` are discontinued and left out.
 */
import { AS_NZS_1163 } from '../../ts/sections/standards.js';
import type { Built } from './built.js';
import { num, optionalNum, properties, readCsv, toSi, type Row } from './read.js';
import { crossCheck, makeRow, type SecondOpinion } from './row.js';

const I_SECTIONS = new Set(['UB', 'UC', 'UBP', 'WB', 'WC']);

/**
 * The sheets' letters are ours (z elastic, s plastic), in SI base units. The rhs sheet has the same columns but no
 * i_w (its `c` is the torsion modulus), so its tubes carry no Cw.
 */
const IS_COLUMNS = {
  Zx: ['z_x', toSi.mm3FromM3],
  Zy: ['z_y', toSi.mm3FromM3],
  Sx: ['s_x', toSi.mm3FromM3],
  Sy: ['s_y', toSi.mm3FromM3],
  rx: ['r_x', toSi.mmFromM],
  ry: ['r_y', toSi.mmFromM],
  J: ['j', toSi.mm4FromM4],
  Cw: ['i_w', toSi.mm6FromM6],
} as const;

/** About the leg axes n (Ix) and p (Iy), as the library gives angles; the sheet publishes no warping constant for them. */
const ANGLE_COLUMNS = {
  Sx: ['s_n', toSi.mm3FromM3],
  Sy: ['s_p', toSi.mm3FromM3],
  rx: ['r_n', toSi.mmFromM],
  ry: ['r_p', toSi.mmFromM],
  J: ['j', toSi.mm4FromM4],
} as const;

const TFB_COLUMNS = {
  Zx: ['Zx_1e3mm3', toSi.mm3From1e3Mm3],
  Zy: ['Zy_1e3mm3', toSi.mm3From1e3Mm3],
  Sx: ['Sx_1e3mm3', toSi.mm3From1e3Mm3],
  Sy: ['Sy_1e3mm3', toSi.mm3From1e3Mm3],
  rx: ['rx_mm', toSi.same],
  ry: ['ry_mm', toSi.same],
  J: ['J_1e3mm4', toSi.mm4From1e3Mm4],
  Cw: ['Iw_1e9mm6', toSi.mm6From1e9Mm6],
} as const;

/** The smaller of the two fibres' published elastic moduli (decisions.md 20), which is one of the table's cells. */
function smallerFibre(r: Row, columns: readonly string[], what: string): number | undefined {
  const values = columns.map((c) => optionalNum(r[c], `${what} ${c}`));
  if (values.some((v) => v === undefined)) return undefined;
  return toSi.mm3FromM3(Math.min(...(values as number[])));
}

function hazzi39(rawDir: string): Map<string, SecondOpinion> {
  return new Map(
    readCsv(rawDir, 'AS4100/hazzi39_design_actions_premium_Ix_Iy.csv').map((r) => [
      r.designation ?? '',
      { Ix: num(r.Ix_mm4, `hazzi39 ${r.designation} Ix`), Iy: num(r.Iy_mm4, `hazzi39 ${r.designation} Iy`) },
    ]),
  );
}

/** CHS: one i, z, s and r for every axis. */
const CHS_COLUMNS = {
  Zx: ['z', toSi.mm3FromM3],
  Zy: ['z', toSi.mm3FromM3],
  Sx: ['s', toSi.mm3FromM3],
  Sy: ['s', toSi.mm3FromM3],
  rx: ['r', toSi.mmFromM],
  ry: ['r', toSi.mmFromM],
  J: ['j', toSi.mm4FromM4],
} as const;

/**
 * AS/NZS 1163 SHS, RHS and CHS. A size the sheet lists twice, in its standard grade and again in a
 * non-standard one, has the same properties in both: the standard-grade row is kept, so one designation is
 * one section (the grade is the material's, not the section's).
 */
function hollow(rawDir: string) {
  const standardGrade = (r: Row) => r.current?.toLowerCase() === 'yes' && r.standard?.toLowerCase() === 'standard';
  const rhs = readCsv(rawDir, 'AS4100/skane88_steel_data_rhs.csv').filter(standardGrade);
  const chs = readCsv(rawDir, 'AS4100/skane88_steel_data_chs.csv').filter(standardGrade);
  const row = (r: Row, type: string, I: [string, string], columns: typeof IS_COLUMNS | typeof CHS_COLUMNS) => {
    const what = `AS4100 ${r.section}`;
    return makeRow('AS4100', {
      designation: r.section ?? '',
      type,
      A: toSi.mm2FromM2(num(r.a_g, `${what} a_g`)),
      Ix: toSi.mm4FromM4(num(r[I[0]], `${what} ${I[0]}`)),
      Iy: toSi.mm4FromM4(num(r[I[1]], `${what} ${I[1]}`)),
      mass: toSi.same(num(r.mass, `${what} mass`)),
      properties: properties(r, columns, what),
      source: 'skane88-hollow',
    });
  };
  return [
    ...rhs.filter((r) => r.designation === 'SHS').map((r) => row(r, 'SHS', ['i_x', 'i_y'], IS_COLUMNS)),
    ...rhs.filter((r) => r.designation === 'RHS').map((r) => row(r, 'RHS', ['i_x', 'i_y'], IS_COLUMNS)),
    ...chs.map((r) => row(r, 'CHS', ['i', 'i'], CHS_COLUMNS)),
  ];
}

export function buildAs4100(rawDir: string): Built {
  const current = (rows: Row[]) => rows.filter((r) => r.current?.toLowerCase() === 'yes');
  const flanged = [
    ...current(readCsv(rawDir, 'AS4100/skane88_steel_data_is.csv')),
    ...current(readCsv(rawDir, 'AS4100/skane88_steel_data_cs.csv')),
  ].map((r) => {
    const what = `AS4100 ${r.section}`;
    const type = r.designation ?? '';
    if (!I_SECTIONS.has(type) && type !== 'PFC') throw new Error(`${what}: unknown family ${type}`);
    const m = (key: string) => toSi.mmFromM(num(r[key], `${what} ${key}`));
    return makeRow('AS4100', {
      designation: r.section ?? '',
      type,
      A: toSi.mm2FromM2(num(r.a_g, `${what} a_g`)),
      Ix: toSi.mm4FromM4(num(r.i_x, `${what} i_x`)),
      Iy: toSi.mm4FromM4(num(r.i_y, `${what} i_y`)),
      mass: toSi.same(num(r.mass, `${what} mass`)),
      // a channel publishes z_y at each flange tip side (z_yl, z_yr); the smaller is its Zy
      properties: { ...properties(r, IS_COLUMNS, what), ...(type === 'PFC' ? { Zy: smallerFibre(r, ['z_yl', 'z_yr'], what) } : {}) },
      d: m('d'),
      bf: m('b_f'),
      tf: m('t_f'),
      tw: m('t_w'),
      source: 'skane88',
    });
  });

  // The sheet's i_x/i_y of an angle are principal; i_n/i_p are about the axes parallel to the legs, which is
  // what AISC and IS 808 publish as Ix/Iy, so the library uses those (n, the larger, as Ix).
  const angles = current(readCsv(rawDir, 'AS4100/skane88_steel_data_angles.csv')).map((r) => {
    const what = `AS4100 ${r.section}`;
    const In = toSi.mm4FromM4(num(r.i_n, `${what} i_n`));
    const Ip = toSi.mm4FromM4(num(r.i_p, `${what} i_p`));
    if (In < Ip) throw new Error(`${what}: expected i_n >= i_p`);
    return makeRow('AS4100', {
      designation: r.section ?? '',
      type: r.designation ?? '',
      A: toSi.mm2FromM2(num(r.a_g, `${what} a_g`)),
      Ix: In,
      Iy: Ip,
      mass: toSi.same(num(r.mass, `${what} mass`)),
      properties: {
        Zx: smallerFibre(r, ['z_nb', 'z_nt'], what),
        Zy: smallerFibre(r, ['z_pl', 'z_pr'], what),
        ...properties(r, ANGLE_COLUMNS, what),
      },
      source: 'skane88',
    });
  });

  const tfb = readCsv(rawDir, 'AS4100/fem3d_liberty_db_TFB.csv').map((r) => {
    const what = `AS4100 ${r.designation}`;
    const mm = (key: string) => toSi.same(num(r[key], `${what} ${key}`));
    return makeRow('AS4100', {
      // The catalogue writes "125TFB" like "310UB40.4"; the transcription put a space in.
      designation: (r.designation ?? '').replace(/\s+/g, ''),
      type: 'TFB',
      A: mm('Ag_mm2'),
      Ix: toSi.mm4From1e6Mm4(num(r.Ix_1e6mm4, `${what} Ix`)),
      Iy: toSi.mm4From1e6Mm4(num(r.Iy_1e6mm4, `${what} Iy`)),
      mass: mm('mass_kg_per_m'),
      properties: properties(r, TFB_COLUMNS, what),
      d: mm('d_mm'),
      bf: mm('bf_mm'),
      tf: mm('tf_mm'),
      tw: mm('tw_mm'),
      source: 'fem3d',
    });
  });

  const rows = [...flanged, ...tfb, ...angles, ...hollow(rawDir)];
  return {
    standard: 'AS4100',
    sources: {
      skane88: {
        repository: 'skane88/utilityscripts',
        commit: '438b9484bba5d4212294c13ed2ac7fa2acf5255e',
        path: 'src/utilityscripts/steel/data/steel_data.xlsx (sheets is, cs, angles)',
        licence: 'unclear: empty LICENSE.md; pyproject.toml classifier says MIT',
      },
      'skane88-hollow': {
        repository: 'skane88/utilityscripts',
        commit: '438b9484bba5d4212294c13ed2ac7fa2acf5255e',
        path: 'src/utilityscripts/steel/data/steel_data.xlsx (sheets rhs, chs)',
        licence: 'unclear: empty LICENSE.md; pyproject.toml classifier says MIT',
        edition: AS_NZS_1163,
      },
      fem3d: {
        repository: 'jcrutchy/fem3d',
        commit: 'be1e4f419e6896d2825f64e8132e7a96fe4b477f',
        path: 'prop/liberty_db.json (sections.tapered_flange_beams), transcribed',
        licence: 'none found',
      },
    },
    entries: rows.map((row) => ({ row, areaFactor: 1 })),
    // hazzi39 gives angles about their principal axes, so only the I-sections and channels are compared.
    // hazzi39's tubes are no second opinion: its SHS rows below 89 mm are shifted by a size or more (its
    // 89x89x6.0SHS carries 1.16e6 mm4, the sheet's 75 x 6 SHS value), so the tubes rest on r^2 = I/A instead.
    crossChecks: [crossCheck('hazzi39 Ix/Iy', [...flanged, ...tfb], hazzi39(rawDir), 0.01)],
  };
}

/**
 * AS 4100 sections (AS/NZS 3679.1 hot-rolled, 3679.2 welded). skane88's steel_data sheets in SI base units
 * for every family except TFB, which only jcrutchy/fem3d's Liberty catalogue transcription has. Sizes the
 * sheet marks `current = no` are discontinued and left out.
 */
import type { Built } from './built.js';
import { num, readCsv, toSi, type Row } from './read.js';
import { crossCheck, makeRow, type SecondOpinion } from './row.js';

const I_SECTIONS = new Set(['UB', 'UC', 'UBP', 'WB', 'WC']);

function hazzi39(rawDir: string): Map<string, SecondOpinion> {
  return new Map(
    readCsv(rawDir, 'AS4100/hazzi39_design_actions_premium_Ix_Iy.csv').map((r) => [
      r.designation ?? '',
      { Ix: num(r.Ix_mm4, `hazzi39 ${r.designation} Ix`), Iy: num(r.Iy_mm4, `hazzi39 ${r.designation} Iy`) },
    ]),
  );
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
      d: mm('d_mm'),
      bf: mm('bf_mm'),
      tf: mm('tf_mm'),
      tw: mm('tw_mm'),
      source: 'fem3d',
    });
  });

  const rows = [...flanged, ...tfb, ...angles];
  return {
    standard: 'AS4100',
    sources: {
      skane88: {
        repository: 'skane88/utilityscripts',
        commit: '438b9484bba5d4212294c13ed2ac7fa2acf5255e',
        path: 'src/utilityscripts/steel/data/steel_data.xlsx (sheets is, cs, angles)',
        licence: 'unclear: empty LICENSE.md; pyproject.toml classifier says MIT',
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
    crossChecks: [crossCheck('hazzi39 Ix/Iy', [...flanged, ...tfb], hazzi39(rawDir), 0.01)],
  };
}

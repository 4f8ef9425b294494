/**
 * JIS G 3192 H-sections: the DBMSC catalogue transcription, the only full table found (cm units; the file
 * names the major axis y), with its thick-flange 400-series rows (the heavy-H series). SOURCES.md explains why the masses of 14 rows sit 2-3% under 7850 x A; they pass the 3% check
 * and docs/sections.md carries the caveat.
 */
import type { Built } from './built.js';
import { num, optionalNum, properties, readCsv, toSi, type Row } from './read.js';
import { makeRow } from './row.js';
import type { PropertyKey } from '../../ts/sections/types.js';

/** The catalogue publishes elastic moduli and radii of gyration only (no plastic moduli, J or Cw); y is major. */
const DBMSC_COLUMNS = {
  Zx: ['Wel_y_major_cm3', toSi.mm3FromCm3],
  Zy: ['Wel_z_minor_cm3', toSi.mm3FromCm3],
  rx: ['iy_major_cm', toSi.mmFromCm],
  ry: ['iz_minor_cm', toSi.mmFromCm],
} as const;

/**
 * A radius of gyration the catalogue leaves blank (H208x202x10x16's iy) is sqrt(I/A), the definition every
 * JIS G 3192 table computes its i column by, rounded to the table's three significant figures.
 */
function radii(r: Row, what: string): { rx?: number; ry?: number; derived: PropertyKey[] } {
  const derived: PropertyKey[] = [];
  const radius = (column: string, inertia: string, key: PropertyKey) => {
    if (optionalNum(r[column], `${what} ${column}`) !== undefined) return undefined;
    derived.push(key);
    const cm = Math.sqrt(num(r[inertia], `${what} ${inertia}`) / num(r.A_cm2, `${what} A`));
    return toSi.mmFromCm(Number(cm.toPrecision(3)));
  };
  const rx = radius('iy_major_cm', 'Iy_major_cm4', 'rx');
  const ry = radius('iz_minor_cm', 'Iz_minor_cm4', 'ry');
  return { ...(rx === undefined ? {} : { rx }), ...(ry === undefined ? {} : { ry }), derived };
}

export function buildJis(rawDir: string): Built {
  const raw = readCsv(rawDir, 'JIS/dbmsc_catalogue_JIS_H.csv');
  const rows = raw.map((r) => {
    const source = r.Section ?? '';
    if (!/^H\d/.test(source)) throw new Error(`JIS: unexpected designation ${source}`);
    const name = `H-${source.slice(1)}`;
    const what = `JIS ${name}`;
    const cm = (key: string) => toSi.mmFromCm(num(r[key], `${what} ${key}`));
    const { derived, ...derivedRadii } = radii(r, what);
    return makeRow('JIS', {
      designation: name,
      type: 'H',
      A: toSi.mm2FromCm2(num(r.A_cm2, `${what} A`)),
      Ix: toSi.mm4FromCm4(num(r.Iy_major_cm4, `${what} Iy_major`)),
      Iy: toSi.mm4FromCm4(num(r.Iz_minor_cm4, `${what} Iz_minor`)),
      mass: toSi.same(num(r.m_kg_per_m, `${what} m`)),
      properties: { ...properties(r, DBMSC_COLUMNS, what), ...derivedRadii },
      derived,
      d: cm('h_cm'),
      bf: cm('b_cm'),
      tf: cm('tf_cm'),
      tw: cm('tw_cm'),
      source: 'dbmsc',
    });
  });
  return {
    standard: 'JIS',
    sources: {
      dbmsc: {
        repository: 'ahmedalisteel-star/steel-sections',
        commit: 'eb72e7ff9bbc1929e9546c00ce3658f35bc3af87',
        path: 'data/dbmsc_catalogue.json (sections.JIS_H), transcribed',
        licence: 'none found (NOTICE.md argues the values are uncopyrightable facts)',
        edition: 'JIS G 3192 per the DBMSC stockholder catalogue (mixes editions: see docs/sections.md)',
      },
    },
    entries: rows.map((row) => ({ row, areaFactor: 1 })),
    crossChecks: [],
  };
}

/**
 * AISC Shapes Database v15.0 (ambaker1/aisc-csv). The US-customary file is the published table; it is
 * converted exactly. The SI file (AISC's own rounded metric edition of the same rows) only cross-checks
 * the conversion and the row alignment.
 */
import type { Built } from './built.js';
import { num, optionalNum, properties, readCsv, toSi, type Row } from './read.js';
import { makeRow } from './row.js';

const US = 'AISC/aisc-shapes-database-v15.0_US.csv';
const SI = 'AISC/aisc-shapes-database-v15.0_SI.csv';

/**
 * AISC's letters are the other way round: its S is the elastic modulus and its Z the plastic one, so AISC's
 * Sx is this service's Zx and AISC's Zx our Sx (decisions.md 20). Its Sx is to the farther fibre (the smaller
 * modulus) for tees and angles too. HSS carry AISC's torsional constant J but no Cw (their `C` is the HSS
 * torsional modulus, a different quantity).
 */
export const AISC_COLUMNS = {
  Zx: ['Sx', toSi.mm3FromIn3],
  Zy: ['Sy', toSi.mm3FromIn3],
  Sx: ['Zx', toSi.mm3FromIn3],
  Sy: ['Zy', toSi.mm3FromIn3],
  rx: ['rx', toSi.mmFromIn],
  ry: ['ry', toSi.mmFromIn],
  J: ['J', toSi.mm4FromIn4],
  Cw: ['Cw', toSi.mm6FromIn6],
} as const;

/** Families whose rows publish d, bf, tf and tw in the I-shape sense. */
const FLANGED = new Set(['W', 'M', 'S', 'HP', 'C', 'MC', 'WT', 'MT', 'ST']);
const PLAIN = new Set([...FLANGED, 'L', '2L']);

/** SOURCES.md's split of the database's single HSS type: OD present = round, Ht = B = square, else rectangular. */
export function aiscType(row: Row): string {
  const type = row.Type ?? '';
  if (PLAIN.has(type)) return type;
  if (type === 'PIPE') return 'PIPE';
  if (type === 'HSS') {
    if ((row.OD ?? '') !== '') return 'HSS-ROUND';
    return row.Ht === row.B ? 'HSS-SQUARE' : 'HSS-RECT';
  }
  throw new Error(`AISC ${row.AISC_Manual_Label}: unknown type ${type}`);
}

/**
 * Light M and C shapes whose designation weight is the nominal one while A is the detailed profile's
 * (M4X4.08: 4.08 lb/ft against 1.27 in2, i.e. 6% under 490 lb/ft3 x A). Both are AISC's published values
 * (SOURCES.md: identical in AISC's own xlsx), so they are kept and checked at 7%.
 */
const NOMINAL_WEIGHT_OUTLIERS = new Set(['M4X4.08', 'M4X3.2', 'M3X2.9', 'C3X3.5']);

/**
 * Rows whose printed r is 2-3% off sqrt(I/A) of their printed I and A, beyond the tables' rounding (Pipe10STD:
 * A 11.5 in2, I 151 in4, r 3.68 in, where sqrt(151/11.5) = 3.62). AISC's own values, kept; checked 1.5% wider.
 */
const RADIUS_OUTLIERS = new Set(['MT2X3', 'Pipe10STD', 'Pipe2STD', 'Pipe12XS']);

/**
 * HSS and Pipe weights are computed on the nominal wall, their A on the design wall (0.93 t_nom for most),
 * so the mass identity uses the nominal area: pi (OD - t) t for round, A x t_nom / t_des for rectangular.
 */
function nominalAreaFactor(r: Row, type: string, what: string): number {
  if (!type.startsWith('HSS') && type !== 'PIPE') return 1;
  const tnom = num(r.tnom, `${what} tnom`);
  const A = num(r.A, `${what} A`);
  const od = optionalNum(r.OD, `${what} OD`);
  if (od !== undefined) return (Math.PI * (od - tnom) * tnom) / A;
  return tnom / num(r.tdes, `${what} tdes`);
}

export function buildAisc(rawDir: string): Built {
  const us = readCsv(rawDir, US);
  const si = readCsv(rawDir, SI);
  if (us.length !== si.length) throw new Error(`AISC: US has ${us.length} rows, SI ${si.length}`);
  const entries = us.map((r, i) => {
    const name = r.AISC_Manual_Label ?? '';
    const what = `AISC ${name}`;
    const type = aiscType(r);
    const flanged = FLANGED.has(type);
    const dim = (key: string) => (flanged ? toSi.mmFromIn(num(r[key], `${what} ${key}`)) : undefined);
    const row = makeRow('AISC', {
      designation: name,
      type,
      A: toSi.mm2FromIn2(num(r.A, `${what} A`)),
      Ix: toSi.mm4FromIn4(num(r.Ix, `${what} Ix`)),
      Iy: toSi.mm4FromIn4(num(r.Iy, `${what} Iy`)),
      mass: toSi.kgPerMFromLbPerFt(num(r.W, `${what} W`)),
      properties: properties(r, AISC_COLUMNS, what),
      d: dim('d'),
      bf: dim('bf'),
      tf: dim('tf'),
      tw: dim('tw'),
      // the metric table's rows are the same shapes in the same order (crossCheckMetric confirms it)
      metric: si[i]?.EDI_Std_Nomenclature,
      source: 'aisc-csv',
    });
    crossCheckMetric(row.A, row.Ix, row.Iy, si[i], what);
    const massTolerance = NOMINAL_WEIGHT_OUTLIERS.has(name) ? 0.07 : undefined;
    return {
      row,
      areaFactor: nominalAreaFactor(r, type, what),
      ...(massTolerance ? { massTolerance } : {}),
      ...(RADIUS_OUTLIERS.has(name) ? { radiusAllowance: 0.015 } : {}),
    };
  });
  return {
    standard: 'AISC',
    sources: {
      'aisc-csv': {
        repository: 'ambaker1/aisc-csv',
        commit: '38d68425df714141465897b885a9e7a208c1161c',
        path: 'v15.0/Shapes-US.csv (checked against v15.0/Shapes-SI.csv)',
        licence: 'MIT (repository); data (c) AISC',
      },
    },
    entries,
    crossChecks: [`AISC metric table (${SI}): ${entries.length} rows agree within 1%`],
  };
}

/** The metric file rounds to 3 significant figures, so the exact conversion must agree within 1%. */
function crossCheckMetric(A: number, Ix: number, Iy: number, metric: Row | undefined, what: string): void {
  if (metric === undefined) throw new Error(`${what}: no metric row`);
  const pairs: [string, number, number][] = [
    ['A', A, num(metric.A, `${what} SI A`)],
    ['Ix', Ix, num(metric.Ix, `${what} SI Ix`) * 1e6],
    ['Iy', Iy, num(metric.Iy, `${what} SI Iy`) * 1e6],
  ];
  for (const [key, exact, rounded] of pairs) {
    if (Math.abs(exact / rounded - 1) > 0.01) {
      throw new Error(`${what}: ${key} ${exact} disagrees with the AISC metric table ${rounded}`);
    }
  }
}

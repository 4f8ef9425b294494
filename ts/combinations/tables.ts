/**
 * The combination tables of ../shared/spec/combinations.md (sections 1 to 5), transcribed row by row.
 * Each vector is in the column order G, Q, Qr, W, E, S, R, T. Only Q depends on the occupancy
 * (through the psi factors), so each table is a function of the occupancy.
 */
import { LOAD_CASES, type LimitState, type LoadCase, type Occupancy, type SnowZone } from './types.js';

/** Conjunctive list of alternatives: every group must have at least one present case. */
export type Requirement = readonly (readonly LoadCase[])[];

export interface TableRow {
  n: number;
  kind: LimitState;
  /** G, Q, Qr, W, E, S, R, T */
  vector: readonly number[];
  requires: Requirement;
  /** BSL-Japan only: the snow zone the row belongs to (absent = both zones). */
  zone?: SnowZone;
}

export interface StandardTable {
  /** The STD part of the ids `<STD>-<ULS|SLS>-<n>` (combinations.md 0.2). */
  prefix: string;
  rows: (occupancy: Occupancy) => TableRow[];
  /**
   * How the standard itself writes a case in a combination's name, where that differs from the service's case
   * symbol (combinations.md 0.1); ids and factors never change with it.
   */
  symbols?: Partial<Record<LoadCase, string>>;
}

/**
 * Parses the `requires` column as written in combinations.md: `'—'` nothing, `'Q|Qr'` one of them,
 * `'Q, S|R'` Q and one of S, R.
 */
function requires(text: string): Requirement {
  if (text === '—') return [];
  return text.split(',').map((group) =>
    group.split('|').map((name) => {
      const c = name.trim();
      if (!(LOAD_CASES as readonly string[]).includes(c)) throw new Error(`combination table: unknown case ${c}`);
      return c as LoadCase;
    }),
  );
}

function row(kind: LimitState, n: number, vector: readonly number[], needs: string, zone?: SnowZone): TableRow {
  if (vector.length !== LOAD_CASES.length) throw new Error(`combination table: ${kind}-${n} needs 8 factors`);
  const spec: TableRow = { n, kind, vector, requires: requires(needs) };
  return zone === undefined ? spec : { ...spec, zone };
}

const uls = (n: number, vector: readonly number[], needs: string): TableRow => row('ULS', n, vector, needs);
const sls = (n: number, vector: readonly number[], needs: string, zone?: SnowZone): TableRow => row('SLS', n, vector, needs, zone);

/**
 * A partial factor times a psi factor. Binary floating point makes 1.5 x 0.7 = 1.0499999999999998;
 * the tables print 1.05, and ids and names must compare exactly, so round to 12 significant digits.
 */
export function scaled(factor: number, psi: number): number {
  return Number((factor * psi).toPrecision(12));
}

// ---------------------------------------------------------------------------------------------
// AS1170 (combinations.md section 1)

interface As1170Psi {
  short: number;
  long: number;
  combination: number;
  earthquake: number;
}

/** Table 4.1 of AS/NZS 1170.0 (combinations.md 1.1); congregation takes "Other" floors [SD]. */
export const AS1170_PSI: Record<Occupancy, As1170Psi> = {
  residential: { short: 0.7, long: 0.4, combination: 0.4, earthquake: 0.3 },
  office: { short: 0.7, long: 0.4, combination: 0.4, earthquake: 0.3 },
  congregation: { short: 1.0, long: 0.6, combination: 0.6, earthquake: 0.6 },
  retail: { short: 0.7, long: 0.4, combination: 0.4, earthquake: 0.3 },
  storage: { short: 1.0, long: 0.6, combination: 0.6, earthquake: 0.6 },
};

const as1170: StandardTable = {
  prefix: 'AS1170',
  rows(occupancy) {
    const psi = AS1170_PSI[occupancy];
    const c = psi.combination;
    return [
      uls(1, [1.35, 0, 0, 0, 0, 0, 0, 0], '—'),
      uls(2, [1.2, 1.5, 1.5, 0, 0, 0, 0, 0], 'Q|Qr'),
      uls(3, [1.2, scaled(1.5, psi.long), 0, 0, 0, 0, 0, 0], 'Q'),
      uls(4, [1.2, c, 0, 1, 0, 0, 0, 0], 'W'),
      uls(5, [0.9, 0, 0, 1, 0, 0, 0, 0], 'W'),
      uls(6, [1, psi.earthquake, 0, 0, 1, 0, 0, 0], 'E'),
      uls(7, [1, psi.earthquake, 0, 0, -1, 0, 0, 0], 'E'),
      uls(8, [1.2, c, 0, 0, 0, 1, 0, 0], 'S'),
      uls(9, [1.2, c, 0, 0, 0, 0, 1, 0], 'R'),
      uls(10, [1.2, c, 0, 0, 0, 0, 0, 1], 'T'),
      sls(1, [1, 0, 0, 0, 0, 0, 0, 0], '—'),
      sls(2, [1, psi.short, 0.7, 0, 0, 0, 0, 0], 'Q|Qr'),
      sls(3, [1, psi.long, 0, 0, 0, 0, 0, 0], 'Q'),
    ];
  },
};

// ---------------------------------------------------------------------------------------------
// ASCE7 (combinations.md section 2): 7-22 LRFD as ULS, ASD as SLS. The L factor stays 1.0 for
// every occupancy (the 0.5 exception of 2.3.1 is optional and not taken [SD]).

const asce7: StandardTable = {
  prefix: 'ASCE7',
  // ASCE 7 writes D, L and Lr for dead, live and roof live (combinations.md 0.1)
  symbols: { G: 'D', Q: 'L', Qr: 'Lr' },
  rows: () => [
    uls(1, [1.4, 0, 0, 0, 0, 0, 0, 0], '—'),
    uls(2, [1.2, 1.6, 0, 0, 0, 0, 0, 0], 'Q'),
    uls(3, [1.2, 1.6, 0.5, 0, 0, 0, 0, 0], 'Q, Qr'),
    uls(4, [1.2, 1.6, 0, 0, 0, 0.3, 0, 0], 'Q, S'),
    uls(5, [1.2, 1.6, 0, 0, 0, 0, 0.5, 0], 'Q, R'),
    uls(6, [1.2, 1, 1.6, 0, 0, 0, 0, 0], 'Qr'),
    uls(7, [1.2, 0, 1.6, 0.5, 0, 0, 0, 0], 'Qr, W'),
    uls(8, [1.2, 1, 0, 0, 0, 1, 0, 0], 'S'),
    uls(9, [1.2, 0, 0, 0.5, 0, 1, 0, 0], 'S, W'),
    uls(10, [1.2, 1, 0, 0, 0, 0, 1.6, 0], 'R'),
    uls(11, [1.2, 0, 0, 0.5, 0, 0, 1.6, 0], 'R, W'),
    uls(12, [1.2, 1, 0, 1, 0, 0, 0, 0], 'W'),
    uls(13, [1.2, 1, 0.5, 1, 0, 0, 0, 0], 'W, Qr'),
    uls(14, [1.2, 1, 0, 1, 0, 0.3, 0, 0], 'W, S'),
    uls(15, [1.2, 1, 0, 1, 0, 0, 0.5, 0], 'W, R'),
    uls(16, [0.9, 0, 0, 1, 0, 0, 0, 0], 'W'),
    uls(17, [1.2, 1, 0, 0, 1, 0.15, 0, 0], 'E'),
    uls(18, [1.2, 1, 0, 0, -1, 0.15, 0, 0], 'E'),
    uls(19, [0.9, 0, 0, 0, 1, 0, 0, 0], 'E'),
    uls(20, [0.9, 0, 0, 0, -1, 0, 0, 0], 'E'),
    uls(21, [1.2, 1.6, 0, 0, 0, 0, 0, 1.2], 'T'),
    sls(1, [1, 0, 0, 0, 0, 0, 0, 0], '—'),
    sls(2, [1, 1, 0, 0, 0, 0, 0, 0], 'Q'),
    sls(3, [1, 0, 1, 0, 0, 0, 0, 0], 'Qr'),
    sls(4, [1, 0, 0, 0, 0, 0.7, 0, 0], 'S'),
    sls(5, [1, 0, 0, 0, 0, 0, 1, 0], 'R'),
    sls(6, [1, 0.75, 0.75, 0, 0, 0, 0, 0], 'Q, Qr'),
    sls(7, [1, 0.75, 0, 0, 0, 0.525, 0, 0], 'Q, S'),
    sls(8, [1, 0.75, 0, 0, 0, 0, 0.75, 0], 'Q, R'),
    sls(9, [1, 0, 0, 0.6, 0, 0, 0, 0], 'W'),
    sls(10, [1, 0.75, 0, 0.45, 0, 0, 0, 0], 'W'),
    sls(11, [1, 0.75, 0.75, 0.45, 0, 0, 0, 0], 'W, Qr'),
    sls(12, [1, 0.75, 0, 0.45, 0, 0.525, 0, 0], 'W, S'),
    sls(13, [1, 0.75, 0, 0.45, 0, 0, 0.75, 0], 'W, R'),
    sls(14, [0.6, 0, 0, 0.6, 0, 0, 0, 0], 'W'),
    sls(15, [1, 0, 0, 0, 0.7, 0, 0, 0], 'E'),
    sls(16, [1, 0, 0, 0, -0.7, 0, 0, 0], 'E'),
    sls(17, [1, 0.75, 0, 0, 0.525, 0.1, 0, 0], 'E'),
    sls(18, [1, 0.75, 0, 0, -0.525, 0.1, 0, 0], 'E'),
    sls(19, [0.6, 0, 0, 0, 0.7, 0, 0, 0], 'E'),
    sls(20, [0.6, 0, 0, 0, -0.7, 0, 0, 0], 'E'),
    sls(21, [1, 1, 0, 0, 0, 0, 0, 1], 'T'),
  ],
};

// ---------------------------------------------------------------------------------------------
// EN1990-UK (combinations.md section 3): expressions 6.10a and 6.10b with xi x gammaG,sup =
// 0.925 x 1.35 = 1.24875 exactly [SD]; roof imposed (Qr) never with snow, rain or wind.

interface En1990Psi {
  /** psi0 of Q */
  a: number;
  /** psi1 of Q */
  b1: number;
  /** psi2 of Q */
  b2: number;
}

/** UK NA Table NA.A1.1 categories A, B, C, D, E (combinations.md 3.2). */
export const EN1990_PSI: Record<Occupancy, En1990Psi> = {
  residential: { a: 0.7, b1: 0.5, b2: 0.3 },
  office: { a: 0.7, b1: 0.5, b2: 0.3 },
  congregation: { a: 0.7, b1: 0.7, b2: 0.6 },
  retail: { a: 0.7, b1: 0.7, b2: 0.6 },
  storage: { a: 1.0, b1: 0.9, b2: 0.8 },
};

/** xi x gammaG,sup of expression 6.10b (UK NA: 0.925 x 1.35). */
export const EN1990_G_610B = scaled(0.925, 1.35);

const en1990uk: StandardTable = {
  prefix: 'EN1990UK',
  // EN 1990's characteristic values Gk, Qk, Wk, Sk, Tk and the design seismic action AEd (combinations.md 0.1); the
  // roof's imposed load is Qk of category H, and rain, which EN 1991 does not define, keeps the service's R
  symbols: { G: 'Gk', Q: 'Qk', Qr: 'Qk,H', W: 'Wk', E: 'AEd', S: 'Sk', T: 'Tk' },
  rows(occupancy) {
    const { a, b1, b2 } = EN1990_PSI[occupancy];
    const qa = scaled(1.5, a);
    const g = EN1990_G_610B;
    return [
      uls(1, [1.35, 0, 0, 0, 0, 0, 0, 0], '—'),
      uls(2, [1.35, qa, 1.05, 0, 0, 0, 0, 0.9], 'Q|Qr'),
      uls(3, [1.35, qa, 0, 0, 0, 0.75, 0.75, 0.9], 'S|R'),
      uls(4, [1.35, qa, 0, 0.75, 0, 0.75, 0.75, 0.9], 'W'),
      uls(5, [g, 1.5, 1.05, 0, 0, 0, 0, 0.9], 'Q'),
      uls(6, [g, 1.5, 0, 0, 0, 0.75, 0.75, 0.9], 'Q, S|R'),
      uls(7, [g, 1.5, 0, 0.75, 0, 0.75, 0.75, 0.9], 'Q, W'),
      uls(8, [g, qa, 1.5, 0, 0, 0, 0, 0.9], 'Qr'),
      uls(9, [g, qa, 0, 0, 0, 1.5, 0.75, 0.9], 'S'),
      uls(10, [g, qa, 0, 0.75, 0, 1.5, 0.75, 0.9], 'S, W'),
      uls(11, [g, qa, 0, 0, 0, 0.75, 1.5, 0.9], 'R'),
      uls(12, [g, qa, 0, 0.75, 0, 0.75, 1.5, 0.9], 'R, W'),
      uls(13, [g, qa, 0, 1.5, 0, 0.75, 0.75, 0.9], 'W'),
      uls(14, [g, qa, 1.05, 0, 0, 0, 0, 1.5], 'T'),
      uls(15, [g, qa, 0, 0, 0, 0.75, 0.75, 1.5], 'T, S|R'),
      uls(16, [g, qa, 0, 0.75, 0, 0.75, 0.75, 1.5], 'T, W'),
      uls(17, [1, 0, 0, 1.5, 0, 0, 0, 0], 'W'),
      uls(18, [1, b2, 0, 0, 1, 0, 0, 0], 'E'),
      uls(19, [1, b2, 0, 0, -1, 0, 0, 0], 'E'),
      sls(1, [1, 0, 0, 0, 0, 0, 0, 0], '—'),
      sls(2, [1, 1, 0.7, 0, 0, 0, 0, 0.6], 'Q'),
      sls(3, [1, 1, 0, 0, 0, 0.5, 0.5, 0.6], 'Q, S|R'),
      sls(4, [1, 1, 0, 0.5, 0, 0.5, 0.5, 0.6], 'Q, W'),
      sls(5, [1, a, 1, 0, 0, 0, 0, 0.6], 'Qr'),
      sls(6, [1, a, 0, 0, 0, 1, 0.5, 0.6], 'S'),
      sls(7, [1, a, 0, 0.5, 0, 1, 0.5, 0.6], 'S, W'),
      sls(8, [1, a, 0, 0, 0, 0.5, 1, 0.6], 'R'),
      sls(9, [1, a, 0, 0.5, 0, 0.5, 1, 0.6], 'R, W'),
      sls(10, [1, a, 0, 1, 0, 0.5, 0.5, 0.6], 'W'),
      sls(11, [1, 0, 0, 1, 0, 0, 0, 0], 'W'),
      sls(12, [1, a, 0.7, 0, 0, 0, 0, 1], 'T'),
      sls(13, [1, a, 0, 0, 0, 0.5, 0.5, 1], 'T, S|R'),
      sls(14, [1, a, 0, 0.5, 0, 0.5, 0.5, 1], 'T, W'),
      sls(15, [1, b1, 0, 0, 0, 0, 0, 0], 'Q'),
      sls(16, [1, b2, 0, 0, 0, 0.2, 0, 0], 'S'),
      sls(17, [1, b2, 0, 0, 0, 0, 0.2, 0], 'R'),
      sls(18, [1, b2, 0, 0.2, 0, 0, 0, 0], 'W'),
      sls(19, [1, b2, 0, 0, 0, 0, 0, 0.5], 'T'),
      sls(20, [1, b2, 0, 0, 0, 0, 0, 0], '—'),
    ];
  },
};

// ---------------------------------------------------------------------------------------------
// IS456 (combinations.md section 4): Table 18; snow and rain replace the roof imposed load,
// T takes the imposed-load factor of its row [SD]. No psi factors.

const is456: StandardTable = {
  prefix: 'IS456',
  rows: () => [
    uls(1, [1.5, 1.5, 1.5, 0, 0, 0, 0, 0], '—'),
    uls(2, [1.5, 1.5, 0, 0, 0, 1.5, 0, 0], 'S'),
    uls(3, [1.5, 1.5, 0, 0, 0, 0, 1.5, 0], 'R'),
    uls(4, [1.5, 0, 0, 1.5, 0, 0, 0, 0], 'W'),
    uls(5, [0.9, 0, 0, 1.5, 0, 0, 0, 0], 'W'),
    uls(6, [1.2, 1.2, 1.2, 1.2, 0, 0, 0, 0], 'W'),
    uls(7, [1.2, 1.2, 0, 1.2, 0, 1.2, 0, 0], 'W, S'),
    uls(8, [1.2, 1.2, 0, 1.2, 0, 0, 1.2, 0], 'W, R'),
    uls(9, [1.5, 0, 0, 0, 1.5, 0, 0, 0], 'E'),
    uls(10, [1.5, 0, 0, 0, -1.5, 0, 0, 0], 'E'),
    uls(11, [0.9, 0, 0, 0, 1.5, 0, 0, 0], 'E'),
    uls(12, [0.9, 0, 0, 0, -1.5, 0, 0, 0], 'E'),
    uls(13, [1.2, 1.2, 1.2, 0, 1.2, 0, 0, 0], 'E'),
    uls(14, [1.2, 1.2, 1.2, 0, -1.2, 0, 0, 0], 'E'),
    uls(15, [1.5, 1.5, 1.5, 0, 0, 0, 0, 1.5], 'T'),
    uls(16, [1.2, 1.2, 1.2, 1.2, 0, 0, 0, 1.2], 'T, W'),
    uls(17, [1.2, 1.2, 1.2, 0, 1.2, 0, 0, 1.2], 'T, E'),
    uls(18, [1.2, 1.2, 1.2, 0, -1.2, 0, 0, 1.2], 'T, E'),
    sls(1, [1, 1, 1, 0, 0, 0, 0, 0], '—'),
    sls(2, [1, 1, 0, 0, 0, 1, 0, 0], 'S'),
    sls(3, [1, 1, 0, 0, 0, 0, 1, 0], 'R'),
    sls(4, [1, 0, 0, 1, 0, 0, 0, 0], 'W'),
    sls(5, [1, 0.8, 0.8, 0.8, 0, 0, 0, 0], 'W'),
    sls(6, [1, 0.8, 0, 0.8, 0, 0.8, 0, 0], 'W, S'),
    sls(7, [1, 0.8, 0, 0.8, 0, 0, 0.8, 0], 'W, R'),
    sls(8, [1, 0, 0, 0, 1, 0, 0, 0], 'E'),
    sls(9, [1, 0, 0, 0, -1, 0, 0, 0], 'E'),
    sls(10, [1, 0.8, 0.8, 0, 0.8, 0, 0, 0], 'E'),
    sls(11, [1, 0.8, 0.8, 0, -0.8, 0, 0, 0], 'E'),
    sls(12, [1, 1, 1, 0, 0, 0, 0, 1], 'T'),
  ],
};

// ---------------------------------------------------------------------------------------------
// BSL-Japan (combinations.md section 5): the 令82条 table, all SLS; Qr is part of P [SD].

const bslj: StandardTable = {
  prefix: 'BSLJ',
  rows: () => [
    sls(1, [1, 1, 1, 0, 0, 0, 0, 0], '—'),
    sls(2, [1, 1, 1, 0, 0, 1, 0, 0], 'S'),
    sls(3, [1, 1, 1, 1, 0, 0, 0, 0], 'W'),
    sls(4, [1, 1, 1, 0, 1, 0, 0, 0], 'E', 'general'),
    sls(5, [1, 1, 1, 0, -1, 0, 0, 0], 'E', 'general'),
    sls(6, [1, 1, 1, 0, 0, 0.7, 0, 0], 'S', 'heavy'),
    sls(7, [1, 1, 1, 1, 0, 0.35, 0, 0], 'W, S', 'heavy'),
    sls(8, [1, 1, 1, 0, 1, 0.35, 0, 0], 'E', 'heavy'),
    sls(9, [1, 1, 1, 0, -1, 0.35, 0, 0], 'E', 'heavy'),
    sls(10, [1, 0, 0, 1, 0, 0, 0, 0], 'W'),
  ],
};

/** Every generated standard (custom is not a table). */
export const TABLES = {
  AS1170: as1170,
  ASCE7: asce7,
  'EN1990-UK': en1990uk,
  IS456: is456,
  'BSL-Japan': bslj,
} as const satisfies Record<string, StandardTable>;

export function rowId(table: StandardTable, row: TableRow): string {
  return `${table.prefix}-${row.kind}-${row.n}`;
}

import { describe, expect, it } from 'vitest';
import { generateCombinations, presentCases } from '../../ts/combinations/generate.js';
import { OCCUPANCIES, type Combination, type LoadCase, type Occupancy } from '../../ts/combinations/types.js';
import { Problem } from '../../ts/problem/index.js';
import { BSLJ_TABLE, expected, OFFICE_TABLES } from './spec-tables.js';

/**
 * Rows whose Q factor changes with the occupancy: [id, Q factor, name]. Only Q carries a psi
 * factor that depends on the occupancy (the roof, snow, wind and temperature psi do not).
 */
type Override = [id: string, q: number, name: string];

// AS/NZS 1170.0 Table 4.1 as given in combinations.md 1.1: "Other" floors (congregation [SD]) and
// storage take psi_s 1.0, psi_l 0.6, psi_c 0.6, psi_E 0.6; ULS-3 is 1.5 psi_l = 0.9 (1.2).
const AS1170_HEAVY_OCCUPANCY: Override[] = [
  ['AS1170-ULS-3', 0.9, '1.2G + 0.9Q'],
  ['AS1170-ULS-4', 0.6, '1.2G + 0.6Q + W'],
  ['AS1170-ULS-6', 0.6, 'G + 0.6Q + E'],
  ['AS1170-ULS-7', 0.6, 'G + 0.6Q − E'],
  ['AS1170-ULS-8', 0.6, '1.2G + 0.6Q + S'],
  ['AS1170-ULS-9', 0.6, '1.2G + 0.6Q + R'],
  ['AS1170-ULS-10', 0.6, '1.2G + 0.6Q + T'],
  ['AS1170-SLS-2', 1, 'G + Q + 0.7Qr'],
  ['AS1170-SLS-3', 0.6, 'G + 0.6Q'],
];

// UK NA Table NA.A1.1 as given in combinations.md 3.2: categories C and D (congregation, retail)
// psi 0.7 / 0.7 / 0.6, so only the psi1 and psi2 rows change.
const EN1990_CD: Override[] = [
  ['EN1990UK-ULS-18', 0.6, 'G + 0.6Q + E'],
  ['EN1990UK-ULS-19', 0.6, 'G + 0.6Q − E'],
  ['EN1990UK-SLS-15', 0.7, 'G + 0.7Q'],
  ['EN1990UK-SLS-16', 0.6, 'G + 0.6Q + 0.2S'],
  ['EN1990UK-SLS-17', 0.6, 'G + 0.6Q + 0.2R'],
  ['EN1990UK-SLS-18', 0.6, 'G + 0.6Q + 0.2W'],
  ['EN1990UK-SLS-19', 0.6, 'G + 0.6Q + 0.5T'],
  ['EN1990UK-SLS-20', 0.6, 'G + 0.6Q'],
];

// Category E (storage): psi 1.0 / 0.9 / 0.8, so the accompanying 1.5 psi0 = 1.5 and psi0 = 1.
const EN1990_E: Override[] = [
  ['EN1990UK-ULS-2', 1.5, '1.35G + 1.5Q + 1.05Qr + 0.9T'],
  ['EN1990UK-ULS-3', 1.5, '1.35G + 1.5Q + 0.75S + 0.75R + 0.9T'],
  ['EN1990UK-ULS-4', 1.5, '1.35G + 1.5Q + 0.75W + 0.75S + 0.75R + 0.9T'],
  ['EN1990UK-ULS-8', 1.5, '1.24875G + 1.5Q + 1.5Qr + 0.9T'],
  ['EN1990UK-ULS-9', 1.5, '1.24875G + 1.5Q + 1.5S + 0.75R + 0.9T'],
  ['EN1990UK-ULS-10', 1.5, '1.24875G + 1.5Q + 0.75W + 1.5S + 0.75R + 0.9T'],
  ['EN1990UK-ULS-11', 1.5, '1.24875G + 1.5Q + 0.75S + 1.5R + 0.9T'],
  ['EN1990UK-ULS-12', 1.5, '1.24875G + 1.5Q + 0.75W + 0.75S + 1.5R + 0.9T'],
  ['EN1990UK-ULS-13', 1.5, '1.24875G + 1.5Q + 1.5W + 0.75S + 0.75R + 0.9T'],
  ['EN1990UK-ULS-14', 1.5, '1.24875G + 1.5Q + 1.05Qr + 1.5T'],
  ['EN1990UK-ULS-15', 1.5, '1.24875G + 1.5Q + 0.75S + 0.75R + 1.5T'],
  ['EN1990UK-ULS-16', 1.5, '1.24875G + 1.5Q + 0.75W + 0.75S + 0.75R + 1.5T'],
  ['EN1990UK-ULS-18', 0.8, 'G + 0.8Q + E'],
  ['EN1990UK-ULS-19', 0.8, 'G + 0.8Q − E'],
  ['EN1990UK-SLS-5', 1, 'G + Q + Qr + 0.6T'],
  ['EN1990UK-SLS-6', 1, 'G + Q + S + 0.5R + 0.6T'],
  ['EN1990UK-SLS-7', 1, 'G + Q + 0.5W + S + 0.5R + 0.6T'],
  ['EN1990UK-SLS-8', 1, 'G + Q + 0.5S + R + 0.6T'],
  ['EN1990UK-SLS-9', 1, 'G + Q + 0.5W + 0.5S + R + 0.6T'],
  ['EN1990UK-SLS-10', 1, 'G + Q + W + 0.5S + 0.5R + 0.6T'],
  ['EN1990UK-SLS-12', 1, 'G + Q + 0.7Qr + T'],
  ['EN1990UK-SLS-13', 1, 'G + Q + 0.5S + 0.5R + T'],
  ['EN1990UK-SLS-14', 1, 'G + Q + 0.5W + 0.5S + 0.5R + T'],
  ['EN1990UK-SLS-15', 0.9, 'G + 0.9Q'],
  ['EN1990UK-SLS-16', 0.8, 'G + 0.8Q + 0.2S'],
  ['EN1990UK-SLS-17', 0.8, 'G + 0.8Q + 0.2R'],
  ['EN1990UK-SLS-18', 0.8, 'G + 0.8Q + 0.2W'],
  ['EN1990UK-SLS-19', 0.8, 'G + 0.8Q + 0.5T'],
  ['EN1990UK-SLS-20', 0.8, 'G + 0.8Q'],
];

// ASCE7 keeps L at 1.0 for every occupancy (combinations.md 2.2 [SD]); IS456 has no psi (4.1).
const OVERRIDES: Record<keyof typeof OFFICE_TABLES, Record<Occupancy, Override[]>> = {
  AS1170: { residential: [], office: [], retail: [], congregation: AS1170_HEAVY_OCCUPANCY, storage: AS1170_HEAVY_OCCUPANCY },
  ASCE7: { residential: [], office: [], retail: [], congregation: [], storage: [] },
  'EN1990-UK': { residential: [], office: [], congregation: EN1990_CD, retail: EN1990_CD, storage: EN1990_E },
  IS456: { residential: [], office: [], retail: [], congregation: [], storage: [] },
};

/**
 * How each standard writes the service's cases (combinations.md 0.1): ASCE 7's D, L, Lr; EN 1990's characteristic
 * Gk, Qk, Wk, Sk, Tk, the roof's imposed load as Qk of category H and the seismic action AEd (no rain action: R).
 * The tables of combinations.md write every name in the service's symbols; the service names them the standard's way.
 */
const WRITTEN_AS: Partial<Record<keyof typeof OFFICE_TABLES, Partial<Record<LoadCase, string>>>> = {
  ASCE7: { G: 'D', Q: 'L', Qr: 'Lr' },
  'EN1990-UK': { G: 'Gk', Q: 'Qk', Qr: 'Qk,H', W: 'Wk', E: 'AEd', S: 'Sk', T: 'Tk' },
};

/** A combinations.md name (`1.2G + Q − E`) in the standard's own symbols. */
function inStandardSymbols(name: string, standard: keyof typeof OFFICE_TABLES): string {
  const symbols = WRITTEN_AS[standard] ?? {};
  return name.replace(/([0-9.]*)(Qr|G|Q|W|E|S|R|T)\b/g, (_, factor: string, c: LoadCase) => `${factor}${symbols[c] ?? c}`);
}

function expectedTable(standard: keyof typeof OFFICE_TABLES, occupancy: Occupancy): Combination[] {
  const overrides = new Map(OVERRIDES[standard][occupancy].map(([id, q, name]) => [id, { q, name }]));
  return OFFICE_TABLES[standard].map(([id, name, vector]) => {
    const override = overrides.get(id);
    if (override === undefined) return expected(id, inStandardSymbols(name, standard), vector);
    const changed = [...vector];
    changed[1] = override.q;
    return expected(id, inStandardSymbols(override.name, standard), changed);
  });
}

function problemOf(run: () => unknown): Problem {
  try {
    run();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('expected a Problem to be thrown');
}

describe("names in the standard's own symbols (issue 36)", () => {
  it('ASCE7 writes dead, live and roof live as D, L and Lr: "1.2D + 1.6L" (ASCE 7-22 2.3.1 combination 2)', () => {
    const names = generateCombinations({ standard: 'ASCE7' }, ['G', 'Q', 'Qr', 'E']).combinations.map((c) => `${c.id} ${c.name}`);
    expect(names).toContain('ASCE7-ULS-2 1.2D + 1.6L');
    expect(names).toContain('ASCE7-ULS-3 1.2D + 1.6L + 0.5Lr');
    expect(names).toContain('ASCE7-ULS-20 0.9D − E');
    expect(names).toContain('ASCE7-SLS-2 D + L');
  });

  it('EN1990-UK writes characteristic values: "1.35Gk + 1.5Qk" forms (BS EN 1990 6.10a, 6.10b, 6.12b)', () => {
    const set = generateCombinations({ standard: 'EN1990-UK', occupancy: 'office' }, ['G', 'Q', 'W', 'E']);
    const name = (id: string) => set.combinations.find((c) => c.id === id)?.name;
    expect(name('EN1990UK-ULS-1')).toBe('1.35Gk');
    expect(name('EN1990UK-ULS-5')).toBe('1.24875Gk + 1.5Qk');
    expect(name('EN1990UK-ULS-17')).toBe('Gk + 1.5Wk');
    expect(name('EN1990UK-ULS-18')).toBe('Gk + 0.3Qk + AEd');
  });

  it('ids and factors stay as combinations.md gives them', () => {
    const set = generateCombinations({ standard: 'ASCE7' }, ['G', 'Q']);
    expect(set.combinations.find((c) => c.id === 'ASCE7-ULS-2')?.factors).toMatchObject({ G: 1.2, Q: 1.6 });
  });
});

describe('full tables (every case present)', () => {
  for (const standard of ['AS1170', 'ASCE7', 'EN1990-UK', 'IS456'] as const) {
    for (const occupancy of OCCUPANCIES) {
      it(`${standard} ${occupancy} matches combinations.md`, () => {
        const set = generateCombinations({ standard, occupancy });
        expect(set.combinations).toEqual(expectedTable(standard, occupancy));
        expect(set.occupancy).toBe(occupancy);
        expect(set.standard).toBe(standard);
        expect(set.snowZone).toBeUndefined();
      });
    }
  }

  it('every table row overridden for an occupancy exists in the office table', () => {
    for (const standard of Object.keys(OVERRIDES) as (keyof typeof OVERRIDES)[]) {
      const ids = new Set(OFFICE_TABLES[standard].map(([id]) => id));
      for (const rows of Object.values(OVERRIDES[standard])) for (const [id] of rows) expect(ids).toContain(id);
    }
  });

  // combinations.md 5.1/5.2: the general zone gets "general" and "both" rows, the heavy zone
  // "heavy" and "both"; occupancy changes no factor.
  for (const zone of ['general', 'heavy'] as const) {
    for (const occupancy of OCCUPANCIES) {
      it(`BSL-Japan ${zone} zone, ${occupancy}, matches combinations.md 5.2`, () => {
        const set = generateCombinations({ standard: 'BSL-Japan', occupancy, snowZone: zone });
        const rows = BSLJ_TABLE.filter(([, , rowZone]) => rowZone === 'both' || rowZone === zone);
        expect(set.combinations).toEqual(rows.map(([id, name, , vector]) => expected(id, name, vector)));
        expect(set.combinations.every((c) => c.kind === 'SLS')).toBe(true);
        expect(set.snowZone).toBe(zone);
      });
    }
  }

  it('BSL-Japan ids in the general zone are 1-5 and 10, in the heavy zone 1-3 and 6-10 (5.2)', () => {
    const ids = (snowZone: 'general' | 'heavy') =>
      generateCombinations({ standard: 'BSL-Japan', snowZone }).combinations.map((c) => c.id.replace('BSLJ-SLS-', ''));
    expect(ids('general')).toEqual(['1', '2', '3', '4', '5', '10']);
    expect(ids('heavy')).toEqual(['1', '2', '3', '6', '7', '8', '9', '10']);
  });

  it('defaults: occupancy office, snow zone general and echoed for BSL-Japan only', () => {
    expect(generateCombinations({ standard: 'AS1170' }).occupancy).toBe('office');
    expect(generateCombinations({ standard: 'AS1170', snowZone: 'heavy' }).snowZone).toBeUndefined();
    const bsl = generateCombinations({ standard: 'BSL-Japan' });
    expect(bsl.snowZone).toBe('general');
    expect(bsl.combinations.map((c) => c.id)).toContain('BSLJ-SLS-4');
  });
});

describe('worked example: G = 10 kN/m, Q = 5 kN/m, 6 m simply supported, office', () => {
  // combinations.md 1.7, 2.8, 3.9, 4.6, 5.5 and the summary in section 6. For a simply supported
  // span under a uniform load w, midspan M = wL^2/8 = 4.5w at L = 6 m; w = 10 x fG + 5 x fQ.
  const midspanMoment = (c: Combination) => ((10 * c.factors.G + 5 * c.factors.Q) * 6 ** 2) / 8;
  const present: LoadCase[] = ['G', 'Q'];

  const cases = [
    {
      standard: 'AS1170',
      ids: ['AS1170-ULS-1', 'AS1170-ULS-2', 'AS1170-ULS-3', 'AS1170-SLS-1', 'AS1170-SLS-2', 'AS1170-SLS-3'],
      uls: ['AS1170-ULS-2', 87.75],
      sls: ['AS1170-SLS-2', 13.5],
    },
    {
      standard: 'ASCE7',
      ids: ['ASCE7-ULS-1', 'ASCE7-ULS-2', 'ASCE7-SLS-1', 'ASCE7-SLS-2'],
      uls: ['ASCE7-ULS-2', 90.0],
      sls: ['ASCE7-SLS-2', 15.0],
    },
    {
      standard: 'EN1990-UK',
      ids: ['EN1990UK-ULS-1', 'EN1990UK-ULS-2', 'EN1990UK-ULS-5', 'EN1990UK-SLS-1', 'EN1990UK-SLS-2', 'EN1990UK-SLS-15', 'EN1990UK-SLS-20'],
      uls: ['EN1990UK-ULS-5', 89.94375],
      sls: ['EN1990UK-SLS-2', 15.0],
    },
    { standard: 'IS456', ids: ['IS456-ULS-1', 'IS456-SLS-1'], uls: ['IS456-ULS-1', 101.25], sls: ['IS456-SLS-1', 15.0] },
  ] as const;

  for (const { standard, ids, uls, sls } of cases) {
    it(`${standard}: generated rows, governing ULS moment ${uls[1]} kN.m (${uls[0]}) and SLS load ${sls[1]} kN/m`, () => {
      const { combinations } = generateCombinations({ standard }, present);
      expect(combinations.map((c) => c.id)).toEqual(ids);
      const ulsRows = combinations.filter((c) => c.kind === 'ULS');
      const governing = ulsRows.reduce((best, c) => (midspanMoment(c) > midspanMoment(best) ? c : best));
      expect(governing.id).toBe(uls[0]);
      expect(midspanMoment(governing)).toBeCloseTo(uls[1], 10);
      const slsRows = combinations.filter((c) => c.kind === 'SLS');
      const load = (c: Combination) => 10 * c.factors.G + 5 * c.factors.Q;
      const deflectionGoverning = slsRows.reduce((best, c) => (load(c) > load(best) ? c : best));
      expect(deflectionGoverning.id).toBe(sls[0]);
      expect(load(deflectionGoverning)).toBeCloseTo(sls[1], 10);
    });
  }

  it('AS1170 names drop the absent cases (table of 1.7)', () => {
    const names = generateCombinations({ standard: 'AS1170' }, present).combinations.map((c) => c.name);
    expect(names).toEqual(['1.35G', '1.2G + 1.5Q', '1.2G + 0.6Q', 'G', 'G + 0.7Q', 'G + 0.4Q']);
  });

  it('EN1990-UK: 6.10a row 2 is 1.35Gk + 1.05Qk = 18.75 kN/m, 84.375 kN.m (3.9)', () => {
    const row = generateCombinations({ standard: 'EN1990-UK' }, present).combinations.find((c) => c.id === 'EN1990UK-ULS-2');
    expect(row?.name).toBe('1.35Gk + 1.05Qk');
    expect(midspanMoment(row!)).toBeCloseTo(84.375, 10);
  });

  it('BSL-Japan: SLS-1 only, no ULS row, largest moment 67.5 kN.m (5.5)', () => {
    for (const snowZone of ['general', 'heavy'] as const) {
      const { combinations } = generateCombinations({ standard: 'BSL-Japan', snowZone }, present);
      expect(combinations.map((c) => c.id)).toEqual(['BSLJ-SLS-1']);
      expect(combinations[0]!.name).toBe('G + Q');
      expect(midspanMoment(combinations[0]!)).toBeCloseTo(67.5, 10);
    }
  });
});

describe('requires and deduplication (combinations.md 0.3)', () => {
  it('a load without a case counts as G', () => {
    expect([...presentCases([{}, { case: 'W' }, { case: undefined }])].sort()).toEqual(['G', 'W']);
  });

  it('EN1990-UK with G and W: SLS-11 (G + W) duplicates SLS-10 once S, R, T, Q are zeroed and is dropped', () => {
    const set = generateCombinations({ standard: 'EN1990-UK' }, ['G', 'W']);
    expect(set.combinations.map((c) => `${c.id} ${c.name}`)).toEqual([
      'EN1990UK-ULS-1 1.35Gk',
      'EN1990UK-ULS-4 1.35Gk + 0.75Wk',
      'EN1990UK-ULS-13 1.24875Gk + 1.5Wk',
      'EN1990UK-ULS-17 Gk + 1.5Wk',
      'EN1990UK-SLS-1 Gk',
      'EN1990UK-SLS-10 Gk + Wk',
      'EN1990UK-SLS-18 Gk + 0.2Wk',
    ]);
  });

  it('EN1990-UK with G and S: the quasi-permanent SLS-20 equals SLS-1 and is dropped', () => {
    const ids = generateCombinations({ standard: 'EN1990-UK' }, ['G', 'S']).combinations.map((c) => c.id);
    expect(ids).toEqual(['EN1990UK-ULS-1', 'EN1990UK-ULS-3', 'EN1990UK-ULS-9', 'EN1990UK-SLS-1', 'EN1990UK-SLS-6', 'EN1990UK-SLS-16']);
  });

  it('rows of different kinds are never duplicates of each other (AS1170 with G only)', () => {
    const set = generateCombinations({ standard: 'AS1170' }, ['G']);
    expect(set.combinations.map((c) => `${c.id} ${c.name}`)).toEqual(['AS1170-ULS-1 1.35G', 'AS1170-SLS-1 G']);
  });

  it('BSL-Japan with G and W: SLS-10 (P = 0) equals SLS-3 without Q and is dropped', () => {
    const ids = generateCombinations({ standard: 'BSL-Japan' }, ['G', 'W']).combinations.map((c) => c.id);
    expect(ids).toEqual(['BSLJ-SLS-1', 'BSLJ-SLS-3']);
  });

  it('E rows come in reversed pairs with their own ids (0.4): IS456 with G and E', () => {
    const set = generateCombinations({ standard: 'IS456' }, ['G', 'E']);
    expect(set.combinations.map((c) => `${c.id} ${c.name}`)).toEqual([
      'IS456-ULS-1 1.5G',
      'IS456-ULS-9 1.5G + 1.5E',
      'IS456-ULS-10 1.5G − 1.5E',
      'IS456-ULS-11 0.9G + 1.5E',
      'IS456-ULS-12 0.9G − 1.5E',
      'IS456-ULS-13 1.2G + 1.2E',
      'IS456-ULS-14 1.2G − 1.2E',
      'IS456-SLS-1 G',
      'IS456-SLS-8 G + E',
      'IS456-SLS-9 G − E',
      'IS456-SLS-10 G + 0.8E',
      'IS456-SLS-11 G − 0.8E',
    ]);
  });

  it('ASCE7 "Q and Qr" rows need both: Qr alone gives ULS-6 as 1.2D + 1.6Lr', () => {
    const set = generateCombinations({ standard: 'ASCE7' }, ['G', 'Qr']);
    expect(set.combinations.map((c) => `${c.id} ${c.name}`)).toEqual([
      'ASCE7-ULS-1 1.4D',
      'ASCE7-ULS-6 1.2D + 1.6Lr',
      'ASCE7-SLS-1 D',
      'ASCE7-SLS-3 D + Lr',
    ]);
  });

  it('BSL-Japan warns that R and T have no factor (5.2)', () => {
    const set = generateCombinations({ standard: 'BSL-Japan' }, ['G', 'R', 'T']);
    expect(set.warnings).toHaveLength(1);
    expect(set.warnings[0]).toMatch(/R or T/);
    expect(set.combinations.every((c) => c.factors.R === 0 && c.factors.T === 0)).toBe(true);
    expect(generateCombinations({ standard: 'BSL-Japan' }, ['G', 'Q']).warnings).toEqual([]);
  });
});

describe('include', () => {
  it('keeps only the named ids, in id order whatever the order given', () => {
    const set = generateCombinations({ standard: 'AS1170', include: ['AS1170-SLS-2', 'AS1170-ULS-2'] }, ['G', 'Q']);
    expect(set.combinations.map((c) => c.id)).toEqual(['AS1170-ULS-2', 'AS1170-SLS-2']);
    expect(set.warnings).toEqual([]);
  });

  it('an unknown id is a 400 invalid_input listing every valid id, with the issue at its index', () => {
    const problem = problemOf(() => generateCombinations({ standard: 'AS1170', include: ['AS1170-ULS-2', 'AS1170-ULS-11'] }));
    expect(problem.code).toBe('invalid_input');
    expect(problem.status).toBe(400);
    expect(problem.issues).toEqual([{ path: 'combinations.include.1', message: 'unknown combination id "AS1170-ULS-11"' }]);
    for (let n = 1; n <= 10; n++) expect(problem.detail).toContain(`AS1170-ULS-${n},`);
    for (let n = 1; n <= 3; n++) expect(problem.detail).toContain(`AS1170-SLS-${n}`);
  });

  it("another standard's id is unknown", () => {
    const problem = problemOf(() => generateCombinations({ standard: 'ASCE7', include: ['AS1170-ULS-1'] }));
    expect(problem.issues?.[0]?.path).toBe('combinations.include.0');
    expect(problem.detail).toContain('ASCE7-SLS-21');
  });

  it('a valid id whose cases are absent is ignored with a warning', () => {
    const set = generateCombinations({ standard: 'AS1170', include: ['AS1170-ULS-2', 'AS1170-ULS-4'] }, ['G', 'Q']);
    expect(set.combinations.map((c) => c.id)).toEqual(['AS1170-ULS-2']);
    expect(set.warnings).toEqual(['Combination AS1170-ULS-4 was included but not run: it needs load case W, absent from the model.']);
  });

  it('a heavy-zone BSL-Japan id in the general zone is valid but not run', () => {
    const set = generateCombinations({ standard: 'BSL-Japan', include: ['BSLJ-SLS-6'] }, ['G', 'Q', 'S']);
    expect(set.combinations).toEqual([]);
    expect(set.warnings[0]).toMatch(/heavy snow zone/);
  });

  it('a duplicate dropped by deduplication names its twin in the warning', () => {
    const set = generateCombinations({ standard: 'EN1990-UK', include: ['EN1990UK-SLS-11'] }, ['G', 'W']);
    expect(set.warnings[0]).toMatch(/equals EN1990UK-SLS-10/);
  });

  it('at most 64 ids (interface-spec.md Limits): 64 pass, 65 are a 400 at combinations.include', () => {
    const ids = generateCombinations({ standard: 'ASCE7' }).combinations.map((c) => c.id);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ids[i % ids.length]!);
    expect(generateCombinations({ standard: 'ASCE7', include: many(64) }).combinations).toHaveLength(ids.length);
    const problem = problemOf(() => generateCombinations({ standard: 'ASCE7', include: many(65) }));
    expect(problem.issues).toEqual([{ path: 'combinations.include', message: 'at most 64 ids, got 65' }]);
  });
});

describe('custom', () => {
  it('ids CUSTOM-1..n in the order given, names kept, omitted factors 0, no psi or sign expansion', () => {
    const set = generateCombinations({
      standard: 'custom',
      custom: [
        { name: 'Uplift check', kind: 'ULS', factors: { G: 0.9, W: -1.5 } },
        { name: 'Variable only (UK NA to EN 1993-1-1)', kind: 'SLS', factors: { Q: 1, E: 0.3 } },
      ],
    });
    expect(set.combinations).toEqual([
      { id: 'CUSTOM-1', name: 'Uplift check', kind: 'ULS', factors: { G: 0.9, Q: 0, Qr: 0, W: -1.5, E: 0, S: 0, R: 0, T: 0 } },
      {
        id: 'CUSTOM-2',
        name: 'Variable only (UK NA to EN 1993-1-1)',
        kind: 'SLS',
        factors: { G: 0, Q: 1, Qr: 0, W: 0, E: 0.3, S: 0, R: 0, T: 0 },
      },
    ]);
    expect(set.standard).toBe('custom');
  });

  it('custom rows run even when their cases are absent (0.6: run exactly as supplied)', () => {
    const set = generateCombinations({ standard: 'custom', custom: [{ name: 'a', kind: 'ULS', factors: { S: 2 } }] }, ['G']);
    expect(set.combinations.map((c) => c.id)).toEqual(['CUSTOM-1']);
  });

  it('include names custom ids', () => {
    const custom = [1, 2, 3].map((n) => ({ name: `row ${n}`, kind: 'SLS' as const, factors: { G: n } }));
    const set = generateCombinations({ standard: 'custom', custom, include: ['CUSTOM-3', 'CUSTOM-1'] });
    expect(set.combinations.map((c) => c.name)).toEqual(['row 1', 'row 3']);
    const problem = problemOf(() => generateCombinations({ standard: 'custom', custom, include: ['CUSTOM-4'] }));
    expect(problem.detail).toContain('Valid ids: CUSTOM-1, CUSTOM-2, CUSTOM-3.');
  });

  it('required when standard is custom', () => {
    for (const custom of [undefined, []]) {
      const problem = problemOf(() => generateCombinations({ standard: 'custom', ...(custom ? { custom } : {}) }));
      expect(problem.issues?.map((i) => i.path)).toEqual(['combinations.custom']);
    }
  });

  it('refused with a generated standard rather than silently dropped', () => {
    const problem = problemOf(() => generateCombinations({ standard: 'IS456', custom: [{ name: 'x', kind: 'ULS', factors: { G: 1 } }] }));
    expect(problem.issues?.map((i) => i.path)).toEqual(['combinations.custom']);
  });

  it('at most 32 combinations: 32 pass, 33 are a 400', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, kind: 'ULS' as const, factors: { G: 1 + i / 10 } }));
    expect(generateCombinations({ standard: 'custom', custom: rows(32) }).combinations.at(-1)?.id).toBe('CUSTOM-32');
    const problem = problemOf(() => generateCombinations({ standard: 'custom', custom: rows(33) }));
    expect(problem.issues).toEqual([{ path: 'combinations.custom', message: 'at most 32 custom combinations, got 33' }]);
  });

  it('names up to 60 characters: 60 pass, 61 are a 400 at the name', () => {
    const named = (name: string) => ({ standard: 'custom' as const, custom: [{ name, kind: 'SLS' as const, factors: { G: 1 } }] });
    expect(generateCombinations(named('x'.repeat(60))).combinations[0]?.name).toHaveLength(60);
    // 60 code points outside the BMP are 120 UTF-16 units and still within the bound.
    expect(generateCombinations(named('\u{1F3D7}'.repeat(60))).combinations).toHaveLength(1);
    const problem = problemOf(() => generateCombinations(named('x'.repeat(61))));
    expect(problem.issues).toEqual([{ path: 'combinations.custom.0.name', message: 'at most 60 characters, got 61' }]);
  });

  it('factor keys are restricted to the eight cases and values must be finite', () => {
    const problem = problemOf(() =>
      generateCombinations({
        standard: 'custom',
        custom: [{ name: 'bad', kind: 'ULS', factors: { G: 1, L: 1.6, W: Number.NaN } as never }],
      }),
    );
    expect(problem.issues?.map((i) => i.path)).toEqual(['combinations.custom.0.factors.L', 'combinations.custom.0.factors.W']);
  });
});

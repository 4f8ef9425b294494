/**
 * The domain module: lookups, the shared-designation rule, did-you-mean, list filters, the SI/imperial round
 * trip and section resolution for truss and frame materials.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  editDistance,
  fillMaterials,
  normaliseDesignation,
  resolveSection,
  SectionLibrary,
  STEEL_E_GPA,
  type SectionFile,
  type SectionRow,
} from '../../ts/sections/index.js';
import { KG_PER_M_PER_LB_PER_FT, MM2_PER_IN2, MM4_PER_IN4, MM_PER_IN } from '../../ts/units/constants.js';
import { Problem } from '../../ts/problem/index.js';
import { publishedDigits } from '../../ts/sections/record.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';
import { SECTION_FILE_UNITS } from '../../ts/sections/types.js';

const library = loadSectionLibrary(join(resolve(import.meta.dirname, '..', '..'), 'data', 'sections'));

/** A two-standard library where both standards publish "HE 200" (made-up rows to test the rule, not data). */
function sharedLibrary(): SectionLibrary {
  const row = (standard: 'EN10365' | 'BS4', designation: string, A: number): SectionRow => ({
    designation,
    standard,
    type: standard === 'EN10365' ? 'HEB' : 'UC',
    A,
    Ix: 2,
    Iy: 1,
    mass: A * 7.85e-3,
    source: 's',
  });
  const file = (standard: 'EN10365' | 'BS4', rows: SectionRow[]): SectionFile => ({
    standard,
    units: SECTION_FILE_UNITS,
    sources: { s: { repository: 'r', commit: 'c', path: 'p', licence: 'l' } },
    sections: rows,
  });
  // BS4's file is given first; the library still orders by the standards order, EN10365 before BS4.
  return new SectionLibrary([
    file('BS4', [row('BS4', 'HE 200', 2000), row('BS4', 'UC 1', 100)]),
    file('EN10365', [row('EN10365', 'HE 200', 1000)]),
  ]);
}

describe('normalising and edit distance', () => {
  it('ignores case and spaces only', () => {
    expect(normaliseDesignation(' UB 457 x191X67 ')).toBe('ub457x191x67');
    expect(normaliseDesignation('L4X4X1/2')).toBe('l4x4x1/2');
  });

  it('counts insertions, deletions and substitutions (kitten/sitting = 3, the textbook example)', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('w14x90', 'w14x90')).toBe(0);
    // Beyond the limit the exact value does not matter, only that it exceeds the limit.
    expect(editDistance('kitten', 'sitting', 1)).toBeGreaterThan(1);
  });
});

describe('lookup', () => {
  it('matches exactly, then ignoring case and spaces', () => {
    expect(library.lookup('UB 457x191x67')?.section.row.designation).toBe('UB 457x191x67');
    expect(library.lookup('ub457X191x67')?.section.row.designation).toBe('UB 457x191x67');
    expect(library.lookup('ismb300')?.section.row.designation).toBe('ISMB 300');
    expect(library.lookup('ISA 20 x 20 x 3')?.section.row.designation).toBe('ISA 20x20x3');
    expect(library.lookup('W14X90', 'AISC')?.section.row.standard).toBe('AISC');
    expect(library.lookup('W14X90', 'BS4')).toBeUndefined();
    expect(library.lookup('W14X91')).toBeUndefined();
  });

  it('gives the first standard in standards order for a shared designation and names the others', () => {
    const shared = sharedLibrary();
    const found = shared.lookup('he200');
    expect(found?.section.row.standard).toBe('EN10365');
    expect(found?.section.row.A).toBe(1000);
    expect(found?.alsoIn).toEqual(['BS4']);
    const bs = shared.lookup('HE 200', 'BS4');
    expect(bs?.section.row.A).toBe(2000);
    expect(bs?.alsoIn).toEqual([]);
  });

  it('suggests up to three nearest designations, nearest first', () => {
    // W14X91 is one substitution from W14X90 and W14X99 (w14x9? vs w14x90 / w14x99), library order breaks the tie.
    const near = library.suggest('W14X91');
    expect(near).toHaveLength(3);
    expect(near.slice(0, 2).sort()).toEqual(['W14X90', 'W14X99']);
    expect(library.suggest('ISMB 301', 'IS808')[0]).toBe('ISMB 300');
    // "ub457x191x6" is one insertion from ...x67 and two edits from every other 457x191 size.
    expect(library.suggest('ub 457x191x6')[0]).toBe('UB 457x191x67');
    expect(sharedLibrary().suggest('UC 2', undefined, 1)).toEqual(['UC 1']);
  });
});

describe('list', () => {
  it('filters by standard, type (any case) and designation substring, with total before the limit', () => {
    const ub = library.list({ standard: 'BS4', type: 'ub', limit: 5 });
    expect(ub.total).toBe(91);
    expect(ub.sections).toHaveLength(5);
    expect(ub.sections.every((s) => s.row.type === 'UB' && s.row.standard === 'BS4')).toBe(true);
    // Type UB exists in AS4100 (28) and BS4 (91).
    expect(library.list({ type: 'UB', limit: 500 }).total).toBe(28 + 91);
    const q = library.list({ q: '457 X 191', limit: 500 });
    expect(q.sections.map((s) => s.row.designation)).toEqual([
      'UB 457x191x67',
      'UB 457x191x74',
      'UB 457x191x82',
      'UB 457x191x89',
      'UB 457x191x98',
    ]);
    expect(library.list({ q: '457 X 191', limit: 1, sort: 'library' }).sections[0]?.row.designation).toBe('UB 457x191x98');
    expect(library.list({ standard: 'AISC', type: 'IPE', limit: 50 }).total).toBe(0);
    expect(library.list({ limit: 50 }).total).toBe(3785);
  });

  it('keeps the standards order, AS4100 first', () => {
    const all = library.list({ limit: 500 }).sections;
    expect(all[0]?.row.standard).toBe('AS4100');
    expect(library.list({ standard: 'IS808', limit: 1 }).sections[0]?.row.designation).toBe('ISMB 100');
  });
});

describe('records', () => {
  it('imperial values are the SI ones to the precision the source publishes (issue 15, stumble 8)', () => {
    // each imperial value is within half a unit of its last published significant digit of the SI value
    const rel = (a: number, b: number) => Math.abs(a / b - 1);
    const within = (imperial: number, factor: number, si: number) => rel(imperial * factor, si) <= 0.5 * 10 ** (1 - publishedDigits(si));
    for (const { record } of library.sections) {
      const { si, imperial } = record;
      expect(within(imperial.A, MM2_PER_IN2, si.A), record.name).toBe(true);
      expect(within(imperial.Ix, MM4_PER_IN4, si.Ix), record.name).toBe(true);
      expect(within(imperial.Iy, MM4_PER_IN4, si.Iy), record.name).toBe(true);
      expect(within(imperial.weight, KG_PER_M_PER_LB_PER_FT, si.mass), record.name).toBe(true);
      for (const key of ['d', 'bf', 'tf', 'tw'] as const) {
        expect(imperial[key] === undefined).toBe(si[key] === undefined);
        if (si[key] !== undefined) expect(within(imperial[key] as number, MM_PER_IN, si[key]), record.name).toBe(true);
      }
    }
    // AISC rows are stored as the exact SI of their published imperial values and come back as published:
    // W14X90 A 26.5 in2, Ix 999 in4, Iy 362 in4, 90 lb/ft, d 14 in, tf 0.71 in (AISC Shapes Database v15.0)
    expect(library.lookup('W14X90')?.section.record.imperial).toMatchObject({ A: 26.5, Ix: 999, Iy: 362, weight: 90, d: 14, tf: 0.71 });
    // no value printed to more digits than its source gives: 3 for BS 4's 85.5 cm2
    expect(library.lookup('UB 457x191x67')?.section.record.imperial.A).toBe(13.3); // 8550 mm2 / 645.16 = 13.2527
  });

  it('has the shape of decisions.md 8', () => {
    const rec = library.lookup('IPE300')?.section.record;
    expect(Object.keys(rec ?? {})).toEqual(['name', 'standard', 'type', 'edition', 'si', 'imperial']);
    expect(rec?.edition).toBe('EN 10365:2017');
    // 42.2 kg/m x 0.3048 m/ft / 0.45359237 kg/lb = 12.86256 / 0.45359237 = 28.35709 lb/ft, given to the
    // three figures EN 10365 publishes 42.2 with: 28.4
    expect(rec?.imperial.weight).toBe(28.4);
  });
});

describe('resolving materials', () => {
  it('resolveSection gives the gross area and moments in SI', () => {
    // W14X90: A 26.5 in2 = 17096.74 mm2, Ix 999 in4 (AISC v15.0).
    expect(resolveSection(library, 'w14x90')).toMatchObject({ name: 'W14X90', standard: 'AISC', A_mm2: 17096.74 });
    expect(resolveSection(library, 'W14X90')?.Ix_mm4).toBeCloseTo(999 * 25.4 ** 4, 3);
    expect(resolveSection(library, 'no such section')).toBeUndefined();
  });

  it('fills a truss material from its section: A = gross area, E = 200 GPa unless given', () => {
    const filled = fillMaterials(library, [
      { id: 1, section: '310UB40.4' },
      { id: 2, section: '310UB40.4', E: 205 },
      { id: 3, section: '310UB40.4', A: 5000 },
      { id: 4, E: 70, A: 1200 },
    ]);
    // 310UB40.4: Ag 5210 mm2 (Liberty catalogue).
    expect(filled).toEqual([
      { id: 1, E: STEEL_E_GPA, A: 5210, section: '310UB40.4' },
      { id: 2, E: 205, A: 5210, section: '310UB40.4' },
      { id: 3, E: 200, A: 5000, section: '310UB40.4' },
      { id: 4, E: 70, A: 1200 },
    ]);
    expect(STEEL_E_GPA).toBe(200);
  });

  it('fills I = Ix for frames', () => {
    // UB 457x191x67: Iy (major) 29400 cm4 = 294e6 mm4 (Blue Book).
    expect(fillMaterials(library, [{ id: 1, section: 'UB 457x191x67' }], 'frame')).toEqual([
      { id: 1, E: 200, A: 8550, I: 294e6, section: 'UB 457x191x67' },
    ]);
  });

  it('rejects an unknown section and a material with neither section nor A, with issue paths', () => {
    let problem: unknown;
    try {
      fillMaterials(library, [
        { id: 1, section: '310UB40.4' },
        { id: 2, section: '310UB40.5' },
        { id: 3, E: 200 },
      ]);
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(Problem);
    const p = problem as Problem;
    expect(p.status).toBe(400);
    expect(p.code).toBe('invalid_input');
    expect(p.issues?.map((i) => i.path)).toEqual(['materials.1.section', 'materials.2.A']);
    expect(p.issues?.[0]?.message).toMatch(/^No section named "310UB40\.5"\. Did you mean "310UB40\.4"/);
  });
});

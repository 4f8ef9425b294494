/** The calculator's section picker as pure functions: the matches offered, and A and I replaced by the section's. */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionOptions, withSection } from '../../ts/web/section-picker.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';

const library = loadSectionLibrary(join(resolve(import.meta.dirname, '..', '..'), 'data', 'sections'));

describe('search as you type', () => {
  it('offers the designations containing the text, lightest first, at most 20', () => {
    const options = sectionOptions(library, 'w14x');
    expect(options).toHaveLength(20);
    // AISC v15.0: W14X22 (22 lb/ft) is the lightest W14, then W14X26, W14X30
    expect(options.slice(0, 3)).toEqual(['W14X22', 'W14X26', 'W14X30']);
    expect(sectionOptions(library, '  ')).toEqual([]);
    // a hollow designation is found once it names its family (the spellings of docs/sections.md)
    expect(sectionOptions(library, '89x89x5.0SHS')).toEqual(['89 x 5 SHS']);
    // AS/NZS 3679.1: 310UB32.0, 40.4, 46.2 kg/m, then the bearing piles 310UBP78.8, 110, 149
    expect(sectionOptions(library, '310ub')).toEqual(['310UB32.0', '310UB40.4', '310UB46.2', '310UBP78.8', '310UBP110', '310UBP149']);
  });
});

describe('picking another section replaces A and I', () => {
  it("a frame material takes the new section's A and Ix, in the page's units", () => {
    // W14X90: A 26.5 in2, Ix 999 in4 (AISC v15.0); in SI 17096.74 mm2 and 415815194.1744 mm4 (x 25.4^2, 25.4^4)
    const row = { id: 1, E: 200, A: 5210, I: 86.4e6, section: 'W14X90' };
    expect(withSection(library, row, ['A', 'I'], 'imperial')).toEqual({ ...row, A: 26.5, I: 999 });
    expect(withSection(library, row, ['A', 'I'], 'SI')).toEqual({ ...row, A: 17096.74, I: 415815194.1744 });
  });

  it('a beam span takes I only, about the axis it names; a truss material A only', () => {
    // W14X90 Iy 362 in4
    expect(withSection(library, { length: 30, E: 29000, I: 1, section: 'W14X90', axis: 'minor' }, ['I'], 'imperial')).toMatchObject({
      I: 362,
      E: 29000,
    });
    // 310UB40.4: A 5210 mm2
    expect(withSection(library, { id: 1, E: 200, A: 1, section: '310ub40.4' }, ['A'], 'SI')).toEqual({
      id: 1,
      E: 200,
      A: 5210,
      section: '310ub40.4',
    });
  });

  it('leaves the row alone while the text names no section', () => {
    expect(withSection(library, { id: 1, A: 5000, section: 'W14X9' }, ['A'], 'SI')).toBeUndefined();
    expect(withSection(library, { id: 1, A: 5000 }, ['A'], 'SI')).toBeUndefined();
  });
});

/**
 * The EN 10365 families steelsnakes tabulates in the Blue Book layout (its `EU/data` files): UPN and UPE
 * channels, and ArcelorMittal's HD columns, HL beams and HP bearing piles. One reader for all five, since
 * their columns are the same (mm dimensions; cm2, cm4, cm3, cm; I_w in dm6; I_yy major).
 */
import { steelsnakesRow } from './steelsnakes.js';
import { readJson } from './read.js';
import type { SectionRow } from '../../ts/sections/types.js';

type Obj = Record<string, unknown>;

/**
 * steelsnakes writes `UPN-400`, `HD-400x1299`, `HL-1100-R`; the catalogues print `UPN 400`, `HD 400 x 1299`,
 * `HL 1100 R`. The records follow EN10365's IPE300 and UPN400: no hyphen or space (`HD400x1299`, `HL1100R`),
 * and the catalogue spelling resolves to them, because lookups ignore spaces.
 */
export function steelsnakesEuName(designation: string): string {
  return designation.replace(/-/g, '');
}

export function buildSteelsnakesEu(rawDir: string, type: 'UPN' | 'UPE' | 'HD' | 'HL' | 'HP'): SectionRow[] {
  const table = readJson(rawDir, `EN10365/steelsnakes_EU_${type}.json`) as Record<string, Obj>;
  return Object.values(table).map((r) => {
    const name = steelsnakesEuName(String(r.designation));
    if (!name.startsWith(type)) throw new Error(`EN10365 ${name}: not a ${type} designation`);
    return steelsnakesRow('EN10365', name, type, r);
  });
}

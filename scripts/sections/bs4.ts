/**
 * BS 4-1 universal beams and columns from steelsnakes' Blue Book tables. Rows flagged `is_additional` are
 * sizes extra to the BS 4-1 range (the Blue Book's own marking) and are left out.
 */
import type { Built } from './built.js';
import { STEELSNAKES_COLUMNS } from './steelsnakes.js';
import { num, properties, readJson, toSi } from './read.js';
import { makeRow } from './row.js';

type Obj = Record<string, unknown>;

export function buildBs4(rawDir: string): Built {
  const family = (type: 'UB' | 'UC') =>
    Object.values(readJson(rawDir, `BS4/steelsnakes_UK_${type}.json`) as Record<string, Obj>)
      .filter((r) => r.is_additional === false)
      .map((r) => {
        const name = `${type} ${String(r.designation)}`;
        const what = `BS4 ${name}`;
        const mm = (key: string) => toSi.same(num(r[key], `${what} ${key}`));
        return makeRow('BS4', {
          designation: name,
          type,
          A: toSi.mm2FromCm2(num(r.A, `${what} A`)),
          Ix: toSi.mm4FromCm4(num(r.I_yy, `${what} I_yy`)),
          Iy: toSi.mm4FromCm4(num(r.I_zz, `${what} I_zz`)),
          mass: mm('mass_per_metre'),
          properties: properties(r, STEELSNAKES_COLUMNS, what),
          d: mm('h'),
          bf: mm('b'),
          tf: mm('tf'),
          tw: mm('tw'),
          source: 'steelsnakes',
        });
      });
  return {
    standard: 'BS4',
    sources: {
      steelsnakes: {
        repository: 'waynemaranga/steelsnakes',
        commit: '7c596baf06b59b38e760351f9d9c6d7c09a8e197',
        path: 'src/steelsnakes/UK/data/UB.json and UC.json (is_additional = false)',
        licence: 'GPL-2.0',
      },
    },
    entries: [...family('UB'), ...family('UC')].map((row) => ({ row, areaFactor: 1 })),
    crossChecks: [],
  };
}

/**
 * BS 4-1 universal beams and columns from steelsnakes' Blue Book tables. Rows flagged `is_additional` are
 * sizes extra to the BS 4-1 range (the Blue Book's own marking) and are left out.
 */
import type { Built } from './built.js';
import { steelsnakesRow } from './steelsnakes.js';
import { readJson } from './read.js';

type Obj = Record<string, unknown>;

export function buildBs4(rawDir: string): Built {
  const family = (type: 'UB' | 'UC') =>
    Object.values(readJson(rawDir, `BS4/steelsnakes_UK_${type}.json`) as Record<string, Obj>)
      .filter((r) => r.is_additional === false)
      .map((r) => steelsnakesRow('BS4', `${type} ${String(r.designation)}`, type, r));
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

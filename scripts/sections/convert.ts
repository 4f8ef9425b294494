/**
 * Writes data/sections/<STANDARD>.json from the raw published tables in data/sources
 * (see its SOURCES.md). Run from the repository root:
 *
 *   npx tsx scripts/sections/convert.ts [raw-tables-dir] [output-dir]
 *
 * Every row is checked before anything is written (positive properties, mass = 7850 kg/m3 x A within 3%,
 * known type, designation unique after normalising), and the output is byte-for-byte reproducible.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseDesignation } from '../../ts/sections/normalise.js';
import { STANDARDS } from '../../ts/sections/standards.js';
import type { SectionFile } from '../../ts/sections/types.js';
import { buildAisc } from './aisc.js';
import { buildAs4100 } from './as4100.js';
import { buildBs4 } from './bs4.js';
import type { Built } from './built.js';
import { buildEn10365 } from './en10365.js';
import { buildIs808 } from './is808.js';
import { buildJis } from './jis.js';
import { checkProperties, checkRow, massRatio, radiusRatio } from './row.js';
import { PROPERTY_KEYS, SECTION_FILE_UNITS, type SectionRow } from '../../ts/sections/types.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function buildAll(rawDir: string): Built[] {
  return [buildAs4100, buildAisc, buildEn10365, buildBs4, buildJis, buildIs808].map((build) => build(rawDir));
}

/** Throws on the first row that fails a check; returns nothing otherwise. */
export function check(built: Built): void {
  const known = new Set(STANDARDS[built.standard].types.map((t) => t.type));
  const seen = new Map<string, string>();
  for (const { row, areaFactor, massTolerance, radiusAllowance } of built.entries) {
    if (row.standard !== built.standard) throw new Error(`${row.designation}: standard ${row.standard}`);
    if (!known.has(row.type)) throw new Error(`${built.standard} ${row.designation}: unknown type ${row.type}`);
    if (!(row.source in built.sources)) throw new Error(`${row.designation}: unknown source ${row.source}`);
    checkRow(row, areaFactor, massTolerance);
    checkProperties(row, radiusAllowance);
    const key = normaliseDesignation(row.designation);
    const other = seen.get(key);
    if (other !== undefined) throw new Error(`${built.standard}: ${row.designation} and ${other} normalise alike`);
    seen.set(key, row.designation);
  }
}

/** One section per line so that a change to the tables reads as a small diff. */
export function serialise(built: Built): string {
  const file: SectionFile = {
    standard: built.standard,
    units: SECTION_FILE_UNITS,
    sources: built.sources,
    sections: [],
  };
  const head = JSON.stringify(file, null, 2).replace(/"sections": \[\]\n\}$/, '');
  const rows = built.entries.map(({ row }) => `    ${JSON.stringify(row)}`).join(',\n');
  return `${head}"sections": [\n${rows}\n  ]\n}\n`;
}

/** How many rows of a family publish each property, e.g. "Zx 283 ... Cw 283" (those none publish are left out). */
function propertyCounts(rows: readonly SectionRow[]): string {
  return PROPERTY_KEYS.map((key) => [key, rows.filter((r) => r[key] !== undefined).length] as const)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${key} ${n}`)
    .join(' ');
}

/** The range of r^2 A / I over a family's published radii (1 is exact; the tables' rounding widens it). */
function radiusRange(rows: readonly SectionRow[]): string {
  const ratios = rows.flatMap((r) => [
    ...(r.rx !== undefined && !r.derived?.includes('rx') ? [radiusRatio(r.rx, r.Ix, r.A)] : []),
    ...(r.ry !== undefined && !r.derived?.includes('ry') ? [radiusRatio(r.ry, r.Iy, r.A)] : []),
  ]);
  return ratios.length === 0 ? '-' : `${Math.min(...ratios).toFixed(4)}-${Math.max(...ratios).toFixed(4)}`;
}

/**
 * Per standard and type: count, the range of mass / (7850 x A), the range of r^2 A / I, and how many rows
 * publish each property, for docs/sections.md.
 */
export function summary(all: Built[]): string {
  const lines = ['standard type count massRatioMin massRatioMax r2A/I properties'];
  let total = 0;
  for (const built of all) {
    for (const { type } of STANDARDS[built.standard].types) {
      const entries = built.entries.filter((e) => e.row.type === type);
      const ratios = entries.map((e) => massRatio(e.row, e.areaFactor));
      const rows = entries.map((e) => e.row);
      lines.push(
        `${built.standard} ${type} ${entries.length} ${Math.min(...ratios).toFixed(4)} ${Math.max(...ratios).toFixed(4)} ` +
          `${radiusRange(rows)} ${propertyCounts(rows)}`,
      );
    }
    lines.push(`${built.standard} (all) ${built.entries.length}`);
    total += built.entries.length;
  }
  lines.push(`total ${total}`);
  lines.push('cross-checks:', ...all.flatMap((b) => b.crossChecks.map((c) => `  ${b.standard} ${c}`)));
  return lines.join('\n');
}

function main(argv: string[]): void {
  const rawDir = resolve(argv[0] ?? join(repoRoot, 'data', 'sources'));
  const outDir = resolve(argv[1] ?? join(repoRoot, 'data', 'sections'));
  const all = buildAll(rawDir);
  all.forEach(check);
  mkdirSync(outDir, { recursive: true });
  for (const built of all) writeFileSync(join(outDir, `${built.standard}.json`), serialise(built));
  console.log(summary(all));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}

/**
 * The section library read from its JSON files: the one Node-only step of the library, kept out of ts/sections
 * so that the domain runs in a browser (which is given the files' contents instead).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SectionLibrary, STANDARD_IDS, type SectionFile } from '../sections/index.js';

/** Reads every data/sections/<STANDARD>.json present in `dir` (default: the repository's data/sections). */
export function loadSectionLibrary(dir: string = defaultDataDir()): SectionLibrary {
  const files = STANDARD_IDS.map((id) => join(dir, `${id}.json`))
    .filter((path) => existsSync(path))
    .map((path) => JSON.parse(readFileSync(path, 'utf8')) as SectionFile);
  if (files.length === 0) throw new Error(`no section data files in ${dir}`);
  return new SectionLibrary(files);
}

/** data/sections, the folder of the repository's section tables. */
export function defaultDataDir(): string {
  return dataDir('sections', 'AISC.json');
}

/** data/<folder> (holding `file`) found by walking up from this module, so it works from ts/ (tsx) and from dist/ts/ alike. */
export function dataDir(folder: string, file: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'data', folder);
    if (existsSync(join(candidate, file))) return candidate;
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error(`data/${folder} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

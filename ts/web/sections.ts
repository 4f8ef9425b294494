/**
 * The steel section library in the page, so that a material may name a section (`IPE300`) as in the API.
 * Its data files (data/sections, the service's own) are emitted by Vite as assets and fetched once at start,
 * beside the .wasm: after that the page needs no network.
 */
import { SectionLibrary, type SectionFile } from '../sections/index.js';

// one `new URL` per file, literally, so that Vite emits each as an asset
const FILES = [
  new URL('../../data/sections/AISC.json', import.meta.url),
  new URL('../../data/sections/AS4100.json', import.meta.url),
  new URL('../../data/sections/BS4.json', import.meta.url),
  new URL('../../data/sections/EN10365.json', import.meta.url),
  new URL('../../data/sections/IS808.json', import.meta.url),
  new URL('../../data/sections/JIS.json', import.meta.url),
];

export async function loadSections(): Promise<SectionLibrary> {
  const files = await Promise.all(
    FILES.map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
      return (await response.json()) as SectionFile;
    }),
  );
  return new SectionLibrary(files);
}

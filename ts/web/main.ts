/**
 * The calculator's entry: initialise the engine's WebAssembly (the same .wasm the service loads, emitted by
 * Vite as an asset) and the section library, and start the page. Everything after this runs without the network.
 */
import init, * as glue from '../../pkg/spanwise_engine.js';
import { createEngine } from '../engine/engine.js';
import { Page } from './page.js';
import { loadSections } from './sections.js';

async function start(): Promise<void> {
  const [, sections] = await Promise.all([
    init({ module_or_path: new URL('../../pkg/spanwise_engine_bg.wasm', import.meta.url) }),
    loadSections(),
  ]);
  new Page(createEngine(glue), sections);
}

start().catch((error: unknown) => {
  document.body.dataset.state = 'failed';
  const status = document.querySelector('#status');
  if (status) status.textContent = `The calculator could not start: ${String(error)}`;
});

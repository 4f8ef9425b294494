/**
 * Loads the engine's WebAssembly package (pkg/, built by `make wasm`) in Node: the glue module plus
 * the .wasm bytes, initialised once per process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEngine, type Engine } from './engine.js';
import type { EngineBindings } from './types.js';

/** The project root: the nearest folder above this module holding pkg/ (works from ts/ and dist/ts/). */
export function packageDirectory(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'pkg', 'spanwise_engine.js');
    if (existsSync(candidate)) return join(dir, 'pkg');
    const parent = dirname(dir);
    if (parent === dir) throw new Error('pkg/spanwise_engine.js not found: run `make wasm` first');
    dir = parent;
  }
}

let loaded: Promise<Engine> | undefined;

/** The engine's WebAssembly compiled once, for threads that each start an instance of it (ts/server/compute). */
export function compileEngineModule(): WebAssembly.Module {
  return new WebAssembly.Module(readFileSync(join(packageDirectory(), 'spanwise_engine_bg.wasm')));
}

/**
 * This thread's engine, initialised once: from `module` when given (a module compiled by another thread),
 * else from pkg/'s .wasm bytes.
 */
export function loadEngine(module?: WebAssembly.Module): Promise<Engine> {
  loaded ??= (async () => {
    const pkg = packageDirectory();
    const glue = (await import(pathToFileURL(join(pkg, 'spanwise_engine.js')).href)) as EngineBindings & {
      initSync(options: { module: BufferSource | WebAssembly.Module }): unknown;
    };
    glue.initSync({ module: module ?? readFileSync(join(pkg, 'spanwise_engine_bg.wasm')) });
    return createEngine(glue);
  })();
  return loaded;
}

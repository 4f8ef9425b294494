/** One in-process app per test file, on the real WASM engine (built by `make wasm`). */
import type Koa from 'koa';
import { loadEngine } from '../../ts/engine/node.js';
import { createApp, type AppOptions } from '../../ts/server/app.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';

export async function testApp(options: Partial<AppOptions> = {}): Promise<Koa> {
  const engine = await loadEngine();
  return createApp({ engine, sections: loadSectionLibrary(), log: () => {}, ...options });
}

/** Relative closeness used by every golden test: 1e-6 on reactions and extremes. */
export function expectClose(got: number | undefined, want: number, relative = 1e-6): void {
  if (got === undefined || !Number.isFinite(got)) throw new Error(`expected ${want}, got ${got}`);
  const scale = Math.max(Math.abs(want), 1e-9);
  if (Math.abs(got - want) > relative * scale)
    throw new Error(`expected ${want}, got ${got} (relative error ${Math.abs(got - want) / scale})`);
}

/** A solve answer without its timing (`meta.computeMs`), which differs between two solves of one model. */
export function withoutTiming(body: unknown): unknown {
  const { meta, ...rest } = body as { meta: Record<string, unknown> };
  const { computeMs: _computeMs, ...stable } = meta;
  return { ...rest, meta: stable };
}

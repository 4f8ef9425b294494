/**
 * The calculator (decisions.md section 16): static files Vite builds from ts/web into dist/calculator
 * (`make web`), served by @koa/send. `/calculator/{beam,truss,frame}` answer the one HTML page (it reads
 * its kind from the path); `/calculator/assets/<file>` the hashed scripts, styles and the engine's .wasm.
 * Open routes: not counted, not in the API document.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from '@koa/send';
import type { Context, Middleware } from 'koa';
import { Problem } from '../../problem/index.js';

export const CALCULATOR_KINDS = ['beam', 'truss', 'frame'] as const;

/** A year: asset names carry a hash of their content, so a new build has new names. */
/** @koa/send's options (its package exports the type under no public name). */
type SendOptions = NonNullable<Parameters<typeof send>[2]>;

const ASSET_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/** Options common to both routes: only what was built, nothing hidden, no directory listing. */
const SEND: SendOptions = { hidden: false, format: false, index: false, extensions: false };

/** dist/calculator of the repository this module belongs to, from ts/server (tsx) or dist/ts/server alike. */
export function defaultCalculatorDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return join(dir, 'dist', 'calculator');
}

/**
 * Sends `file` under `root`, or a 404 problem: a file that is not there (the page not built, a stale asset
 * name) and a path @koa/send refuses (`..` out of the root, a hidden file, a directory) are all "no such
 * resource", never a 400 or 500 that would tell what lies around the root.
 */
async function sendOr404(ctx: Context, root: string, file: string, options: SendOptions, what: string): Promise<void> {
  let sent: string | undefined;
  try {
    sent = await send(ctx, file, { ...SEND, ...options, root });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === undefined || status >= 500) throw error;
  }
  if (sent === undefined) throw new Problem('not_found', `No ${what} at ${ctx.path}.`);
}

/** GET /calculator/{kind}: the page, revalidated on each visit so a new build is picked up. */
export function calculatorPage(dir: string): Middleware {
  return async (ctx) => {
    const kind = ctx.params.kind as string;
    if (!(CALCULATOR_KINDS as readonly string[]).includes(kind)) {
      throw new Problem('not_found', `No calculator for "${kind}"; the calculators are ${CALCULATOR_KINDS.join(', ')}.`);
    }
    ctx.set('Cache-Control', 'no-cache');
    await sendOr404(ctx, dir, 'index.html', {}, 'calculator page (build it with make web)');
  };
}

/** GET /calculator/assets/{file}: a built asset, cached for good (hashed names). */
export function calculatorAsset(dir: string): Middleware {
  return async (ctx) => {
    await sendOr404(ctx, join(dir, 'assets'), ctx.params.file as string, { maxage: ASSET_MAX_AGE_MS, immutable: true }, 'calculator asset');
  };
}

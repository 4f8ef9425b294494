/**
 * Figures as PNG (decisions.md 23), for the diagram routes' `Accept: image/png` and the MCP render tools'
 * `format: "png"`: the very SVG the renderer drew, rasterised by resvg (a maintained Rust SVG renderer,
 * through its Node binding, so it stays out of the domain, which runs in browsers). The fonts are the
 * repository's own (data/fonts) and system fonts are never read, so a figure's text, and its bytes, are the
 * same on every machine.
 */
import { join } from 'node:path';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { dataDir } from './section-files.js';

export const PNG_MIME_TYPE = 'image/png';

/**
 * Liberation Sans stands for Helvetica and Arial, which the figures name (ts/svg FONT_FAMILY): it is
 * metric-compatible with both, and the labels are placed by its advance widths (ts/svg/text-metrics.ts).
 */
const FONT = 'Liberation Sans';
const FONT_FILES = ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf'];

let options: ResvgRenderOptions | undefined;

function renderOptions(): ResvgRenderOptions {
  const dir = dataDir('fonts', FONT_FILES[0]!);
  return {
    font: {
      loadSystemFonts: false,
      fontFiles: FONT_FILES.map((file) => join(dir, file)),
      defaultFontFamily: FONT,
      sansSerifFamily: FONT,
    },
    // the SVG's own width and height are the figure size the request asked for
    fitTo: { mode: 'original' },
    logLevel: 'off',
  };
}

/** The PNG of an SVG document the service drew, at the document's own width and height. */
export function rasterise(svg: string): Uint8Array {
  options ??= renderOptions();
  return new Resvg(svg, options).render().asPng();
}

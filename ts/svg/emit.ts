/**
 * Scene to SVG text. The only module that writes markup: every number goes through `coordinate`,
 * every attribute value and text through `escapeXml`, every id through the caller's prefix.
 * One element per line, attributes in a fixed order, so output is stable byte for byte.
 */
import { escapeXml } from './escape.js';
import { coordinate, fromSuperscript, isSuperscript } from './format.js';
import { elements } from './elements.js';
import type { PathCommand, Scene, Shape, TextShape } from './scene.js';
import { palettes, type Palette, type Theme } from './theme.js';

export const FONT_FAMILY = 'Helvetica, Arial, sans-serif';

/** Distance from a line's vertical centre to its baseline, in ems (the font's x-height centre). */
const BASELINE_DROP = 0.35;

type Attributes = [string, string | number | undefined][];

function attributes(list: Attributes): string {
  let out = '';
  for (const [name, value] of list) {
    if (value === undefined) continue;
    // a formatted number is digits, a sign and a point: nothing to escape
    out += ` ${name}="${typeof value === 'number' ? coordinate(value) : escapeXml(value)}"`;
  }
  return out;
}

function pathData(d: PathCommand[]): string {
  // one string grown in a loop: a chart's curve has hundreds of commands, and this runs for every figure
  let out = '';
  for (const c of d) {
    switch (c[0]) {
      case 'M':
      case 'L':
        out += `${c[0]}${coordinate(c[1])} ${coordinate(c[2])}`;
        break;
      case 'A':
        out += `A${coordinate(c[1])} ${coordinate(c[1])} 0 ${c[2]} ${c[3]} ${coordinate(c[4])} ${coordinate(c[5])}`;
        break;
      case 'Z':
        out += 'Z';
        break;
    }
  }
  return out;
}

/**
 * A label's text with each run of superscript characters (format.ts `superscript`) written as ordinary digits in
 * a raised, smaller tspan: the figure's fonts lack most superscript glyphs, but every font has digits.
 */
function raised(text: string): string {
  if (![...text].some(isSuperscript)) return escapeXml(text);
  const runs = [...text].reduce<{ up: boolean; text: string }[]>((out, c) => {
    const up = isSuperscript(c);
    const last = out[out.length - 1];
    if (last && last.up === up) last.text += c;
    else out.push({ up, text: c });
    return out;
  }, []);
  return runs
    .map((r) => (r.up ? `<tspan baseline-shift="super" font-size="70%">${escapeXml(fromSuperscript(r.text))}</tspan>` : escapeXml(r.text)))
    .join('');
}

function text(shape: TextShape, palette: Palette): string {
  const label = `<text${attributes([
    ['x', shape.at.x],
    ['y', shape.at.y + shape.size * BASELINE_DROP],
    ['font-size', shape.size],
    ['text-anchor', shape.anchor],
    ['font-weight', shape.bold ? 'bold' : undefined],
    ['fill', palette[shape.fill]],
  ])}>${raised(shape.text)}</text>`;
  if (!shape.halo && !shape.outline) return label;
  const { x0, y0, x1, y1 } = shape.box;
  const halo = `<rect${attributes([
    ['x', x0],
    ['y', y0],
    ['width', x1 - x0],
    ['height', y1 - y0],
    ['fill', palette.background],
    ['fill-opacity', '0.85'],
    ['stroke', shape.outline ? palette[shape.fill] : undefined],
    ['stroke-width', shape.outline ? 0.75 : undefined],
  ])}/>`;
  return `${halo}\n${label}`;
}

function shape(s: Shape, palette: Palette): string {
  switch (s.kind) {
    case 'path':
      return `<path${attributes([
        ['d', pathData(s.d)],
        ['fill', s.fill ? palette[s.fill] : 'none'],
        ['fill-opacity', s.fillOpacity],
        ['stroke', s.stroke ? palette[s.stroke] : undefined],
        ['stroke-width', s.stroke ? (s.strokeWidth ?? 1) : undefined],
        ['stroke-dasharray', s.dashed ? '6 4' : undefined],
        ['stroke-linejoin', s.stroke ? 'round' : undefined],
      ])}/>`;
    case 'circle':
      return `<circle${attributes([
        ['cx', s.center.x],
        ['cy', s.center.y],
        ['r', s.r],
        ['fill', s.fill ? palette[s.fill] : 'none'],
        ['stroke', s.stroke ? palette[s.stroke] : undefined],
        ['stroke-width', s.stroke ? (s.strokeWidth ?? 1) : undefined],
      ])}/>`;
    case 'text':
      return text(s, palette);
  }
}

export interface EmitOptions {
  theme: Theme;
  /** prefix of every id in the document, so several figures can share one page */
  idPrefix: string;
}

export function emit(scene: Scene, options: EmitOptions): string {
  const palette = palettes[options.theme];
  const id = (name: string) => `${options.idPrefix}-${name}`;
  const lines = [
    `<svg${attributes([
      ['xmlns', 'http://www.w3.org/2000/svg'],
      ['width', scene.width],
      ['height', scene.height],
      ['viewBox', `0 0 ${coordinate(scene.width)} ${coordinate(scene.height)}`],
      ['role', 'img'],
      ['aria-labelledby', id('title')],
      ['font-family', FONT_FAMILY],
    ])}>`,
    `<title${attributes([['id', id('title')]])}>${escapeXml(scene.title)}</title>`,
    `<rect${attributes([
      ['width', scene.width],
      ['height', scene.height],
      ['fill', palette.background],
    ])}/>`,
  ];
  for (const layer of scene.layers) {
    if (layer.shapes.length === 0) continue;
    lines.push(`<g${attributes([['id', id(layer.name)]])}>`);
    for (const s of elements(layer.shapes)) lines.push(shape(s, palette));
    lines.push('</g>');
  }
  lines.push('</svg>');
  return `${lines.join('\n')}\n`;
}

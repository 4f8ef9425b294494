/**
 * The caption above a figure, naming what it draws (a combination, the envelope, or the unfactored analysis of a
 * request with combinations, decisions.md 15). The figure is laid out in the height below the caption's strip and
 * moved down under it, so no layout has to make room for it and nothing it draws can meet the caption.
 */
import { textBox } from './label-boxes.js';
import { shifted, type Scene, type TextShape } from './scene.js';

/** Height of the strip the caption takes at the top of the figure, in pixels. */
export const CAPTION_STRIP = 22;
const SIZE = 12;
const SMALLEST = 8;
const INSET = 8;

/** The caption's text shape: shrunk to fit the width, and cut with an ellipsis below the smallest size. */
export function captionText(caption: string, width: number): TextShape {
  const room = width - 2 * INSET;
  // measured as the label placer measures every label: a fixed advance per glyph
  const perGlyph = textBox('x', { x: 0, y: 0 }, 'start', 1).x1;
  const size = Math.max(SMALLEST, Math.min(SIZE, Math.floor((10 * room) / (caption.length * perGlyph)) / 10));
  const fits = Math.floor(room / (size * perGlyph));
  const text = caption.length <= fits ? caption : `${caption.slice(0, fits - 1)}\u2026`;
  const at = { x: INSET, y: CAPTION_STRIP / 2 + 1 };
  return { kind: 'text', text, at, anchor: 'start', size, fill: 'ink', bold: true, box: textBox(text, at, 'start', size) };
}

/** A figure under its caption: `layout(height)` draws it in the height left below the strip. */
export function captioned(caption: string | undefined, height: number, layout: (height: number) => Scene): Scene {
  if (caption === undefined) return layout(height);
  const scene = shifted(layout(height - CAPTION_STRIP), CAPTION_STRIP);
  const text = captionText(caption, scene.width);
  return { ...scene, title: `${scene.title}: ${caption}`, layers: [...scene.layers, { name: 'caption', shapes: [text] }] };
}

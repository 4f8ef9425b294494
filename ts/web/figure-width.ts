/**
 * How wide the page draws a figure (issue 37). A figure fills its pane; drawn at the route's default 860 px
 * and shrunk into a 500 px pane, its 9 px labels were 5 px on screen. So a figure is drawn for its pane: at
 * the width that, scaled to fill the pane, shows its smallest label at SMALLEST_LABEL_PX. Pure, so it is
 * tested without a browser.
 */
import { DIAGRAM_WIDTH } from '../schema/diagram.js';

/** The smallest a label may be on screen or on paper, in CSS px (11 px: 8.25 pt printed). */
export const SMALLEST_LABEL_PX = 11;

/** The smallest label size the renderer draws (a truss's member numbers), assumed until a view has been drawn. */
export const SMALLEST_DRAWN_PX = 9;

const FONT_SIZE = /font-size="([0-9.]+)"/g;

/** The smallest font size in a figure's text (the renderer writes each as a `font-size` attribute), if any. */
export function smallestFont(svg: string): number | undefined {
  let smallest: number | undefined;
  for (const [, size] of svg.matchAll(FONT_SIZE)) {
    const px = Number(size);
    if (px > 0 && (smallest === undefined || px < smallest)) smallest = px;
  }
  return smallest;
}

/**
 * The width to draw a figure whose smallest label is `font` px so that, scaled to `pane` CSS px, that label
 * is at least SMALLEST_LABEL_PX: within the diagram route's range (below 489 px a pane shows 9 px labels
 * smaller; the page is one column there, its pane the window's width).
 */
export function drawWidth(pane: number, font: number): number {
  const width = Math.floor((pane * font) / SMALLEST_LABEL_PX);
  return Math.min(DIAGRAM_WIDTH.maximum, Math.max(DIAGRAM_WIDTH.minimum, width));
}

/** The width a figure was drawn at: its root element's `width`. */
export function drawnWidth(svg: string): number | undefined {
  const match = /^<svg\b[^>]*?\swidth="([0-9.]+)"/.exec(svg);
  return match ? Number(match[1]) : undefined;
}

/**
 * A figure drawn readable in `room` CSS px: at the width its smallest label asks for, which is known once it
 * has been drawn (`font`, the last drawing's, else SMALLEST_DRAWN_PX); a drawing whose smallest label differs
 * from the one assumed is drawn again, at most twice (a caption's size follows the width). Answers the last
 * drawing and its smallest label.
 */
export function drawReadable<T extends { svg: string } | { message: string }>(
  room: number,
  font: number | undefined,
  draw: (width: number) => T,
): { drawn: T; font: number | undefined } {
  let width = drawWidth(room, font ?? SMALLEST_DRAWN_PX);
  let drawn = draw(width);
  let smallest = font;
  for (let again = 0; again < 2 && 'svg' in drawn; again += 1) {
    smallest = smallestFont(drawn.svg) ?? smallest;
    if (smallest === undefined) break;
    const wanted = drawWidth(room, smallest);
    // readable as drawn, and wider only after a redraw already: kept
    if (wanted === width || (wanted > width && again > 0)) break;
    width = wanted;
    drawn = draw(width);
  }
  return { drawn, font: smallest };
}

/**
 * The width the calculator draws a figure at (ts/web/figure-width.ts, issue 37 item 4): scaled to fill its pane,
 * the figure's smallest label must be at least 11 px. Every expected width is worked by hand below.
 */
import { describe, expect, it } from 'vitest';
import { drawnWidth, drawReadable, drawWidth, smallestFont } from '../../ts/web/figure-width.js';

describe('drawWidth', () => {
  it('draws at pane x smallest label / 11, so the smallest label shows at 11 px', () => {
    // a 498 px pane (the calculator's at 1280 px) and 9 px labels: floor(498 x 9 / 11) = floor(407.45) = 407;
    // shown at 498 px, a 9 px label is 9 x 498 / 407 = 11.01 px
    expect(drawWidth(498, 9)).toBe(407);
    // 11 px labels need no scaling: the figure is drawn at the pane's own width
    expect(drawWidth(776, 11)).toBe(776);
  });
  it("stays within the diagram route's 400 to 2000 px", () => {
    // 300 x 9 / 11 = 245.5, under the route's minimum; 3000 x 9 / 11 = 2454.5, over its maximum
    expect(drawWidth(300, 9)).toBe(400);
    expect(drawWidth(3000, 9)).toBe(2000);
  });
});

describe('reading a drawn figure', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="620" height="250"><text font-size="12">a</text><text font-size="9.5">b</text><text font-size="11">c</text></svg>';
  it('finds its smallest font size and its width', () => {
    expect(smallestFont(svg)).toBe(9.5);
    expect(smallestFont('<svg width="400"></svg>')).toBeUndefined();
    expect(drawnWidth(svg)).toBe(620);
  });
});

describe('drawReadable', () => {
  /** A stand-in renderer whose smallest label is `font` px, as the real one writes it, at any width. */
  const renderer = (font: number, widths: number[]) => (width: number) => {
    widths.push(width);
    return { svg: `<svg width="${width}"><text font-size="${font}">x</text></svg>` };
  };
  it('draws once when the smallest label is the one assumed', () => {
    const widths: number[] = [];
    // nothing known: 9 px assumed; 550 x 9 / 11 = 450
    expect(drawReadable(550, undefined, renderer(9, widths)).font).toBe(9);
    expect(widths).toEqual([450]);
  });
  it('draws again at the width a different smallest label asks for', () => {
    const widths: number[] = [];
    // assumed 9 px: 450; the drawing's smallest is 11 px, so 550 x 11 / 11 = 550
    const { font } = drawReadable(550, undefined, renderer(11, widths));
    expect(font).toBe(11);
    expect(widths).toEqual([450, 550]);
  });
  it('leaves a message (no figure) as it is', () => {
    let calls = 0;
    const { drawn } = drawReadable(550, 10, () => {
      calls += 1;
      return { message: 'No figure.' };
    });
    expect(drawn).toEqual({ message: 'No figure.' });
    expect(calls).toBe(1);
  });
});

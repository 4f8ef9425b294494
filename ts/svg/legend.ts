/** The legend along a figure's bottom edge: a short line in each entry's colour (dashed where the drawing is), then its text. */
import type { LabelPlacer } from './labels.js';
import { polyline, type Shape, type TextShape } from './scene.js';
import type { Paint } from './theme.js';

export interface LegendEntry {
  text: string;
  paint: Paint;
  dashed?: boolean;
}

/** Draws the entries left to right on `shapes` and places their labels; answers the labels. */
export function legend(entries: readonly LegendEntry[], height: number, shapes: Shape[], placer: LabelPlacer): TextShape[] {
  const y = height - 14;
  let x = 12;
  return entries.map((entry) => {
    const line = [
      { x, y },
      { x: x + 22, y },
    ];
    shapes.push(polyline(line, { stroke: entry.paint, strokeWidth: 2.5, ...(entry.dashed && { dashed: true }) }));
    const label = placer.place({ text: entry.text, candidates: [{ at: { x: x + 28, y }, anchor: 'start' }], fill: entry.paint, size: 11 });
    x = label.box.x1 + 18;
    return label;
  });
}

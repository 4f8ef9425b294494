/**
 * The legend along a figure's bottom edge: a short line in each entry's colour (dashed where the drawing is),
 * then its text; entries that do not fit the width start a row above.
 */
import { textWidth } from './label-boxes.js';
import type { LabelPlacer } from './labels.js';
import { polyline, type Shape, type TextShape } from './scene.js';
import type { Paint } from './theme.js';

export interface LegendEntry {
  text: string;
  paint: Paint;
  dashed?: boolean;
}

const SIZE = 11;
const ROW = 16;

/** Draws the entries left to right on `shapes` and places their labels; answers the labels. */
export function legend(entries: readonly LegendEntry[], width: number, height: number, shapes: Shape[], placer: LabelPlacer): TextShape[] {
  // rows first, so the last row sits on the bottom edge and earlier ones above it
  const rows: LegendEntry[][] = [[]];
  let x = 12;
  for (const entry of entries) {
    const room = 28 + textWidth(entry.text, SIZE);
    if (x + room > width - 4 && rows[rows.length - 1]!.length > 0) {
      rows.push([]);
      x = 12;
    }
    rows[rows.length - 1]!.push(entry);
    x += room + 18;
  }
  return rows.flatMap((row, r) => {
    const y = height - 14 - (rows.length - 1 - r) * ROW;
    let left = 12;
    return row.map((entry) => {
      const line = [
        { x: left, y },
        { x: left + 22, y },
      ];
      shapes.push(polyline(line, { stroke: entry.paint, strokeWidth: 2.5, ...(entry.dashed && { dashed: true }) }));
      const label = placer.placeAlways({
        text: entry.text,
        candidates: [{ at: { x: left + 28, y }, anchor: 'start' }],
        fill: entry.paint,
        size: SIZE,
      });
      left = label.box.x1 + 18;
      return label;
    });
  });
}

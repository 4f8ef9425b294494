/**
 * A figure as plain data: the layout modules build a Scene (pixel coordinates, colour roles, text
 * with its box), and `emit.ts` alone turns it into SVG text. Tests read the scene to check label boxes.
 */
import type { Paint } from './theme.js';

export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned box in pixels, y down. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type PathCommand =
  | ['M', number, number]
  | ['L', number, number]
  /** circular arc of radius r to (x, y); sweep 1 = clockwise on screen */
  | ['A', number, 0 | 1, 0 | 1, number, number]
  | ['Z'];

export interface PathShape {
  kind: 'path';
  d: PathCommand[];
  stroke?: Paint;
  strokeWidth?: number;
  fill?: Paint;
  fillOpacity?: number;
  dashed?: boolean;
}

export interface CircleShape {
  kind: 'circle';
  center: Point;
  r: number;
  stroke?: Paint;
  strokeWidth?: number;
  fill?: Paint;
}

export type Anchor = 'start' | 'middle' | 'end';

export interface TextShape {
  kind: 'text';
  text: string;
  /** anchor point: x per `anchor`, y the vertical centre of the text */
  at: Point;
  anchor: Anchor;
  size: number;
  fill: Paint;
  bold?: boolean;
  /** a background-coloured box behind the text, for labels drawn over lines */
  halo?: boolean;
  /** the box drawn round the text in its colour (a truss member's number) */
  outline?: boolean;
  box: Box;
}

export type Shape = PathShape | CircleShape | TextShape;

export interface Layer {
  /** joined to the caller's id prefix: `<prefix>-<name>` */
  name: string;
  shapes: Shape[];
}

export interface Scene {
  width: number;
  height: number;
  title: string;
  layers: Layer[];
}

/** Every label of a scene. */
export function texts(scene: Scene): TextShape[] {
  return scene.layers.flatMap((l) => l.shapes.filter((s): s is TextShape => s.kind === 'text'));
}

export function polyline(points: readonly Point[], style: Omit<PathShape, 'kind' | 'd'>, closed = false): PathShape {
  const d: PathCommand[] = points.map((p, i) => [i === 0 ? 'M' : 'L', p.x, p.y]);
  if (closed) d.push(['Z']);
  return { kind: 'path', d, ...style };
}

export function segment(a: Point, b: Point, style: Omit<PathShape, 'kind' | 'd'>): PathShape {
  return polyline([a, b], style);
}

/** The box around some points, grown by `pad` pixels. */
export function around(points: readonly Point[], pad = 2): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs) - pad, y0: Math.min(...ys) - pad, x1: Math.max(...xs) + pad, y1: Math.max(...ys) + pad };
}

/** The scene moved down by `dy` pixels, shape by shape (so a caption strip can sit above a figure drawn shorter). */
export function shifted(scene: Scene, dy: number): Scene {
  const point = (p: Point): Point => ({ x: p.x, y: p.y + dy });
  const move = (s: Shape): Shape => {
    switch (s.kind) {
      case 'path':
        return {
          ...s,
          d: s.d.map((c): PathCommand =>
            c[0] === 'Z' ? c : c[0] === 'A' ? [c[0], c[1], c[2], c[3], c[4], c[5] + dy] : [c[0], c[1], c[2] + dy],
          ),
        };
      case 'circle':
        return { ...s, center: point(s.center) };
      case 'text':
        return { ...s, at: point(s.at), box: { ...s.box, y0: s.box.y0 + dy, y1: s.box.y1 + dy } };
    }
  };
  return { ...scene, height: scene.height + dy, layers: scene.layers.map((l) => ({ ...l, shapes: l.shapes.map(move) })) };
}

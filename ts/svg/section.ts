/**
 * The section figure (decisions.md 15, 21): the material with its voids, the centroid, the shear
 * centre (when computed), the principal axes, the plastic neutral axes and the extents, drawn to scale
 * with y up. Layout only: `emit`
 * writes the markup.
 */
import { engineering, quantity, withUnit } from './format.js';
import { textBox } from './label-boxes.js';
import { fan, LabelPlacer } from './labels.js';
import type { Box, Layer, PathCommand, Point, Scene, Shape } from './scene.js';
import { polyline, segment } from './scene.js';
import type { Theme } from './theme.js';
import { emit } from './emit.js';

/** What the figure shows, in the response's units. */
export interface SectionFigure {
  /** Closed outlines: material counter-clockwise, holes clockwise (y up). */
  outlines: [number, number][][];
  discs: { centre: [number, number]; radius: number; void: boolean }[];
  centroid: { x: number; y: number };
  /** Degrees from x to the I1 axis, counter-clockwise. */
  principalAngle: number;
  plasticNeutralAxis: { x: number; y: number };
  /** Trefftz's shear centre, when torsion was computed for one solid. */
  shearCentre?: { x: number; y: number };
  extents: { xMin: number; xMax: number; yMin: number; yMax: number };
  area: number;
  Ix: number;
  Iy: number;
  /** Unit labels: length and area, inertia. */
  units: { length: string; area: string; inertia: string };
}

export interface SectionRenderOptions {
  width: number;
  height: number;
  theme: Theme;
  idPrefix?: string;
}

const MARGIN = { left: 70, right: 110, bottom: 72 };
/** Caption lines start here and follow each other at this pitch; the drawing starts below them. */
const CAPTION = { x: 16, y: 20, pitch: 18 };
const FONT = 12;

/** Paper coordinates: the extents fitted into the drawing area, to scale, y up. */
function frame(f: SectionFigure, o: SectionRenderOptions, top: number) {
  // an open section's shear centre may lie outside the material: the drawing takes it in too
  const s = f.shearCentre ?? { x: f.extents.xMin, y: f.extents.yMin };
  const [xMin, xMax] = [Math.min(f.extents.xMin, s.x), Math.max(f.extents.xMax, s.x)];
  const [yMin, yMax] = [Math.min(f.extents.yMin, s.y), Math.max(f.extents.yMax, s.y)];
  const room = { w: o.width - MARGIN.left - MARGIN.right, h: o.height - top - MARGIN.bottom };
  const scale = Math.min(room.w / (xMax - xMin), room.h / (yMax - yMin));
  const x0 = MARGIN.left + (room.w - scale * (xMax - xMin)) / 2;
  const y0 = top + (room.h + scale * (yMax - yMin)) / 2;
  const at = (x: number, y: number): Point => ({ x: x0 + (x - xMin) * scale, y: y0 - (y - yMin) * scale });
  // the box is the material's: the dimensions measure it
  const [topLeft, bottomRight] = [at(f.extents.xMin, f.extents.yMax), at(f.extents.xMax, f.extents.yMin)];
  return { at, scale, box: { x0: topLeft.x, y0: topLeft.y, x1: bottomRight.x, y1: bottomRight.y } };
}

/** One path for all the material: holes wind the other way, so the non-zero rule leaves them empty. */
function materialPath(f: SectionFigure, at: (x: number, y: number) => Point, scale: number): PathCommand[] {
  const d: PathCommand[] = [];
  for (const outline of f.outlines) {
    outline.forEach(([x, y], i) => {
      const p = at(x, y);
      d.push([i === 0 ? 'M' : 'L', p.x, p.y]);
    });
    d.push(['Z']);
  }
  for (const disc of f.discs) {
    const [cx, cy] = disc.centre;
    const r = disc.radius * scale;
    const c = at(cx, cy);
    // material counter-clockwise in y-up is clockwise on screen (sweep 1); a hole the other way
    const sweep = disc.void ? 0 : 1;
    d.push(['M', c.x + r, c.y], ['A', r, 0, sweep, c.x - r, c.y], ['A', r, 0, sweep, c.x + r, c.y], ['Z']);
  }
  return d;
}

/** The line through `p` at `degrees` (y up), clipped to `box` (p inside it). */
function axisLine(p: Point, degrees: number, box: Box): [Point, Point] {
  const a = (degrees * Math.PI) / 180;
  const [dx, dy] = [Math.cos(a), -Math.sin(a)];
  // the distance along the line to the nearest side of the box, each way
  const reach = (sx: number, sy: number) =>
    Math.min(
      sx > 0 ? (box.x1 - p.x) / sx : sx < 0 ? (box.x0 - p.x) / sx : Infinity,
      sy > 0 ? (box.y1 - p.y) / sy : sy < 0 ? (box.y0 - p.y) / sy : Infinity,
    );
  const [ahead, behind] = [reach(dx, dy), reach(-dx, -dy)];
  return [
    { x: p.x - dx * behind, y: p.y - dy * behind },
    { x: p.x + dx * ahead, y: p.y + dy * ahead },
  ];
}

export function sectionScene(f: SectionFigure, o: SectionRenderOptions): Scene {
  const area = `A = ${engineering(f.area, f.units.area)}`;
  const moments = `Ix = ${engineering(f.Ix, f.units.inertia)} · Iy = ${engineering(f.Iy, f.units.inertia)}`;
  const turn = `I1 axis at ${quantity(f.principalAngle)}°`;
  const caption = `${area} · ${moments} · ${turn}`;
  // one line when it fits the canvas, else two
  const fits = (text: string) => CAPTION.x + textBox(text, { x: 0, y: 0 }, 'start', FONT, true).x1 <= o.width;
  const lines = fits(caption) ? [caption] : [`${area} · ${turn}`, moments];
  const top = CAPTION.y + lines.length * CAPTION.pitch + 10;
  const { at, scale, box } = frame(f, o, top);
  const len = (v: number) => withUnit(v, f.units.length);
  const placer = new LabelPlacer({ x0: 0, y0: 0, x1: o.width, y1: o.height }, [box]);
  const title: Shape[] = lines.map((text, i) =>
    placer.placeAlways({ text, candidates: [{ at: { x: CAPTION.x, y: CAPTION.y + i * CAPTION.pitch }, anchor: 'start' }], bold: true }),
  );

  const material: Shape[] = [
    { kind: 'path', d: materialPath(f, at, scale), fill: 'positive', fillOpacity: 0.18, stroke: 'ink', strokeWidth: 1.5 },
  ];

  const c = at(f.centroid.x, f.centroid.y);
  // the axes stop short of the caption, so their names stay clear of it
  const around: Box = { x0: box.x0 - 20, y0: Math.max(box.y0 - 20, top - 4), x1: box.x1 + 20, y1: box.y1 + 20 };
  const axes: Shape[] = [];
  for (const [degrees, name] of [
    [f.principalAngle, '1'],
    [f.principalAngle + 90, '2'],
  ] as const) {
    const [a, b] = axisLine(c, degrees, around);
    axes.push(segment(a, b, { stroke: 'deflected', strokeWidth: 1, dashed: true }));
    axes.push(placer.placeAlways({ text: name, candidates: fan(b, b.x >= c.x ? 'right' : 'left', 14), fill: 'deflected', bold: true }));
  }
  const pna = at(f.plasticNeutralAxis.x, f.plasticNeutralAxis.y);
  axes.push(segment({ x: box.x0 - 16, y: pna.y }, { x: box.x1 + 16, y: pna.y }, { stroke: 'load', strokeWidth: 1, dashed: true }));
  axes.push(segment({ x: pna.x, y: box.y0 - 16 }, { x: pna.x, y: box.y1 + 16 }, { stroke: 'load', strokeWidth: 1, dashed: true }));
  axes.push(
    placer.placeAlways({
      text: `PNA y = ${len(f.plasticNeutralAxis.y)}`,
      candidates: fan({ x: box.x1 + 20, y: pna.y }, 'right', 14),
      fill: 'load',
      halo: true,
    }),
  );
  axes.push(
    placer.placeAlways({
      text: `PNA x = ${len(f.plasticNeutralAxis.x)}`,
      candidates: fan({ x: pna.x, y: box.y1 + 14 }, 'right', 14),
      fill: 'load',
      halo: true,
    }),
  );

  const centroid: Shape[] = [
    { kind: 'circle', center: c, r: 5, stroke: 'ink', strokeWidth: 1.5, fill: 'background' },
    segment({ x: c.x - 5, y: c.y }, { x: c.x + 5, y: c.y }, { stroke: 'ink', strokeWidth: 1 }),
    segment({ x: c.x, y: c.y - 5 }, { x: c.x, y: c.y + 5 }, { stroke: 'ink', strokeWidth: 1 }),
  ];
  placer.block({ x0: c.x - 6, y0: c.y - 6, x1: c.x + 6, y1: c.y + 6 });
  centroid.push(
    placer.placeAlways({
      text: `C (${len(f.centroid.x)}, ${len(f.centroid.y)})`,
      candidates: [...fan({ x: c.x + 10, y: c.y - 14 }, 'right', 14), ...fan({ x: c.x - 10, y: c.y - 14 }, 'left', 14)],
      halo: true,
    }),
  );

  const shear = f.shearCentre
    ? shearCentreMark(at(f.shearCentre.x, f.shearCentre.y), `S (${len(f.shearCentre.x)}, ${len(f.shearCentre.y)})`, placer)
    : [];

  // extents: the bounding box and its two dimensions
  const { xMin, xMax, yMin, yMax } = f.extents;
  const below = box.y1 + 34;
  const right = box.x1 + 30;
  const extents: Shape[] = [
    segment({ x: box.x0, y: below }, { x: box.x1, y: below }, { stroke: 'muted', strokeWidth: 1 }),
    segment({ x: box.x0, y: below - 5 }, { x: box.x0, y: below + 5 }, { stroke: 'muted', strokeWidth: 1 }),
    segment({ x: box.x1, y: below - 5 }, { x: box.x1, y: below + 5 }, { stroke: 'muted', strokeWidth: 1 }),
    segment({ x: right, y: box.y0 }, { x: right, y: box.y1 }, { stroke: 'muted', strokeWidth: 1 }),
    segment({ x: right - 5, y: box.y0 }, { x: right + 5, y: box.y0 }, { stroke: 'muted', strokeWidth: 1 }),
    segment({ x: right - 5, y: box.y1 }, { x: right + 5, y: box.y1 }, { stroke: 'muted', strokeWidth: 1 }),
  ];
  extents.push(
    placer.placeAlways({
      text: `x ${len(xMin)} to ${len(xMax)}`,
      candidates: fan({ x: (box.x0 + box.x1) / 2, y: below + 14 }, 'down', 14),
      fill: 'muted',
      halo: true,
    }),
  );
  // beside the vertical dimension when there is room, else above its top end
  const yRange = `y ${len(yMin)} to ${len(yMax)}`;
  const ySide = [
    ...fan({ x: right + 8, y: (box.y0 + box.y1) / 2 }, 'right', 14),
    { at: { x: right, y: box.y0 - 14 }, anchor: 'end' as const },
  ];
  const beside = right + 8 + textBox(yRange, { x: 0, y: 0 }, 'start', FONT).x1 <= o.width;
  extents.push(placer.placeAlways({ text: yRange, candidates: beside ? ySide : [...ySide].reverse(), fill: 'muted', halo: true }));

  const layers: Layer[] = [
    { name: 'material', shapes: material },
    { name: 'axes', shapes: axes },
    { name: 'centroid', shapes: centroid },
    { name: 'shear-centre', shapes: shear },
    { name: 'extents', shapes: extents },
    { name: 'caption', shapes: title },
  ];
  return { width: o.width, height: o.height, title: `Section: ${caption}`, layers };
}

/** The shear centre: a diamond (the centroid is a circle) and its label, kept clear of the centroid's. */
function shearCentreMark(s: Point, text: string, placer: LabelPlacer): Shape[] {
  const r = 6;
  const diamond = polyline(
    [
      { x: s.x, y: s.y - r },
      { x: s.x + r, y: s.y },
      { x: s.x, y: s.y + r },
      { x: s.x - r, y: s.y },
    ],
    { stroke: 'deflected', strokeWidth: 1.5, fill: 'background' },
    true,
  );
  placer.block({ x0: s.x - r - 1, y0: s.y - r - 1, x1: s.x + r + 1, y1: s.y + r + 1 });
  const label = placer.placeAlways({
    text,
    candidates: [...fan({ x: s.x + 10, y: s.y + 16 }, 'right', 14), ...fan({ x: s.x - 10, y: s.y + 16 }, 'left', 14)],
    fill: 'deflected',
    halo: true,
  });
  return [diamond, label];
}

export function renderSection(f: SectionFigure, o: SectionRenderOptions): string {
  return emit(sectionScene(f, o), { theme: o.theme, idPrefix: o.idPrefix ?? 'spanwise' });
}

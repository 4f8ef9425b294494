/**
 * Beam charts: shear, moment (sagging positive, drawn upward) and deflection (up positive), each a filled
 * curve about a zero line, over a value axis with a grid, with its values labelled at every support, point
 * load and applied moment (both sides of a jump), at each span's peak and, for the moment, where it changes
 * sign inside a span (chart-marks.ts).
 */
import type { Quantity } from '../units/index.js';
import { beamLength, spanEnds, unitOf, type BeamFigureModel, type BeamFigureResults, type FigureOptions } from './model.js';
import { chartMarks, type ChartMark } from './chart-marks.js';
import { quantity, withUnit } from './format.js';
import { LabelPlacer, fan, type Candidate, type LabelSpec } from './labels.js';
import { polyline, segment, type Point, type Scene, type Shape } from './scene.js';
import type { Paint } from './theme.js';

export type ChartView = 'shear' | 'moment' | 'deflection';

interface ChartKind {
  title: string;
  quantity: Quantity;
  series: (r: BeamFigureResults) => [number, number][];
  /** exact extremes from the solve, which replace a span's sampled peak */
  extremes: (r: BeamFigureResults) => { value: number; position: number }[];
  /** whether point loads and applied moments are marked, span peaks labelled, sign changes labelled */
  loads: boolean;
  peaks: boolean;
  zeros: boolean;
}

const CHARTS: Record<ChartView, ChartKind> = {
  shear: {
    title: 'Shear force V',
    quantity: 'force',
    series: (r) => r.diagrams.shear,
    extremes: (r) => [r.extremes.shear.max, r.extremes.shear.min],
    loads: true,
    peaks: false,
    zeros: false,
  },
  moment: {
    title: 'Bending moment M, sagging positive',
    quantity: 'moment',
    series: (r) => r.diagrams.moment,
    extremes: (r) => [r.extremes.moment.maxSagging, r.extremes.moment.maxHogging],
    loads: true,
    peaks: true,
    zeros: true,
  },
  deflection: {
    title: 'Deflection, up positive',
    quantity: 'displacement',
    series: (r) => r.diagrams.deflection,
    extremes: (r) => [r.extremes.deflection.maxUp, r.extremes.deflection.maxDown],
    loads: false,
    peaks: true,
    zeros: false,
  },
};

/**
 * The part of a curve (page points) on one side of the zero line at page height `zero`, closed along it:
 * crossings are found by linear interpolation so the two fills meet exactly at the line. `above` is the side
 * of positive values (smaller page y). Worked in page space, so the curve is mapped once.
 */
export function sideFill(points: readonly Point[], zero: number, above: boolean): Point[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return [];
  const out: Point[] = [{ x: first.x, y: zero }];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const previous = points[i - 1];
    if (previous && (previous.y - zero) * (p.y - zero) < 0 && p.x !== previous.x) {
      const t = (previous.y - zero) / (previous.y - p.y);
      out.push({ x: previous.x + (p.x - previous.x) * t, y: zero });
    }
    out.push({ x: p.x, y: above ? Math.min(p.y, zero) : Math.max(p.y, zero) });
  }
  out.push({ x: last.x, y: zero });
  return out;
}

/** The round step (1, 2 or 5 times a power of ten) nearest, on a log scale, to cutting `range` into `parts` intervals. */
export function niceStep(range: number, parts: number): number {
  const raw = range / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  let best = power;
  for (const m of [2, 5, 10]) if (Math.abs(Math.log((m * power) / raw)) < Math.abs(Math.log(best / raw))) best = m * power;
  return best;
}

/** Pixels between the points of two chart values below which the later one is not labelled. */
const SPACING = 10;

/** The page mapping of a chart: positions along the beam to x, values to y (up positive). */
export interface ChartFrame {
  px: (x: number) => number;
  py: (v: number) => number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** values below this magnitude are round-off, shown as zero */
  largest: number;
}

/** The frame fitting every curve of the chart (one, or an envelope's two) with room for labels outside them. */
export function chartFrame(curves: readonly (readonly [number, number][])[], total: number, options: FigureOptions): ChartFrame {
  const plot = { left: 64, right: options.width - 28, top: 40, bottom: options.height - 34 };
  // one pass over the samples: this runs for every chart, some with thousands of points
  let [largest, high, low] = [0, 0, 0];
  for (const c of curves)
    for (const [, v] of c) [largest, high, low] = [Math.max(largest, Math.abs(v)), Math.max(high, v), Math.min(low, v)];
  const clean = (v: number) => (Math.abs(v) <= 1e-9 * largest ? 0 : v);
  [high, low] = [clean(high), clean(low)];
  if (high === low) [high, low] = [1, -1];
  // room above the highest and below the lowest point for their labels
  const room = Math.min(22, (plot.bottom - plot.top) / 5);
  const [top, bottom] = [plot.top + room, plot.bottom - room];
  const [sx, sy] = [(plot.right - plot.left) / total, (bottom - top) / (high - low)];
  return {
    plot,
    largest,
    px: (x) => plot.left + sx * x,
    py: (v) => top + sy * (high - clean(v)),
  };
}

/** Grid lines and value labels on the left axis, a round step apart, and the span ends along the bottom. */
function axes(frame: ChartFrame, ends: readonly number[], total: number, lengthUnit: string, grid: Shape[]): LabelSpec[] {
  const { plot, px, py } = frame;
  const labels: LabelSpec[] = [];
  // the values at the plot's top and bottom edges, then a round step giving about one line per 40 px
  const [high, low] = [invert(frame, plot.top), invert(frame, plot.bottom)];
  const step = niceStep(high - low, Math.max(2, Math.floor((plot.bottom - plot.top) / 40)));
  for (let k = Math.ceil(low / step); k * step <= high; k++) {
    const v = k === 0 ? 0 : k * step;
    const y = py(v);
    if (v !== 0) grid.push(segment({ x: plot.left, y }, { x: plot.right, y }, { stroke: 'grid', strokeWidth: 0.75 }));
    grid.push(segment({ x: plot.left - 4, y }, { x: plot.left, y }, { stroke: 'muted', strokeWidth: 1 }));
    labels.push({ text: quantity(v, step), candidates: [{ at: { x: plot.left - 7, y }, anchor: 'end' }], fill: 'muted', size: 11 });
  }
  for (const x of ends) grid.push(segment({ x: px(x), y: plot.top }, { x: px(x), y: plot.bottom }, { stroke: 'grid', strokeWidth: 1 }));
  grid.push(segment({ x: plot.left, y: plot.bottom }, { x: plot.right, y: plot.bottom }, { stroke: 'muted', strokeWidth: 1 }));
  grid.push(segment({ x: plot.left, y: plot.top }, { x: plot.left, y: plot.bottom }, { stroke: 'muted', strokeWidth: 1 }));
  // positions of span ends along the axis; the last one carries the unit
  ends.forEach((x, i) => {
    const text = i === ends.length - 1 ? withUnit(x, lengthUnit, total) : quantity(x, total);
    labels.push({ text, candidates: fan({ x: px(x), y: plot.bottom + 11 }, 'down', 12, 2), fill: 'muted', size: 11 });
  });
  return labels;
}

/** The value drawn at page height y. */
function invert(frame: ChartFrame, y: number): number {
  const [y0, y1] = [frame.py(0), frame.py(1)];
  return (y - y0) / (y1 - y0);
}

/**
 * Labels for the marks of one curve. `outward` sends labels away from the zero line on the side of their
 * value (a single curve), or always up (+1) or down (-1) for the upper and lower curves of an envelope.
 * `paint` colours the curve's values and peak dots (an envelope's bound; by default ink, dots by sign), and
 * `seen` holds the marks already labelled by an earlier curve at the same point with the same value.
 */
export function markLabels(
  marks: readonly ChartMark[],
  frame: ChartFrame,
  format: { unit: string; lengthUnit: string; total: number },
  outward?: 1 | -1,
  paint?: Paint,
  seen: Set<string> = new Set(),
): { labels: LabelSpec[]; dots: Shape[] } {
  const labels: LabelSpec[] = [];
  const dots: Shape[] = [];
  const order: Record<ChartMark['role'], number> = { support: 0, jump: 1, peak: 2, zero: 3 };
  // in a crowded chart, a value whose point is within SPACING px of one already labelled has no room of its own:
  // it is left out before placement (a jump's right-hand value is always tried)
  const labelled: number[] = [];
  const crowded = (x: number) => labelled.some((t) => Math.abs(t - x) < SPACING);
  for (const mark of [...marks].sort((a, b) => order[a.role] - order[b.role] || a.position - b.position)) {
    const at = { x: frame.px(mark.position), y: frame.py(mark.value) };
    if (mark.role !== 'support' && mark.side !== 'right' && crowded(at.x)) continue;
    // where an envelope's two bounds meet (both 0 at an end support) the one point is labelled once
    const key = `${mark.role}|${mark.side}|${mark.position}|${quantity(mark.value, frame.largest)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    labelled.push(at.x);
    if (mark.role === 'zero') {
      const zero = frame.py(0);
      dots.push(segment({ x: at.x, y: zero - 4 }, { x: at.x, y: zero + 4 }, { stroke: 'ink', strokeWidth: 1 }));
      labels.push({
        text: withUnit(mark.position, format.lengthUnit, format.total),
        candidates: [...fan({ x: at.x, y: zero + 11 }, 'down', 12, 2), ...fan({ x: at.x, y: zero - 11 }, 'up', 12, 2)],
        fill: 'muted',
        size: 10,
        halo: true,
      });
      continue;
    }
    const up = (outward ?? (mark.value >= 0 ? 1 : -1)) > 0;
    const dy = up ? -10 : 10;
    const text =
      mark.role === 'peak'
        ? `${quantity(mark.value, frame.largest)} at ${withUnit(mark.position, format.lengthUnit, format.total)}`
        : quantity(mark.value, frame.largest);
    const dot = paint ?? (mark.value > 0 ? 'positive' : 'negative');
    if (mark.role === 'peak') dots.push({ kind: 'circle', center: at, r: 2.5, fill: dot });
    // a jump's two values sit on their own sides of it, stepping outward; a single value over its point, then
    // beside it; then across the curve
    const out = up ? -12 : 12;
    const candidates: Candidate[] =
      mark.side === 'both'
        ? [
            { at: { x: at.x, y: at.y + dy }, anchor: 'middle' },
            { at: { x: at.x, y: at.y + dy + out }, anchor: 'middle' },
            { at: { x: at.x + 5, y: at.y + dy }, anchor: 'start' },
            { at: { x: at.x - 5, y: at.y + dy }, anchor: 'end' },
            // further out, clear of a steep curve beside the point (an envelope's other bound)
            { at: { x: at.x, y: at.y + dy + 2 * out }, anchor: 'middle' },
          ]
        : [0, 1, 2].map((k) => ({
            at: { x: at.x + (mark.side === 'left' ? -4 : 4), y: at.y + dy + k * out },
            anchor: mark.side === 'left' ? 'end' : 'start',
          }));
    candidates.push({ at: { x: at.x, y: at.y - dy }, anchor: 'middle' });
    labels.push({
      text,
      candidates,
      bold: mark.role !== 'support' || mark.value !== 0,
      fill: mark.value === 0 ? 'muted' : (paint ?? 'ink'),
      size: 11,
      halo: true,
      // only a support's value may move out on a lead line: in a crowded chart the rest give way
      ...(mark.role === 'support' && { names: at }),
    });
  }
  return { labels, dots };
}

/** One curve of a chart: a single analysis's, or the upper or lower bound of an envelope. */
export interface ChartCurve {
  series: readonly [number, number][];
  /** exact extremes from the solve, which replace a span's sampled peak */
  exact?: readonly { value: number; position: number }[];
  /** labels go up (+1) or down (-1) from the curve; by default away from zero on the side of each value */
  outward?: 1 | -1;
  /**
   * fill between the curve and the zero line, blue above and red below: `both` sides for a single curve, the
   * upper bound of an envelope `above` and its lower bound `below`; none when absent
   */
  fill?: 'both' | 'above' | 'below';
  /** the curve's colour and its values' (an envelope's bounds in the colours of their sides); default ink */
  paint?: Paint;
}

/**
 * A beam chart of one or more curves (an envelope draws two) over one frame, axis and grid, each curve's values
 * labelled (chart-marks.ts) by the one placement routine: the curves are drawn and blocked first, then the
 * labels of every curve are placed, supports before jumps, peaks and sign changes. `title` names the quantity
 * (what analysis the figure shows is the caption of ts/svg/caption.ts, above the whole figure).
 */
export function chartScene(
  model: BeamFigureModel,
  options: FigureOptions,
  chart: { kind: ChartView; title: string; name: string },
  curves: readonly ChartCurve[],
): Scene {
  const kind = CHARTS[chart.kind];
  const unit = unitOf(model, kind.quantity);
  const lengthUnit = unitOf(model, 'length');
  const total = beamLength(model);
  const frame = chartFrame(
    curves.map((c) => c.series),
    total,
    options,
  );
  const toPage = (points: readonly [number, number][]): Point[] => points.map(([x, v]) => ({ x: frame.px(x), y: frame.py(v) }));

  const grid: Shape[] = [];
  const curveShapes: Shape[] = [];
  const dots: Shape[] = [];
  const placer = new LabelPlacer({ x0: 2, y0: 2, x1: options.width - 2, y1: options.height - 2 });
  const ends = spanEnds(model);
  const axisLabels = axes(frame, ends, total, lengthUnit, grid);
  const zero = frame.py(0);
  grid.push(segment({ x: frame.px(0), y: zero }, { x: frame.px(total), y: zero }, { stroke: 'ink', strokeWidth: 1 }));

  const valueLabels: LabelSpec[] = [];
  const seen = new Set<string>();
  for (const c of curves) {
    const points = toPage(c.series);
    if (c.fill === 'both' || c.fill === 'above')
      curveShapes.push(polyline(sideFill(points, zero, true), { fill: 'positive', fillOpacity: 0.25 }, true));
    if (c.fill === 'both' || c.fill === 'below')
      curveShapes.push(polyline(sideFill(points, zero, false), { fill: 'negative', fillOpacity: 0.25 }, true));
    curveShapes.push(polyline(points, { stroke: c.paint ?? 'ink', strokeWidth: 1.5 }));
    // the curve must stay readable: labels keep off it
    placer.blockPolyline(points, 0.75);
    const marks = chartMarks({
      series: c.series,
      ends,
      supports: model.supports.map((support) => support.position),
      loads: kind.loads ? (model.loads ?? []).flatMap((l) => (l.type === 'point' || l.type === 'moment' ? [l.position] : [])) : [],
      peaks: kind.peaks,
      zeros: kind.zeros && curves.length === 1,
      ...(c.exact && { exact: c.exact }),
    });
    const drawn = markLabels(marks, frame, { unit, lengthUnit, total }, c.outward, c.paint, seen);
    valueLabels.push(...drawn.labels);
    dots.push(...drawn.dots);
  }
  const title = placer.placeAlways({
    text: `${chart.title} (${unit})`,
    candidates: [{ at: { x: frame.plot.left, y: 16 }, anchor: 'start' }],
    bold: true,
    size: 13,
  });
  placer.blockShapes(dots);
  const labels = [title, ...placer.placeAll(axisLabels), ...placer.placeAll(valueLabels)];

  return {
    width: options.width,
    height: options.height,
    title: chart.name,
    layers: [
      { name: 'grid', shapes: grid },
      { name: 'curve', shapes: curveShapes },
      { name: 'extremes', shapes: dots },
      { name: 'leaders', shapes: placer.leaders },
      { name: 'labels', shapes: labels },
    ],
  };
}

/**
 * A beam chart. With `lower`, an envelope: the results' diagram is the upper bound, filled above zero and labelled
 * upward, and `lower` the lower bound, filled below and labelled downward, each curve and its values in the colour
 * of its side; the results' extremes are the envelope's (the first the upper bound's, the second the lower's).
 */
export function beamChart(
  model: BeamFigureModel,
  results: BeamFigureResults,
  options: FigureOptions & { view: ChartView; lower?: readonly [number, number][] | undefined },
): Scene {
  const kind = CHARTS[options.view];
  const chart = { kind: options.view, title: kind.title, name: `Beam ${options.view} diagram` };
  const series = kind.series(results);
  const exact = kind.extremes(results);
  if (!options.lower) return chartScene(model, options, chart, [{ series, exact, fill: 'both' }]);
  return chartScene(model, options, chart, [
    { series, exact: exact.slice(0, 1), outward: 1, fill: 'above', paint: 'positive' },
    { series: options.lower, exact: exact.slice(1), outward: -1, fill: 'below', paint: 'negative' },
  ]);
}

/**
 * Beam charts: shear, moment (sagging positive, drawn upward) and deflection (up positive), each a
 * filled curve about a zero line, with its extremes labelled by value and position.
 */
import type { Quantity } from '../units/index.js';
import { beamLength, spanEnds, unitOf, type BeamFigureModel, type BeamFigureResults, type FigureOptions } from './model.js';
import { quantity, withUnit } from './format.js';
import { LabelPlacer, fan, type LabelSpec } from './labels.js';
import { polyline, segment, type Point, type Scene, type Shape, type TextShape } from './scene.js';

export type ChartView = 'shear' | 'moment' | 'deflection';

interface ChartKind {
  title: string;
  quantity: Quantity;
  series: (r: BeamFigureResults) => [number, number][];
  /** the extremes worth a label: largest and smallest value of the curve */
  extremes: (r: BeamFigureResults) => { value: number; position: number }[];
}

const CHARTS: Record<ChartView, ChartKind> = {
  shear: {
    title: 'Shear force V',
    quantity: 'force',
    series: (r) => r.diagrams.shear,
    extremes: (r) => [r.extremes.shear.max, r.extremes.shear.min],
  },
  moment: {
    title: 'Bending moment M, sagging positive',
    quantity: 'moment',
    series: (r) => r.diagrams.moment,
    extremes: (r) => [r.extremes.moment.maxSagging, r.extremes.moment.maxHogging],
  },
  deflection: {
    title: 'Deflection, up positive',
    quantity: 'displacement',
    series: (r) => r.diagrams.deflection,
    extremes: (r) => [r.extremes.deflection.maxUp, r.extremes.deflection.maxDown],
  },
};

/**
 * The part of a curve on one side of zero, closed along the zero line: crossings are found by
 * linear interpolation so the two fills meet exactly at the axis.
 */
export function sidePolygon(series: readonly [number, number][], sign: 1 | -1): [number, number][] {
  const clip = (v: number) => (sign > 0 ? Math.max(v, 0) : Math.min(v, 0));
  const out: [number, number][] = [];
  series.forEach(([x, v], i) => {
    const previous = series[i - 1];
    if (previous && previous[1] * v < 0 && x !== previous[0]) {
      const t = previous[1] / (previous[1] - v);
      out.push([previous[0] + (x - previous[0]) * t, 0]);
    }
    out.push([x, clip(v)]);
  });
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return [];
  return [[first[0], 0], ...out, [last[0], 0]];
}

/**
 * A beam chart. With `lower`, an envelope: the results' diagram is the upper bound, filled above zero,
 * and `lower` the lower bound, filled below; the two curves in the colours of their sides.
 */
export function beamChart(
  model: BeamFigureModel,
  results: BeamFigureResults,
  options: FigureOptions & { view: ChartView; lower?: readonly [number, number][] | undefined },
): Scene {
  const kind = CHARTS[options.view];
  const unit = unitOf(model, kind.quantity);
  const lengthUnit = unitOf(model, 'length');
  const series = kind.series(results);
  const lower = options.lower;
  const total = beamLength(model);
  const plot = { left: 64, right: options.width - 28, top: 40, bottom: options.height - 34 };
  const values = [...series, ...(lower ?? [])].map(([, v]) => v);
  const largest = Math.max(0, ...values.map(Math.abs));
  // values below a billionth of the largest are round-off: the chart shows them as zero
  const clean = (v: number) => (Math.abs(v) <= 1e-9 * largest ? 0 : v);
  let high = Math.max(0, ...values.map(clean));
  let low = Math.min(0, ...values.map(clean));
  if (high === low) [high, low] = [1, -1];
  // room above the highest and below the lowest point for their labels
  const top = plot.top + 22;
  const bottom = plot.bottom - 22;
  const px = (x: number) => plot.left + ((plot.right - plot.left) * x) / total;
  const py = (v: number) => top + ((bottom - top) * (high - clean(v))) / (high - low);
  const toPage = (points: [number, number][]): Point[] => points.map(([x, v]) => ({ x: px(x), y: py(v) }));

  const grid: Shape[] = [];
  const curve: Shape[] = [];
  const marks: Shape[] = [];
  const labels: TextShape[] = [];
  const placer = new LabelPlacer({ x0: 2, y0: 2, x1: options.width - 2, y1: options.height - 2 });

  // span ends as faint verticals with their positions under the axis
  const ends = spanEnds(model);
  for (const x of ends) grid.push(segment({ x: px(x), y: plot.top }, { x: px(x), y: plot.bottom }, { stroke: 'grid', strokeWidth: 1 }));
  grid.push(segment({ x: plot.left, y: plot.bottom }, { x: plot.right, y: plot.bottom }, { stroke: 'muted', strokeWidth: 1 }));
  grid.push(segment({ x: plot.left, y: plot.top }, { x: plot.left, y: plot.bottom }, { stroke: 'muted', strokeWidth: 1 }));
  const zero = py(0);
  grid.push(segment({ x: px(0), y: zero }, { x: px(total), y: zero }, { stroke: 'ink', strokeWidth: 1 }));

  curve.push(polyline(toPage(sidePolygon(series, 1)), { fill: 'positive', fillOpacity: 0.25 }, true));
  curve.push(polyline(toPage(sidePolygon(lower ?? series, -1)), { fill: 'negative', fillOpacity: 0.25 }, true));
  curve.push(polyline(toPage([...series]), { stroke: lower ? 'positive' : 'ink', strokeWidth: 1.5 }));
  if (lower) curve.push(polyline(toPage([...lower]), { stroke: 'negative', strokeWidth: 1.5 }));
  // the curves themselves must stay readable: their vertices are obstacles for the labels
  for (const p of toPage([...series, ...(lower ?? [])])) placer.block({ x0: p.x - 1, y0: p.y - 1, x1: p.x + 1, y1: p.y + 1 });

  const queue: LabelSpec[] = [
    { text: `${kind.title} (${unit})`, candidates: [{ at: { x: plot.left, y: 16 }, anchor: 'start' }], bold: true, size: 13 },
    { text: '0', candidates: [{ at: { x: plot.left - 6, y: zero }, anchor: 'end' }], fill: 'muted', size: 11 },
  ];
  const shown: string[] = [];
  for (const e of kind.extremes(results)) {
    const v = clean(e.value);
    const key = `${quantity(v, largest)}@${quantity(e.position, total)}`;
    if (v === 0 || shown.includes(key)) continue;
    shown.push(key);
    const at = { x: px(e.position), y: py(v) };
    marks.push({ kind: 'circle', center: at, r: 3, fill: v > 0 ? 'positive' : 'negative' });
    const outward = v > 0 ? 'up' : 'down';
    const dy = v > 0 ? -11 : 11;
    queue.push({
      text: `${withUnit(v, unit, largest)} at x = ${withUnit(e.position, lengthUnit, total)}`,
      candidates: [
        ...fan({ x: at.x, y: at.y + dy }, outward, 13, 2),
        { at: { x: at.x + 8, y: at.y + dy }, anchor: 'start' },
        { at: { x: at.x - 8, y: at.y + dy }, anchor: 'end' },
        ...fan({ x: at.x, y: at.y - dy }, v > 0 ? 'down' : 'up', 13, 3),
      ],
      bold: true,
      halo: true,
    });
  }
  // positions of span ends along the axis; the last one carries the unit
  ends.forEach((x, i) => {
    const text = i === ends.length - 1 ? withUnit(x, lengthUnit, total) : quantity(x, total);
    queue.push({ text, candidates: fan({ x: px(x), y: plot.bottom + 11 }, 'down', 12, 2), fill: 'muted', size: 11 });
  });
  for (const spec of queue) labels.push(placer.place(spec));

  return {
    width: options.width,
    height: options.height,
    title: `Beam ${options.view} diagram`,
    layers: [
      { name: 'grid', shapes: grid },
      { name: 'curve', shapes: curve },
      { name: 'extremes', shapes: marks },
      { name: 'labels', shapes: labels },
    ],
  };
}

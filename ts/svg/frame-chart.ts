/**
 * A frame's axial, shear or moment diagram drawn on its geometry (decisions.md 14): each member's curve
 * offset across it, filled back to the member, the moment on the tension side (a positive moment puts the
 * -y' face in tension, so it is drawn towards -y'), axial force and shear towards +y'. Each member's values
 * at its ends and its peaks inside are labelled.
 */
import { withUnit } from './format.js';
import { pairs, type FrameFigureResults, type FramePage } from './frame-geometry.js';
import { fan, type LabelSpec } from './labels.js';
import type { Paint } from './theme.js';
import type { Anchor, Point, Shape } from './scene.js';

export type FrameChartView = 'axial' | 'shear' | 'moment';

export interface DrawnChart {
  shapes: Shape[];
  labels: LabelSpec[];
  /** Each member's curve on the page, for labels to keep clear of. */
  curves: Point[][];
}

/** Share of the figure's smaller side the largest value of the diagram reaches out to. */
export const CHART_REACH = 0.1;

type ResultMember = FrameFigureResults['members'][number];

function peaks(view: FrameChartView, m: ResultMember): { value: number; position: number }[] {
  const e = m.extremes;
  if (view === 'moment') return [e.moment.maxSagging, e.moment.maxHogging];
  const range = view === 'axial' ? e.axial : e.shear;
  return [range.max, range.min];
}

/** Labels at a member's two ends (the values just inside them) and at its peaks strictly inside. */
function memberLabels(
  view: FrameChartView,
  m: ResultMember,
  series: [number, number][],
  point: (s: number, v: number) => Point,
  unit: string,
  scale: number,
  seen: Set<string>,
  /** the member's direction on the page, and the side (+1 or -1 of its normal) a positive value is drawn to */
  axis: { along: Point; side: number },
  paint?: Paint,
): LabelSpec[] {
  const { along, side } = axis;
  const first = series[0]!;
  const last = series[series.length - 1]!;
  const tolerance = 1e-9 * m.length;
  const marks = [
    { position: first[0], value: first[1] },
    { position: last[0], value: last[1] },
    ...peaks(view, m).filter((p) => p.position > tolerance && p.position < m.length - tolerance),
  ];
  const labels: LabelSpec[] = [];
  for (const mark of marks) {
    const text = withUnit(mark.value, unit, scale);
    const p = point(mark.position, mark.value);
    const base = point(mark.position, 0);
    // the same value where members meet at a joint (a two-member corner carries one moment) is labelled once
    const key = `${Math.round(base.x)},${Math.round(base.y)}|${text}`;
    if (seen.has(key) || Math.abs(mark.value) <= 1e-9 * scale) continue;
    seen.add(key);
    // the side the curve is drawn on: across the member, away from it (a zero value has no side: the curve's)
    const drawnOut = { x: p.x - base.x, y: p.y - base.y };
    const sign = Math.sign(mark.value) * side;
    const out = Math.hypot(drawnOut.x, drawnOut.y) > 0.5 ? drawnOut : { x: along.y * sign, y: -along.x * sign };
    const reach = Math.hypot(out.x, out.y) || 1;
    const away = { x: out.x / reach, y: out.y / reach };
    const step = { x: away.x * 10, y: away.y * 10 };
    const toward = Math.abs(step.x) > Math.abs(step.y) ? (step.x > 0 ? 'right' : 'left') : step.y > 0 ? 'down' : 'up';
    // beside the point on the curve's side only (the tension side of a moment): out from it, then along the
    // member either way from there; failing these, the placer moves the label out on a short lead line to its
    // point (`names`), so a label never floats on the other side of the member from the value it names
    const aside = [14, 28].flatMap((d) =>
      [1, -1].map((way) => {
        const at = { x: p.x + away.x * 12 + along.x * way * d, y: p.y + away.y * 12 + along.y * way * d };
        const anchor: Anchor = Math.abs(along.x * way) < 0.3 ? 'middle' : along.x * way > 0 ? 'start' : 'end';
        return { at, anchor };
      }),
    );
    labels.push({
      text,
      candidates: [...fan({ x: p.x + step.x, y: p.y + step.y }, toward, 12, 3), ...aside],
      // one curve of an envelope's two: its labels in its colour, so each value reads with its bound
      fill: paint ?? (mark.value >= 0 ? 'positive' : 'negative'),
      size: 11,
      bold: true,
      halo: true,
      names: p,
    });
  }
  return labels;
}

/** The largest magnitude of a diagram over every member of some results: the value drawn out to `reach`. */
export function chartLargest(view: FrameChartView, ...results: readonly FrameFigureResults[]): number {
  return Math.max(0, ...results.flatMap((r) => r.members.flatMap((m) => pairs(m.diagrams[view]).map(([, v]) => Math.abs(v)))));
}

/**
 * Each member's diagram. `curve.largest` draws it to the scale of other results too (the two bounds of an
 * envelope share one), and `curve.paint` colours it (default positive).
 */
export function drawChart(
  view: FrameChartView,
  results: FrameFigureResults,
  page: FramePage,
  reach: number,
  unit: string,
  curve: { largest?: number; paint?: Paint } = {},
): DrawnChart {
  const out: DrawnChart = { shapes: [], labels: [], curves: [] };
  const series = results.members.map((m) => pairs(m.diagrams[view]));
  const largest = curve.largest ?? chartLargest(view, results);
  if (largest === 0) return out;
  const pixels = reach / largest;
  // positive moment towards -y' (the tension side), the others towards +y'
  const side = view === 'moment' ? -1 : 1;
  const seen = new Set<string>();
  results.members.forEach((m, k) => {
    const member = page.members[k];
    const values = series[k]!;
    if (!member || values.length === 0) return;
    const point = (s: number, v: number) => member.at(s, side * v * pixels);
    const points = values.map(([s, v]) => point(s, v));
    const paint: Paint = curve.paint ?? 'positive';
    out.shapes.push({
      kind: 'path',
      d: [
        ['M', member.a.x, member.a.y],
        ...points.map((p) => ['L', p.x, p.y] as ['L', number, number]),
        ['L', member.b.x, member.b.y],
        ['Z'],
      ],
      fill: paint,
      fillOpacity: 0.12,
    });
    out.shapes.push({
      kind: 'path',
      d: points.map((p, i) => [i === 0 ? 'M' : 'L', p.x, p.y] as ['M' | 'L', number, number]),
      stroke: paint,
      strokeWidth: 1.5,
    });
    out.curves.push(points);
    out.labels.push(...memberLabels(view, m, values, point, unit, largest, seen, { along: member.along, side }, curve.paint));
  });
  return out;
}

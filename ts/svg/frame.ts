/**
 * Frame figures (decisions.md 6 and 14): `problem` (geometry to scale, hinges, supports, loads), `results`
 * (reactions with the deflected shape dashed), `deflected` (the deflected shape magnified by a stated round
 * factor), and the `axial`, `shear` and `moment` diagrams drawn on the frame's geometry. Layout only: this
 * module returns a Scene.
 */
import { quantity, withUnit } from './format.js';
import { chartLargest, drawChart, CHART_REACH, type FrameChartView } from './frame-chart.js';
import { framePage, pairs, type FrameFigureModel, type FrameFigureResults, type FramePage } from './frame-geometry.js';
import { bucklingShape } from './frame-buckling.js';
import { drawLoads } from './frame-loads.js';
import { forceReaction } from './reactions.js';
import { fixedBase, hinge, momentArc, pinOrRoller } from './glyphs.js';
import { fan, LabelPlacer, type LabelSpec } from './labels.js';
import { legend, type LegendEntry } from './legend.js';
import { memberNumber, nodeNumber } from './numbers.js';
import { unitOf, type FigureOptions } from './model.js';
import { roundSupport, settlementLabel } from './settlement.js';
import type { Paint } from './theme.js';
import { polyline, segment, type Point, type Scene, type Shape, type TextShape } from './scene.js';
import { roundFactor } from './truss.js';

export type { FrameFigureModel, FrameFigureResults };
export type FrameView = 'problem' | 'results' | 'deflected' | 'buckling' | FrameChartView;

export interface FrameFigureOptions extends FigureOptions {
  view: FrameView;
  /** node numbers beside the nodes and member numbers (boxed) beside the members; dropped one by one where crowded */
  numbers?: boolean;
  /** The `buckling` view's mode, from 1 (default 1). */
  mode?: number | undefined;
}

const SUPPORT = 14;
/** Radius of a reaction moment's arc around its support, clear of the support glyph. */
const REACTION_ARC = SUPPORT + 10;
/** Share of the structure's larger extent that the largest displacement is magnified to. */
const DEFLECTION_SHARE = 0.08;
const CHART_VIEWS: readonly FrameView[] = ['axial', 'shear', 'moment'];

type Layers = Record<'members' | 'chart' | 'deflected' | 'nodes' | 'supports' | 'loads' | 'reactions' | 'legend', Shape[]>;

/** The direction (degrees for the glyph frame) facing away from the members that meet at a node, to the nearest 90. */
function awayFrom(page: FramePage, model: FrameFigureModel, node: number): number {
  const at = page.node(node);
  let [x, y] = [0, 0];
  for (const m of model.members) {
    const other = m.from === node ? m.to : m.to === node ? m.from : undefined;
    if (other === undefined) continue;
    const p = page.node(other);
    const length = Math.hypot(p.x - at.x, p.y - at.y) || 1;
    [x, y] = [x + (p.x - at.x) / length, y + (p.y - at.y) / length];
  }
  if (x === 0 && y === 0) return 0;
  return Math.round((Math.atan2(-x, -y) * 180) / Math.PI / 90) * 90;
}

function drawStructure(model: FrameFigureModel, page: FramePage, options: FrameFigureOptions, layers: Layers, placer: LabelPlacer): void {
  const quiet = CHART_VIEWS.includes(options.view) || options.view === 'deflected' || options.view === 'buckling';
  page.members.forEach((member, k) => {
    const line = segment(member.a, member.b, { stroke: quiet ? 'muted' : 'ink', strokeWidth: 2.5 });
    layers.members.push(line);
    placer.blockShapes([line]);
    const releases = model.members[k]?.releases;
    if (releases?.start) layers.nodes.push(hinge(member.at(6 / page.scale), options.style));
    if (releases?.end) layers.nodes.push(hinge(member.at(member.length - 6 / page.scale), options.style));
  });
  for (const node of model.nodes) {
    const p = page.node(node.id);
    layers.nodes.push({ kind: 'circle', center: p, r: 2.5, fill: 'background', stroke: 'ink', strokeWidth: 1.5 });
  }
  placer.blockShapes(layers.nodes);
  for (const support of model.supports) {
    const p = page.node(support.node);
    const degrees = support.type === 'fixed' ? awayFrom(page, model, support.node) : (support.angle ?? 0);
    const glyph =
      support.type === 'fixed'
        ? fixedBase(p, SUPPORT, degrees, options.style)
        : pinOrRoller(support.type, p, SUPPORT, degrees, options.style);
    layers.supports.push(...glyph);
    placer.blockShapes(glyph);
  }
}

function drawReactions(
  model: FrameFigureModel,
  results: FrameFigureResults,
  page: FramePage,
  layers: Layers,
  placer: LabelPlacer,
  queue: LabelSpec[],
): void {
  const force = unitOf(model, 'force');
  const moment = unitOf(model, 'moment');
  const largest = Math.max(0, ...results.reactions.flatMap((r) => [Math.abs(r.horizontal), Math.abs(r.vertical)]));
  const largestMoment = Math.max(0, ...results.reactions.map((r) => Math.abs(r.moment)));
  for (const r of results.reactions) {
    const p = page.node(r.node);
    const support = model.supports.find((s) => s.node === r.node);
    const rollerAngle = support?.type === 'roller' ? (support.angle ?? 0) : 0;
    const clearance = { below: SUPPORT + 12, beside: REACTION_ARC + 8, belowSide: SUPPORT / 2 };
    const drawn = forceReaction(p, r, largest, force, clearance, rollerAngle);
    layers.reactions.push(...drawn.shapes);
    placer.blockShapes(drawn.shapes);
    queue.push(...drawn.labels);
    if (Math.abs(r.moment) > 1e-9 * largestMoment) {
      const centre = { x: p.x, y: p.y };
      const arc = momentArc(centre, REACTION_ARC, r.moment > 0, 'reaction');
      layers.reactions.push(...arc);
      placer.blockShapes(arc);
      queue.push({
        text: withUnit(Math.abs(r.moment), moment, largestMoment),
        candidates: [
          ...fan({ x: p.x + SUPPORT + 14, y: p.y - SUPPORT }, 'right', 13, 3),
          ...fan({ x: p.x - SUPPORT - 14, y: p.y - SUPPORT }, 'left', 13, 3),
        ],
        fill: 'reaction',
        bold: true,
        names: { x: p.x, y: p.y - REACTION_ARC },
      });
    }
  }
}

/** The deflected shape: each member's ends moved with their nodes and its own deflection across it, magnified. */
function deflectedShape(
  model: FrameFigureModel,
  results: FrameFigureResults,
  page: FramePage,
): { shape: Point[][]; factor: number; node: number; value: number } | undefined {
  const toLength = model.units === 'imperial' ? 1 / 12 : 1 / 1000;
  const moved = new Map(results.displacements.map((d) => [d.node, d]));
  const largestNode = results.displacements.reduce(
    (best, d) => (Math.hypot(d.dx, d.dy) > Math.hypot(best.dx, best.dy) ? d : best),
    results.displacements[0]!,
  );
  const largest = Math.max(
    Math.hypot(largestNode.dx, largestNode.dy),
    ...results.members.flatMap((m) => pairs(m.diagrams.deflection).map(([, v]) => Math.abs(v))),
  );
  if (!(largest > 0) || page.extent === 0) return undefined;
  const factor = roundFactor((DEFLECTION_SHARE * page.extent) / (largest * toLength));
  const nodes = new Map(model.nodes.map((n) => [n.id, n]));
  const shape = model.members.map((m, k) => {
    const [a, b] = [nodes.get(m.from)!, nodes.get(m.to)!];
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const x = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    const y = { x: -x.y, y: x.x };
    const [da, db] = [moved.get(m.from), moved.get(m.to)];
    const [ua, ub] = [(da?.dx ?? 0) * x.x + (da?.dy ?? 0) * x.y, (db?.dx ?? 0) * x.x + (db?.dy ?? 0) * x.y];
    return pairs(results.members[k]?.diagrams.deflection ?? []).map(([s, v]) => {
      const u = ua + ((ub - ua) * s) / length;
      const scale = factor * toLength;
      return page.page(a.x + x.x * s + (x.x * u + y.x * v) * scale, a.y + x.y * s + (x.y * u + y.y * v) * scale);
    });
  });
  return { shape, factor, node: largestNode.node, value: Math.hypot(largestNode.dx, largestNode.dy) };
}

/** The request's node and member ids, placed last: a crowded figure drops numbers before values. */
function numberLabels(model: FrameFigureModel, page: FramePage, numbered: boolean): LabelSpec[] {
  if (!numbered) return [];
  const nodes = model.nodes.map((n) => nodeNumber(n.id, page.node(n.id), true));
  const members = page.members.map((m) => memberNumber(m.id, m.a, m.b));
  return [...nodes, ...members];
}

export function layoutFrame(model: FrameFigureModel, results: FrameFigureResults | undefined, options: FrameFigureOptions): Scene {
  const { width, height, view } = options;
  const chart = CHART_VIEWS.includes(view) && results ? (view as FrameChartView) : undefined;
  const reach = CHART_REACH * Math.min(width, height);
  const margin = chart ? { x: Math.max(70, reach + 40), y: Math.max(60, reach + 34) } : { x: 80, y: 70 };
  const page = framePage(model, width, height - 20, margin);
  const placer = new LabelPlacer({ x0: 2, y0: 2, x1: width - 2, y1: height - 2 });
  const layers: Layers = { members: [], chart: [], deflected: [], nodes: [], supports: [], loads: [], reactions: [], legend: [] };
  const queue: LabelSpec[] = [];
  const labels: TextShape[] = [];
  drawStructure(model, page, options, layers, placer);
  const legendEntries: LegendEntry[] = [];

  if (view === 'problem' || view === 'results') {
    const loads = drawLoads(model, page, {
      force: unitOf(model, 'force'),
      moment: unitOf(model, 'moment'),
      lineLoad: unitOf(model, 'lineLoad'),
    });
    layers.loads.push(...loads.shapes);
    placer.blockShapes(loads.shapes);
    queue.push(...loads.labels);
    for (const support of model.supports) {
      const text = settlementLabel(support.settlement, { length: unitOf(model, 'displacement') });
      if (text) queue.push({ text, candidates: roundSupport(page.node(support.node), SUPPORT + 6), fill: 'load', bold: true });
    }
  }
  if (results && (view === 'results' || view === 'deflected')) {
    if (view === 'results') drawReactions(model, results, page, layers, placer, queue);
    const deflected = deflectedShape(model, results, page);
    if (deflected) {
      for (const line of deflected.shape) {
        const shape = polyline(line, { stroke: 'deflected', strokeWidth: view === 'deflected' ? 2.5 : 1.5, dashed: view === 'results' });
        layers.deflected.push(shape);
        placer.blockShapes([shape]);
      }
      const unit = unitOf(model, 'displacement');
      legendEntries.push({
        text: `deflected shape \u00d7${quantity(deflected.factor)}; max ${withUnit(deflected.value, unit)} at node ${deflected.node}`,
        paint: 'deflected',
        dashed: view === 'results',
      });
    }
  }
  const mode = view === 'buckling' ? results?.buckling?.[(options.mode ?? 1) - 1] : undefined;
  const buckled = mode && bucklingShape(model, mode, options.mode ?? 1, page);
  if (buckled) {
    for (const line of buckled.lines) {
      const shape = polyline(line, { stroke: 'deflected', strokeWidth: 2.5 });
      layers.deflected.push(shape);
      placer.blockShapes([shape]);
    }
    legendEntries.push({ text: buckled.caption, paint: 'deflected' });
  } else if (view === 'buckling') {
    const why = results?.buckling === undefined ? 'ask for critical load factors with analysis.buckling' : 'no member is in compression';
    legendEntries.push({ text: `no buckling mode ${options.mode ?? 1}: ${why}`, paint: 'muted' });
  }
  if (chart && results) {
    const unit = unitOf(model, chart === 'moment' ? 'moment' : 'force');
    // an envelope draws its two bounds to one scale, the upper in the positive colour, the lower in the negative
    const lower = results.lower && { ...results, members: results.lower };
    const largest = chartLargest(chart, results, ...(lower ? [lower] : []));
    const curves: [FrameFigureResults, Paint | undefined][] = lower
      ? [
          [results, 'positive'],
          [lower, 'negative'],
        ]
      : [[results, undefined]];
    for (const [drawnResults, paint] of curves) {
      const drawn = drawChart(chart, drawnResults, page, reach, unit, { largest, ...(paint && { paint }) });
      layers.chart.push(...drawn.shapes);
      placer.blockShapes(drawn.curves.map((points) => polyline(points, { stroke: paint ?? 'positive', strokeWidth: 1.5 })));
      queue.push(...drawn.labels);
    }
    const what =
      chart === 'moment'
        ? `moment (${unit}), drawn on the tension side`
        : chart === 'shear'
          ? `shear (${unit}), +y\u2032 side positive`
          : `axial force (${unit}), tension positive`;
    if (lower) legendEntries.push({ text: `max, ${what}`, paint: 'positive' }, { text: 'min', paint: 'negative' });
    else legendEntries.push({ text: what, paint: 'positive' });
  }
  labels.push(...legend(legendEntries, width, height, layers.legend, placer));
  labels.push(...placer.placeAll([...queue, ...numberLabels(model, page, options.numbers ?? true)]));
  const title = chart
    ? `Frame ${chart} diagram`
    : view === 'deflected'
      ? 'Frame deflected shape'
      : view === 'buckling'
        ? `Frame buckling mode ${options.mode ?? 1}`
        : view === 'results'
          ? 'Frame results'
          : 'Frame';
  return {
    width,
    height,
    title,
    layers: [
      { name: 'members', shapes: layers.members },
      { name: 'chart', shapes: layers.chart },
      { name: 'deflected', shapes: layers.deflected },
      { name: 'supports', shapes: layers.supports },
      { name: 'nodes', shapes: layers.nodes },
      { name: 'loads', shapes: layers.loads },
      { name: 'reactions', shapes: layers.reactions },
      { name: 'legend', shapes: layers.legend },
      { name: 'leaders', shapes: placer.leaders },
      { name: 'labels', shapes: labels },
    ],
  };
}

/**
 * Beam figures: problem (spans to scale, supports with their settlements, hinges, loads, dimension lines),
 * setup (problem plus reactions), results (reactions plus deflected shape) and, in `chart.ts`, the
 * diagrams. Layout only: this module returns a Scene; `emit.ts` writes it.
 */
import type { Quantity } from '../units/index.js';
import { drawLoads, loadPositions, type BeamLayer, type BeamPage } from './beam-loads.js';
import { withUnit } from './format.js';
import { arrow, fixedWall, hinge, momentArc, pinOrRoller } from './glyphs.js';
import { LabelPlacer, fan, type LabelSpec } from './labels.js';
import { beamLength, inCases, spanEnds, unitOf, type BeamFigureModel, type BeamFigureResults, type FigureOptions } from './model.js';
import { polyline, segment, type Scene, type Shape } from './scene.js';

export type BeamSetupView = 'problem' | 'setup' | 'results';

export interface BeamFigureOptions extends FigureOptions {
  view: BeamSetupView;
  /** overlay the deflected shape (setup view) */
  deformed: boolean;
}

/** Pixels a settled support is drawn below the beam: a sign that it moves, not its size (the label gives that). */
const SETTLEMENT_DROP = 7;

/**
 * Vertical measures of a beam figure, in pixels, grown or shrunk with the canvas height. Without loads (the
 * results view) the beam rises to a third of the height and its deflected shape takes the room they left.
 */
function beamFrame(options: BeamFigureOptions) {
  const s = Math.min(2, Math.max(0.6, options.height / 250));
  const margin = 44;
  const results = options.view === 'results';
  return {
    s,
    left: margin,
    right: options.width - margin,
    beamY: Math.round(options.height * (results ? 0.28 : 0.46)),
    loadLength: 48 * s,
    support: Math.max(10, 14 * Math.min(1, s)),
    reactionLength: 34 * s,
    deflection: results ? 0.2 * options.height : 24 * s,
    dimensionY: options.height - 14 * s - 4,
    labelStep: 14,
  };
}

type Frame = ReturnType<typeof beamFrame>;
type LayerName = BeamLayer;

interface Drawing extends BeamPage {
  f: Frame;
  model: BeamFigureModel;
  /** how far below the beam each support's glyph is drawn (settled supports drop) */
  drop: (position: number) => number;
}

function drawSupports(d: Drawing, options: BeamFigureOptions, total: number): void {
  const { f, px } = d;
  for (const support of d.model.supports) {
    const settlement = support.settlement ?? 0;
    const at = { x: px(support.position), y: f.beamY + d.drop(support.position) };
    if (support.type === 'fixed') {
      const outward = support.position < total / 2 ? -1 : 1;
      d.draw('supports', fixedWall(at, f.support, outward, options.style));
    } else {
      d.draw('supports', pinOrRoller(support.type, at, f.support, 0, options.style));
    }
    if (settlement !== 0) {
      // a dashed link from the beam to the dropped support, and the imposed displacement beside it
      d.draw('supports', [segment({ x: at.x, y: f.beamY + 2 }, { x: at.x, y: at.y }, { stroke: 'load', strokeWidth: 1, dashed: true })]);
      const side = support.type === 'fixed' && support.position < total / 2 ? 1 : -1;
      d.label({
        text: `\u0394 ${withUnit(settlement, d.units('displacement'))}`,
        candidates: [
          { at: { x: at.x + side * (f.support + 4), y: at.y + f.support / 2 }, anchor: side > 0 ? 'start' : 'end' },
          { at: { x: at.x - side * (f.support + 4), y: at.y + f.support / 2 }, anchor: side > 0 ? 'end' : 'start' },
          ...fan({ x: at.x, y: f.beamY - 12 }, 'up', 13, 2),
        ],
        fill: 'load',
        bold: true,
        names: at,
      });
    }
  }
}

export function layoutBeam(model: BeamFigureModel, results: BeamFigureResults, options: BeamFigureOptions): Scene {
  const f = beamFrame(options);
  const total = beamLength(model);
  const layers: Record<LayerName, Shape[]> = { dimensions: [], deflected: [], beam: [], loads: [], supports: [], reactions: [] };
  const placer = new LabelPlacer({ x0: 2, y0: 2, x1: options.width - 2, y1: options.height - 2 });
  // every drawing first, then the labels, so that no label can land on a drawing made after it
  const queue: LabelSpec[] = [];
  const withLoads = options.view !== 'results';
  const withReactions = options.view !== 'problem';
  const withDeflection = options.view === 'results' || (options.view === 'setup' && options.deformed);
  const settled = new Map(model.supports.filter((s) => (s.settlement ?? 0) !== 0).map((s) => [s.position, s.settlement ?? 0]));
  const d: Drawing = {
    f,
    model,
    beamY: f.beamY,
    loadLength: f.loadLength,
    labelStep: f.labelStep,
    px: (x: number) => f.left + ((f.right - f.left) * x) / total,
    units: (q: Quantity) => unitOf(model, q),
    tagged: inCases(model.loads),
    // every drawing keeps labels off what it covers (labels.ts `shapeObstacles`)
    draw: (layer: LayerName, shapes: Shape[]) => {
      layers[layer].push(...shapes);
      placer.blockShapes(shapes);
    },
    label: (spec: LabelSpec) => queue.push(spec),
    drop: (position: number) => (settled.has(position) ? SETTLEMENT_DROP : 0),
  };
  const { px } = d;

  d.draw('beam', [segment({ x: px(0), y: f.beamY }, { x: px(total), y: f.beamY }, { stroke: 'ink', strokeWidth: 3 })]);
  const ends = spanEnds(model);
  model.spans.forEach((span, i) => {
    if (i > 0 && span.connection === 'hinge') d.draw('beam', [hinge({ x: px(ends[i] ?? 0), y: f.beamY }, options.style)]);
  });
  drawSupports(d, options, total);

  // dimension line: one tick per span end, each span's length over its middle; its labels have the least
  // freedom, so they are placed first
  const y = f.dimensionY;
  d.draw('dimensions', [segment({ x: px(0), y }, { x: px(total), y }, { stroke: 'muted', strokeWidth: 1 })]);
  for (const x of ends)
    d.draw('dimensions', [segment({ x: px(x), y: y - 5 }, { x: px(x), y: y + 5 }, { stroke: 'muted', strokeWidth: 1 })]);
  model.spans.forEach((span, i) => {
    const mid = px((ends[i] ?? 0) + span.length / 2);
    d.label({
      text: withUnit(span.length, d.units('length')),
      // over the line at the span's middle, else just beside it (a load-position tick may stand at the middle),
      // else higher up
      candidates: [
        { at: { x: mid, y: y - 10 }, anchor: 'middle' },
        { at: { x: mid - 6, y: y - 10 }, anchor: 'end' },
        { at: { x: mid + 6, y: y - 10 }, anchor: 'start' },
        ...fan({ x: mid, y: y - 23 }, 'up', 13, 2),
      ],
      fill: 'muted',
      size: 11,
    });
  });
  if (withReactions) drawReactions(d, results, total);
  if (withLoads) drawLoads(model, d);
  // the loads' positions as a second chain of dimensions, where the canvas is tall enough to hold it; its labels
  // come before the deflection's, which can move along the beam while a dimension has one place
  if (withLoads && options.height >= 220) loadPositions(model, d, total, ends, y - 24 * f.s);
  if (withDeflection) deflectedShape(d, results, total);

  const labels = placer.placeAll(queue);
  return {
    width: options.width,
    height: options.height,
    title: `Beam ${options.view}${withDeflection && options.view === 'setup' ? ' with deflected shape' : ''}`,
    layers: [
      { name: 'dimensions', shapes: layers.dimensions },
      { name: 'deflected', shapes: layers.deflected },
      { name: 'beam', shapes: layers.beam },
      { name: 'supports', shapes: layers.supports },
      { name: 'loads', shapes: layers.loads },
      { name: 'reactions', shapes: layers.reactions },
      { name: 'leaders', shapes: placer.leaders },
      { name: 'labels', shapes: labels },
    ],
  };
}

function drawReactions(d: Drawing, results: BeamFigureResults, total: number): void {
  const { f, px } = d;
  const largest = Math.max(...results.reactions.map((r) => Math.abs(r.vertical)), 0);
  for (const reaction of results.reactions) {
    const x = px(reaction.position);
    if (Math.abs(reaction.vertical) > 1e-9 * largest) {
      const near = { x, y: f.beamY + d.drop(reaction.position) + f.support + 12 };
      const far = { x, y: near.y + f.reactionLength };
      d.draw('reactions', reaction.vertical > 0 ? arrow(far, near, 'reaction', 2) : arrow(near, far, 'reaction', 2));
      const mid = (near.y + far.y) / 2;
      d.label({
        text: withUnit(Math.abs(reaction.vertical), d.units('force'), largest),
        candidates: [
          ...fan({ x: x + 7, y: mid }, 'right', 13, 3),
          ...fan({ x: x - 7, y: mid }, 'left', 13, 3),
          ...fan({ x, y: far.y + 10 }, 'down', 13, 2),
        ],
        fill: 'reaction',
        bold: true,
        names: far,
      });
    }
    if (reaction.type === 'fixed' && reaction.moment !== 0) {
      const r = f.support + 8;
      const at = { x, y: f.beamY };
      const outward = reaction.position < total / 2 ? -1 : 1;
      d.draw('reactions', momentArc(at, r, reaction.moment > 0, 'reaction'));
      d.label({
        text: withUnit(Math.abs(reaction.moment), d.units('moment')),
        candidates: [
          ...fan({ x, y: at.y - r - 10 }, 'up', 13, 3),
          { at: { x: x + outward * (r + 4), y: at.y - r }, anchor: outward < 0 ? 'end' : 'start' },
          { at: { x: x - outward * (r + 4), y: at.y - r - 6 }, anchor: outward < 0 ? 'start' : 'end' },
        ],
        fill: 'reaction',
        bold: true,
        names: { x, y: at.y - r },
      });
    }
  }
}

function deflectedShape(d: Drawing, results: BeamFigureResults, total: number): void {
  const { f, px } = d;
  const series = results.diagrams.deflection;
  const largest = Math.max(0, ...series.map(([, v]) => Math.abs(v)));
  if (largest === 0) return;
  const y = (v: number) => f.beamY - (f.deflection * v) / largest;
  d.draw('deflected', [
    polyline(
      series.map(([x, v]) => ({ x: px(x), y: y(v) })),
      { stroke: 'deflected', strokeWidth: 2, dashed: true },
    ),
  ]);
  const max = results.extremes.deflection.max;
  const at = { x: px(max.position), y: y(max.value) };
  d.draw('deflected', [{ kind: 'circle', center: at, r: 3, fill: 'deflected' }]);
  const text = `\u03b4max ${withUnit(max.value, d.units('displacement'))} at x = ${withUnit(max.position, d.units('length'), total)}`;
  const below = max.value < 0;
  const candidates = [
    ...fan({ x: at.x, y: at.y + (below ? 12 : -12) }, below ? 'down' : 'up', 13, 3),
    ...fan({ x: at.x, y: f.beamY - 14 }, 'up', 13, 5),
    // crowded: slide along the beam, pointing back at the marked point
    ...[0.25, 0.5].flatMap((share) => {
      const shift = share * (f.right - f.left);
      const y = at.y + (below ? 12 : -12);
      return [
        { at: { x: at.x + shift, y }, anchor: 'middle' as const },
        { at: { x: at.x - shift, y }, anchor: 'middle' as const },
      ];
    }),
  ];
  // in a low, crowded figure the dimension chains keep their places and the value alone is written, `δmax −4.64 mm`
  const shorter = { text: `\u03b4max ${withUnit(max.value, d.units('displacement'))}`, candidates, fill: 'deflected' as const, names: at };
  d.label({ text, candidates, fill: 'deflected', names: at, shorter });
}

/**
 * Beam figures: problem (spans to scale, supports, hinges, loads, dimension line), setup (problem
 * plus reactions), results (reactions plus deflected shape) and, in `chart.ts`, the diagrams.
 * Layout only: this module returns a Scene; `emit.ts` writes it.
 */
import type { BeamLoadInput } from '../schema/beam.js';
import { lineLoadAt } from '../schema/line-load.js';
import type { Quantity } from '../units/index.js';
import { withUnit } from './format.js';
import { arrow, fixedWall, hinge, momentArc, pinOrRoller } from './glyphs.js';
import { LabelPlacer, fan, type LabelSpec } from './labels.js';
import { beamLength, spanEnds, unitOf, type BeamFigureModel, type BeamFigureResults, type FigureOptions } from './model.js';
import { around, polyline, segment, type Box, type Scene, type Shape, type TextShape } from './scene.js';

export type BeamSetupView = 'problem' | 'setup' | 'results';

export interface BeamFigureOptions extends FigureOptions {
  view: BeamSetupView;
  /** overlay the deflected shape (setup view) */
  deformed: boolean;
}

/** Magnitudes when every value has one sign (the arrows show which), signed values otherwise. */
function range(values: number[], unit: string): string {
  const oneSign = values.every((v) => v <= 0) || values.every((v) => v >= 0);
  const shown = values.map((v) => (oneSign ? Math.abs(v) : v));
  const [first, last] = [shown[0] ?? 0, shown[shown.length - 1] ?? 0];
  return first === last ? withUnit(first, unit) : `${withUnit(first, '').trim()} to ${withUnit(last, unit)}`;
}

function loadLabel(load: BeamLoadInput, units: (q: Quantity) => string): string {
  const tag = load.case && load.case !== 'G' ? ` (${load.case})` : '';
  switch (load.type) {
    case 'point':
      return withUnit(Math.abs(load.magnitude), units('force')) + tag;
    case 'moment':
      return withUnit(Math.abs(load.magnitude), units('moment')) + tag;
    case 'udl':
      return range([load.start, load.end ?? load.start], units('lineLoad')) + tag;
    case 'area': {
      const width = range([load.width, load.endWidth ?? load.width], units('length'));
      return `${range([load.start, load.end ?? load.start], units('pressure'))} \u00d7 ${width}${tag}`;
    }
  }
}

/** Vertical measures of a beam figure, in pixels, grown or shrunk with the canvas height. */
function beamFrame(options: FigureOptions) {
  const s = Math.min(2, Math.max(0.6, options.height / 250));
  const margin = 44;
  return {
    s,
    left: margin,
    right: options.width - margin,
    beamY: Math.round(options.height * 0.46),
    loadLength: 48 * s,
    support: Math.max(10, 14 * Math.min(1, s)),
    reactionLength: 34 * s,
    deflection: 24 * s,
    dimensionY: options.height - 14 * s - 4,
    labelStep: 14,
  };
}

interface Layers {
  dimensions: Shape[];
  deflected: Shape[];
  beam: Shape[];
  loads: Shape[];
  supports: Shape[];
  reactions: Shape[];
  labels: TextShape[];
}

/** The box around a set of points, padded. */
export function layoutBeam(model: BeamFigureModel, results: BeamFigureResults, options: BeamFigureOptions): Scene {
  const f = beamFrame(options);
  const total = beamLength(model);
  const px = (x: number) => f.left + ((f.right - f.left) * x) / total;
  const units = (q: Quantity) => unitOf(model, q);
  const layers: Layers = { dimensions: [], deflected: [], beam: [], loads: [], supports: [], reactions: [], labels: [] };
  const placer = new LabelPlacer({ x0: 2, y0: 2, x1: options.width - 2, y1: options.height - 2 });
  const draw = (layer: keyof Omit<Layers, 'labels'>, shapes: Shape[], region?: Box) => {
    layers[layer].push(...shapes);
    if (region) placer.block(region);
  };

  const withLoads = options.view !== 'results';
  const withReactions = options.view !== 'problem';
  const withDeflection = options.view === 'results' || (options.view === 'setup' && options.deformed);

  // the beam itself, and everything drawn onto it, comes first so labels keep clear of it
  draw('beam', [segment({ x: px(0), y: f.beamY }, { x: px(total), y: f.beamY }, { stroke: 'ink', strokeWidth: 3 })], {
    x0: px(0),
    y0: f.beamY - 2,
    x1: px(total),
    y1: f.beamY + 2,
  });
  const ends = spanEnds(model);
  model.spans.forEach((span, i) => {
    if (i > 0 && span.connection === 'hinge') draw('beam', [hinge({ x: px(ends[i] ?? 0), y: f.beamY }, options.style)]);
  });
  for (const support of model.supports) {
    const at = { x: px(support.position), y: f.beamY };
    if (support.type === 'fixed') {
      const outward = support.position < total / 2 ? -1 : 1;
      draw(
        'supports',
        fixedWall(at, f.support, outward, options.style),
        around([
          { x: at.x + outward * 10, y: at.y - f.support },
          { x: at.x, y: at.y + f.support },
        ]),
      );
    } else {
      draw(
        'supports',
        pinOrRoller(support.type, at, f.support, 0, options.style),
        around([
          { x: at.x - f.support, y: at.y },
          { x: at.x + f.support, y: at.y + f.support + 9 },
        ]),
      );
    }
  }

  // every drawing first, then the labels, so that no label can land on a drawing made after it
  const queue: LabelSpec[] = [];
  const label = (spec: LabelSpec) => queue.push(spec);
  // dimension line: one tick per span end, each span's length over its middle; its labels have
  // the least freedom, so they are placed first
  const y = f.dimensionY;
  draw('dimensions', [segment({ x: px(0), y }, { x: px(total), y }, { stroke: 'muted', strokeWidth: 1 })]);
  for (const x of ends) draw('dimensions', [segment({ x: px(x), y: y - 5 }, { x: px(x), y: y + 5 }, { stroke: 'muted', strokeWidth: 1 })]);
  model.spans.forEach((span, i) => {
    const mid = px((ends[i] ?? 0) + span.length / 2);
    label({ text: withUnit(span.length, units('length')), candidates: fan({ x: mid, y: y - 9 }, 'up', 13, 3), fill: 'muted', size: 11 });
  });
  if (withReactions) drawReactions(model, results, f, px, units, draw, label);
  if (withLoads) drawLoads(model, f, px, units, draw, label);
  if (withDeflection) deflectedShape(model, results, f, px, units, draw, label);

  for (const spec of queue) layers.labels.push(placer.place(spec));

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
      { name: 'labels', shapes: layers.labels },
    ],
  };
}

type Frame = ReturnType<typeof beamFrame>;
type Draw = (layer: keyof Omit<Layers, 'labels'>, shapes: Shape[], region?: Box) => void;
type Label = (spec: LabelSpec) => void;

function drawLoads(
  model: BeamFigureModel,
  f: Frame,
  px: (x: number) => number,
  units: (q: Quantity) => string,
  draw: Draw,
  label: Label,
): void {
  const loads = model.loads ?? [];
  const distributed = loads.filter((l): l is Extract<BeamLoadInput, { type: 'udl' | 'area' }> => l.type === 'udl' || l.type === 'area');
  const samples = (l: (typeof distributed)[number], n: number) =>
    Array.from({ length: n + 1 }, (_, i) => l.from + ((l.to - l.from) * i) / n);
  const largest = Math.max(0, ...distributed.flatMap((l) => samples(l, 16).map((x) => Math.abs(lineLoadAt(l, x)))));
  const bandHeight = (w: number) => (largest === 0 ? 0 : (0.7 * f.loadLength * Math.abs(w)) / largest);

  // distributed-load labels first: point-load labels then find room above the bands
  const pending: (() => void)[] = [];
  for (const load of distributed) {
    const outline = samples(load, 16).map((x) => ({ x: px(x), y: f.beamY - bandHeight(lineLoadAt(load, x)) }));
    const shapes: Shape[] = [
      polyline([{ x: px(load.from), y: f.beamY }, ...outline, { x: px(load.to), y: f.beamY }], {
        stroke: 'load',
        strokeWidth: 1.2,
        fill: 'load',
        fillOpacity: 0.08,
      }),
    ];
    const count = Math.max(2, Math.round((px(load.to) - px(load.from)) / 24));
    for (let i = 0; i <= count; i++) {
      const x = load.from + ((load.to - load.from) * i) / count;
      const w = lineLoadAt(load, x);
      const top = { x: px(x), y: f.beamY - bandHeight(w) };
      const foot = { x: px(x), y: f.beamY };
      if (f.beamY - top.y < 10) continue; // too short for an arrow: the outline says it
      shapes.push(...(w < 0 ? arrow(top, foot, 'load', 1) : arrow(foot, top, 'load', 1)));
    }
    const region = around(
      outline.concat([
        { x: px(load.from), y: f.beamY },
        { x: px(load.to), y: f.beamY },
      ]),
      1,
    );
    draw('loads', shapes, region);
    const peak = Math.min(...outline.map((p) => p.y));
    pending.push(() =>
      label({
        text: loadLabel(load, units),
        candidates: fan({ x: (px(load.from) + px(load.to)) / 2, y: peak - 9 }, 'up', f.labelStep, 5),
        fill: 'load',
      }),
    );
  }
  for (const load of loads) {
    if (load.type === 'point') {
      const top = { x: px(load.position), y: f.beamY - f.loadLength };
      const foot = { x: px(load.position), y: f.beamY };
      draw('loads', load.magnitude <= 0 ? arrow(top, foot, 'load', 2) : arrow(foot, top, 'load', 2), around([top, foot], 4));
      pending.push(() =>
        label({
          text: loadLabel(load, units),
          candidates: [
            ...fan({ x: top.x, y: top.y - 9 }, 'up', f.labelStep, 4),
            ...fan({ x: top.x + 6, y: top.y + 8 }, 'right', f.labelStep, 3),
            ...fan({ x: top.x - 6, y: top.y + 8 }, 'left', f.labelStep, 3),
          ],
          fill: 'load',
          bold: true,
        }),
      );
    } else if (load.type === 'moment') {
      const r = 15;
      const at = { x: px(load.position), y: f.beamY };
      draw(
        'loads',
        momentArc(at, r, load.magnitude > 0, 'load'),
        around(
          [
            { x: at.x - r, y: at.y - r },
            { x: at.x + r, y: at.y + r * 0.7 },
          ],
          4,
        ),
      );
      pending.push(() =>
        label({
          text: loadLabel(load, units),
          candidates: [
            ...fan({ x: at.x, y: at.y - r - 12 }, 'up', f.labelStep, 4),
            ...fan({ x: at.x + r + 6, y: at.y - r }, 'right', f.labelStep, 3),
          ],
          fill: 'load',
          bold: true,
        }),
      );
    }
  }
  for (const place of pending) place();
}

function drawReactions(
  model: BeamFigureModel,
  results: BeamFigureResults,
  f: Frame,
  px: (x: number) => number,
  units: (q: Quantity) => string,
  draw: Draw,
  label: Label,
): void {
  const total = beamLength(model);
  const largest = Math.max(...results.reactions.map((r) => Math.abs(r.vertical)), 0);
  for (const reaction of results.reactions) {
    const x = px(reaction.position);
    if (Math.abs(reaction.vertical) > 1e-9 * largest) {
      const near = { x, y: f.beamY + f.support + 12 };
      const far = { x, y: near.y + f.reactionLength };
      draw('reactions', reaction.vertical > 0 ? arrow(far, near, 'reaction', 2) : arrow(near, far, 'reaction', 2), around([near, far], 4));
      const mid = (near.y + far.y) / 2;
      label({
        text: withUnit(Math.abs(reaction.vertical), unitOf(model, 'force'), largest),
        candidates: [
          ...fan({ x: x + 7, y: mid }, 'right', 13, 3),
          ...fan({ x: x - 7, y: mid }, 'left', 13, 3),
          ...fan({ x, y: far.y + 10 }, 'down', 13, 2),
        ],
        fill: 'reaction',
        bold: true,
      });
    }
    if (reaction.type === 'fixed' && reaction.moment !== 0) {
      const r = f.support + 8;
      const at = { x, y: f.beamY };
      const outward = reaction.position < total / 2 ? -1 : 1;
      draw(
        'reactions',
        momentArc(at, r, reaction.moment > 0, 'reaction'),
        around(
          [
            { x: x - r, y: at.y - r },
            { x: x + r, y: at.y + r * 0.7 },
          ],
          3,
        ),
      );
      label({
        text: withUnit(Math.abs(reaction.moment), units('moment')),
        candidates: [
          ...fan({ x, y: at.y - r - 10 }, 'up', 13, 3),
          { at: { x: x + outward * (r + 4), y: at.y - r }, anchor: outward < 0 ? 'end' : 'start' },
        ],
        fill: 'reaction',
        bold: true,
      });
    }
  }
}

function deflectedShape(
  model: BeamFigureModel,
  results: BeamFigureResults,
  f: Frame,
  px: (x: number) => number,
  units: (q: Quantity) => string,
  draw: Draw,
  label: Label,
): void {
  const series = results.diagrams.deflection;
  const largest = Math.max(0, ...series.map(([, v]) => Math.abs(v)));
  if (largest === 0) return;
  const y = (v: number) => f.beamY - (f.deflection * v) / largest;
  draw('deflected', [
    polyline(
      series.map(([x, v]) => ({ x: px(x), y: y(v) })),
      { stroke: 'deflected', strokeWidth: 2, dashed: true },
    ),
  ]);
  const max = results.extremes.deflection.max;
  const at = { x: px(max.position), y: y(max.value) };
  draw('deflected', [{ kind: 'circle', center: at, r: 3, fill: 'deflected' }]);
  const text = `\u03b4max ${withUnit(max.value, units('displacement'))} at x = ${withUnit(max.position, units('length'), beamLength(model))}`;
  const below = max.value < 0;
  label({
    text,
    candidates: [
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
    ],
    fill: 'deflected',
  });
}

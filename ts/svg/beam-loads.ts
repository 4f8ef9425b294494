/**
 * A beam's loads on the page: distributed loads as outlined bands of arrows whose heights follow the
 * intensity, point loads as heavier, longer arrows reaching above any band (so one inside a UDL stands out),
 * applied moments as arcs, and a chain of dimensions giving the loads' positions where the canvas has room.
 */
import type { BeamLoadInput } from '../schema/beam.js';
import { lineLoadAt } from '../schema/line-load.js';
import type { Quantity } from '../units/index.js';
import { withUnit } from './format.js';
import { arrow, momentArc } from './glyphs.js';
import { textWidth } from './label-boxes.js';
import { fan, type LabelSpec } from './labels.js';
import { caseTag, type BeamFigureModel } from './model.js';
import { polyline, segment, type Shape } from './scene.js';

export type BeamLayer = 'dimensions' | 'deflected' | 'beam' | 'loads' | 'supports' | 'reactions';

/** What the beam figure hands its parts: its measures, the page mapping, and where drawings and labels go. */
export interface BeamPage {
  beamY: number;
  loadLength: number;
  labelStep: number;
  px: (x: number) => number;
  units: (q: Quantity) => string;
  /** the model's loads are in cases: every label names its case */
  tagged: boolean;
  draw: (layer: BeamLayer, shapes: Shape[]) => void;
  label: (spec: LabelSpec) => void;
}

/** Magnitudes when every value has one sign (the arrows show which), signed values otherwise. */
function range(values: number[], unit: string): string {
  const oneSign = values.every((v) => v <= 0) || values.every((v) => v >= 0);
  const shown = values.map((v) => (oneSign ? Math.abs(v) : v));
  const [first, last] = [shown[0] ?? 0, shown[shown.length - 1] ?? 0];
  return first === last ? withUnit(first, unit) : `${withUnit(first, '').trim()} to ${withUnit(last, unit)}`;
}

export function loadLabel(load: BeamLoadInput, units: (q: Quantity) => string, tagged: boolean): string {
  const tag = caseTag(load, tagged);
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

type Distributed = Extract<BeamLoadInput, { type: 'udl' | 'area' }>;

/**
 * A distributed load's band, standing on `base` px above the beam (loads over the same stretch are stacked, so
 * each keeps its own block and label): its outline and arrows from its top to its base, as far as they are tall
 * enough to read, leaving out those that would run into a point load's arrow or an applied moment's arc
 * (`clear`: their x).
 */
function band(
  load: Distributed,
  page: BeamPage,
  height: (w: number) => number,
  base: number,
  clear: readonly { x: number; reach: number }[],
): void {
  const { px } = page;
  const foot = page.beamY - base;
  // a udl of one sign has a straight top, drawn exactly by its two ends; others are sampled (|w| may bend)
  const straight = load.type === 'udl' && load.start * (load.end ?? load.start) >= 0;
  const xs = straight ? [load.from, load.to] : Array.from({ length: 17 }, (_, i) => load.from + ((load.to - load.from) * i) / 16);
  const outline = xs.map((x) => ({ x: px(x), y: foot - height(lineLoadAt(load, x)) }));
  const shapes: Shape[] = [
    polyline([{ x: px(load.from), y: foot }, ...outline, { x: px(load.to), y: foot }], {
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
    const top = { x: px(x), y: foot - height(w) };
    const bottom = { x: px(x), y: foot };
    if (foot - top.y < 10) continue; // too short for an arrow: the outline says it
    if (clear.some((c) => Math.abs(c.x - top.x) < c.reach)) continue;
    shapes.push(...(w < 0 ? arrow(top, bottom, 'load', 1) : arrow(bottom, top, 'load', 1)));
  }
  page.draw('loads', shapes);
  const peak = Math.min(...outline.map((p) => p.y));
  const middle = (px(load.from) + px(load.to)) / 2;
  const side = (peak + foot) / 2;
  page.label({
    text: loadLabel(load, page.units, page.tagged),
    candidates: [
      ...fan({ x: middle, y: peak - 9 }, 'up', page.labelStep, 5),
      { at: { x: px(load.from) - 4, y: side }, anchor: 'end' },
      { at: { x: px(load.to) + 4, y: side }, anchor: 'start' },
    ],
    fill: 'load',
    names: { x: middle, y: side },
  });
}

/** The largest magnitude of a distributed load along its length. */
function peakIntensity(load: Distributed): number {
  return Math.max(...Array.from({ length: 17 }, (_, i) => Math.abs(lineLoadAt(load, load.from + ((load.to - load.from) * i) / 16))));
}

export function drawLoads(model: BeamFigureModel, page: BeamPage): void {
  const { px, beamY, loadLength, labelStep } = page;
  const loads = model.loads ?? [];
  const distributed = loads.filter((l): l is Distributed => l.type === 'udl' || l.type === 'area');
  // stack loads that share a stretch of the beam: each stands on the tallest earlier one it overlaps, and the
  // whole stack is scaled to the band height, so heights compare across loads
  // each load's peak once: the stacking compares every pair of loads
  const peaks = distributed.map(peakIntensity);
  const bases: number[] = [];
  distributed.forEach((load, i) => {
    let base = 0;
    for (let j = 0; j < i; j++) {
      const other = distributed[j]!;
      if (other.from < load.to && load.from < other.to) base = Math.max(base, bases[j]! + peaks[j]!);
    }
    bases.push(base);
  });
  const stack = Math.max(0, ...distributed.map((_, i) => bases[i]! + peaks[i]!));
  const bandTop = 0.6 * loadLength;
  const height = (w: number) => (stack === 0 ? 0 : (bandTop * Math.abs(w)) / stack);
  const clear = loads.flatMap((l) =>
    l.type === 'point' ? [{ x: px(l.position), reach: 7 }] : l.type === 'moment' ? [{ x: px(l.position), reach: 19 }] : [],
  );
  distributed.forEach((load, i) => band(load, page, height, height(bases[i]!), clear));

  // point loads start well above the tallest band, heavier and with a larger head than a band's arrows
  const pointLength = distributed.length > 0 ? bandTop + 0.55 * loadLength : loadLength;
  for (const load of loads) {
    if (load.type === 'point') {
      const top = { x: px(load.position), y: beamY - pointLength };
      const foot = { x: px(load.position), y: beamY };
      page.draw('loads', load.magnitude <= 0 ? arrow(top, foot, 'load', 2.5, 1.4) : arrow(foot, top, 'load', 2.5, 1.4));
      page.label({
        text: loadLabel(load, page.units, page.tagged),
        candidates: [
          ...fan({ x: top.x, y: top.y - 9 }, 'up', labelStep, 3),
          ...fan({ x: top.x + 6, y: top.y + 6 }, 'right', labelStep, 3),
          ...fan({ x: top.x - 6, y: top.y + 6 }, 'left', labelStep, 3),
        ],
        fill: 'load',
        bold: true,
        names: top,
      });
    } else if (load.type === 'moment') {
      const r = 15;
      const at = { x: px(load.position), y: beamY };
      const overSupport = model.supports.some((s) => Math.abs(px(s.position) - at.x) < r);
      page.draw('loads', momentArc(at, r, load.magnitude > 0, 'load', overSupport ? 0 : 45));
      page.label({
        text: loadLabel(load, page.units, page.tagged),
        candidates: [
          ...fan({ x: at.x, y: at.y - r - 12 }, 'up', labelStep, 3),
          ...fan({ x: at.x + r + 6, y: at.y - r }, 'right', labelStep, 3),
          ...fan({ x: at.x - r - 6, y: at.y - r }, 'left', labelStep, 3),
        ],
        fill: 'load',
        bold: true,
        names: { x: at.x, y: at.y - r },
      });
    }
  }
}

/**
 * A chain of dimensions at height `y` from the beam's left end through every load's position (point loads,
 * applied moments, the ends of distributed loads) to its right end. Each piece is labelled with its length and
 * unit only where that fits between its ticks; nothing is drawn when the loads sit only at span ends.
 */
export function loadPositions(model: BeamFigureModel, page: BeamPage, total: number, ends: readonly number[], y: number): void {
  const { px } = page;
  const at = (model.loads ?? []).flatMap((l) => (l.type === 'udl' || l.type === 'area' ? [l.from, l.to] : [l.position]));
  const tolerance = 1e-9 * total;
  const ticks = [...new Set([0, total, ...at].map((x) => Number(x.toPrecision(12))))].sort((a, b) => a - b);
  if (ticks.every((x) => ends.some((e) => Math.abs(e - x) <= tolerance))) return;
  page.draw('dimensions', [segment({ x: px(0), y }, { x: px(total), y }, { stroke: 'muted', strokeWidth: 0.75 })]);
  for (const x of ticks)
    page.draw('dimensions', [segment({ x: px(x), y: y - 4 }, { x: px(x), y: y + 4 }, { stroke: 'muted', strokeWidth: 0.75 })]);
  // every label holds a digit and its unit at least: a narrower gap is left unlabelled before writing its text
  const unit = page.units('length');
  const narrowest = textWidth(`0 ${unit}`, 10) + 6;
  for (let i = 1; i < ticks.length; i++) {
    const [a, b] = [ticks[i - 1]!, ticks[i]!];
    if (px(b) - px(a) < narrowest) continue;
    const text = withUnit(b - a, unit, total);
    if (textWidth(text, 10) + 6 > px(b) - px(a)) continue;
    page.label({ text, candidates: [{ at: { x: (px(a) + px(b)) / 2, y: y - 9 }, anchor: 'middle' }], fill: 'muted', size: 10 });
  }
}

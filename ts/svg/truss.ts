/**
 * Truss figures: problem (geometry to scale, supports including inclined rollers, loads) and results
 * (reactions, members coloured by the sign of their force with force labels, the deflected shape
 * magnified by a stated round factor). Layout only: this module returns a Scene.
 */
import { quantity, withUnit } from './format.js';
import { arrow, pinOrRoller } from './glyphs.js';
import { LabelPlacer, fan, type LabelSpec } from './labels.js';
import { legend, type LegendEntry } from './legend.js';
import { unitOf, type FigureOptions, type TrussFigureModel, type TrussFigureResults } from './model.js';
import { forceReaction } from './reactions.js';
import { around, segment, type Anchor, type Point, type Scene, type Shape, type TextShape } from './scene.js';

export type TrussView = 'problem' | 'results';

export interface TrussFigureOptions extends FigureOptions {
  view: TrussView;
}

/** Share of the drawing's larger extent that the largest displacement is magnified to. */
const DEFLECTION_SHARE = 0.08;
const SUPPORT = 14;
const LOAD_LENGTH = 44;
/** Where along a member its force label may sit, preferred first. */
const ALONG = [0.5, 0.35, 0.65, 0.25, 0.75];

/** The largest of 1, 2, 5 x 10^n not above `value`: a magnification a reader can take in at once. */
export function roundFactor(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const mantissa = value / power;
  return (mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1) * power;
}

/** A load's components, whichever form it was given in. */
export function loadComponents(load: NonNullable<TrussFigureModel['loads']>[number]): { fx: number; fy: number } {
  if ('magnitude' in load) {
    const a = (load.angle * Math.PI) / 180;
    return { fx: load.magnitude * Math.cos(a), fy: load.magnitude * Math.sin(a) };
  }
  return { fx: load.fx ?? 0, fy: load.fy ?? 0 };
}

/** Displacements (mm or in) in the coordinates' unit (m or ft). */
function displacementToLength(model: TrussFigureModel): number {
  return model.units === 'imperial' ? 1 / 12 : 1 / 1000;
}

export function trussDeflectionFactor(
  model: TrussFigureModel,
  results: TrussFigureResults,
): { factor: number; node: number; value: number } | undefined {
  const xs = model.nodes.map((n) => n.x);
  const ys = model.nodes.map((n) => n.y);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  let largest: { node: number; value: number } | undefined;
  for (const d of results.displacements) {
    const value = Math.hypot(d.dx, d.dy);
    if (!largest || value > largest.value) largest = { node: d.node, value };
  }
  if (!largest || largest.value === 0 || extent === 0) return undefined;
  return { factor: roundFactor((DEFLECTION_SHARE * extent) / (largest.value * displacementToLength(model))), ...largest };
}

export function layoutTruss(model: TrussFigureModel, results: TrussFigureResults | undefined, options: TrussFigureOptions): Scene {
  const { width, height } = options;
  const showResults = options.view === 'results' && results !== undefined;
  const force = unitOf(model, 'force');
  const displacement = unitOf(model, 'displacement');

  // fit the geometry, to scale, inside margins that leave room for loads, supports and labels
  const margin = { left: 70, right: 70, top: 64, bottom: showResults ? 90 : 70 };
  const xs = model.nodes.map((n) => n.x);
  const ys = model.nodes.map((n) => n.y);
  const [xMin, xMax, yMin, yMax] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const room = { x: width - margin.left - margin.right, y: height - margin.top - margin.bottom };
  const scale = Math.min(xMax > xMin ? room.x / (xMax - xMin) : Infinity, yMax > yMin ? room.y / (yMax - yMin) : Infinity);
  const k = Number.isFinite(scale) ? scale : 1;
  const offset = {
    x: margin.left + (room.x - (xMax - xMin) * k) / 2,
    y: margin.top + (room.y - (yMax - yMin) * k) / 2,
  };
  const page = (x: number, y: number): Point => ({ x: offset.x + (x - xMin) * k, y: offset.y + (yMax - y) * k });
  const nodes = new Map(model.nodes.map((n) => [n.id, page(n.x, n.y)]));
  const at = (id: number): Point => nodes.get(id) ?? { x: 0, y: 0 };

  const placer = new LabelPlacer({ x0: 2, y0: 2, x1: width - 2, y1: height - 2 });
  const layers: Record<'deflected' | 'members' | 'nodes' | 'supports' | 'loads' | 'reactions' | 'legend', Shape[]> = {
    deflected: [],
    members: [],
    nodes: [],
    supports: [],
    loads: [],
    reactions: [],
    legend: [],
  };
  const queue: LabelSpec[] = [];
  const labels: TextShape[] = [];

  // members, coloured by force in the results view
  const forces = new Map((results?.memberForces ?? []).map((m) => [m.member, m.force]));
  const bounds = new Map((results?.forceBounds ?? []).map((m) => [m.member, m]));
  const largestForce = Math.max(0, ...[...forces.values()].map(Math.abs));
  for (const member of model.members) {
    const [a, b] = [at(member.from), at(member.to)];
    const f = forces.get(member.id) ?? 0;
    const zero = Math.abs(f) <= 1e-9 * largestForce;
    const paint = !showResults || zero ? 'ink' : f > 0 ? 'tension' : 'compression';
    layers.members.push(segment(a, b, { stroke: showResults && zero ? 'muted' : paint, strokeWidth: showResults ? 2.5 : 2 }));
    if (showResults) {
      const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const normal = { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
      // on the member at its middle, then further along either way; at each, on it and either side of it
      const candidates: { at: Point; anchor: Anchor }[] = [];
      for (const t of ALONG) {
        const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
        candidates.push({ at: p, anchor: 'middle' });
        for (const d of [12, -12]) candidates.push({ at: { x: p.x + normal.x * d, y: p.y + normal.y * d }, anchor: 'middle' });
      }
      const range = bounds.get(member.id);
      queue.push({
        text: range
          ? `${quantity(range.max, largestForce)} / ${withUnit(range.min, force, largestForce)}`
          : withUnit(zero ? 0 : f, force, largestForce),
        candidates,
        fill: zero ? 'muted' : f > 0 ? 'tension' : 'compression',
        size: 11,
        bold: true,
        halo: true,
      });
    }
  }
  for (const p of nodes.values()) {
    layers.nodes.push({ kind: 'circle', center: p, r: 3, fill: 'background', stroke: 'ink', strokeWidth: 1.5 });
    placer.block(around([p], 4));
  }

  for (const support of model.supports) {
    const p = at(support.node);
    const angle = support.angle ?? 0;
    layers.supports.push(...pinOrRoller(support.type, p, SUPPORT, angle, options.style));
    const a = (angle * Math.PI) / 180;
    // the glyph hangs from the node along the normal turned away from the structure
    const foot = { x: p.x + Math.sin(a) * (SUPPORT + 9), y: p.y + Math.cos(a) * (SUPPORT + 9) };
    placer.block(around([p, foot], SUPPORT));
  }

  for (const load of model.loads ?? []) {
    const { fx, fy } = loadComponents(load);
    const magnitude = Math.hypot(fx, fy);
    if (magnitude === 0) continue;
    const direction = { x: fx / magnitude, y: -fy / magnitude };
    const p = at(load.node);
    const tip = { x: p.x - direction.x * 5, y: p.y - direction.y * 5 };
    const tail = { x: tip.x - direction.x * LOAD_LENGTH, y: tip.y - direction.y * LOAD_LENGTH };
    layers.loads.push(...arrow(tail, tip, 'load', 2));
    placer.block(around([tail, tip], 3));
    const away = { x: tail.x - direction.x * 10, y: tail.y - direction.y * 10 };
    queue.push({
      text: withUnit(magnitude, force),
      candidates: [
        { at: away, anchor: Math.abs(direction.x) < 0.3 ? 'middle' : direction.x > 0 ? 'end' : 'start' },
        ...fan({ x: tail.x + 8, y: tail.y }, 'right', 13, 3),
        ...fan({ x: tail.x - 8, y: tail.y }, 'left', 13, 3),
      ],
      fill: 'load',
      bold: true,
    });
  }

  if (showResults && results) {
    const largest = Math.max(0, ...results.reactions.flatMap((r) => [Math.abs(r.horizontal), Math.abs(r.vertical)]));
    for (const reaction of results.reactions) {
      const drawn = forceReaction(at(reaction.node), reaction, largest, force, {
        below: SUPPORT + 14,
        beside: SUPPORT + 8,
        belowSide: SUPPORT / 2,
      });
      layers.reactions.push(...drawn.shapes);
      drawn.obstacles.forEach((box) => placer.block(box));
      queue.push(...drawn.labels);
    }

    const deflection = trussDeflectionFactor(model, results);
    if (deflection) {
      const byId = new Map(model.nodes.map((n) => [n.id, n]));
      const moved = new Map(
        results.displacements.map((d) => {
          const node = byId.get(d.node);
          const s = deflection.factor * displacementToLength(model);
          return [d.node, node ? page(node.x + d.dx * s, node.y + d.dy * s) : at(d.node)];
        }),
      );
      for (const member of model.members) {
        layers.deflected.push(
          segment(moved.get(member.from) ?? at(member.from), moved.get(member.to) ?? at(member.to), {
            stroke: 'deflected',
            strokeWidth: 1.5,
            dashed: true,
          }),
        );
      }
    }

    // legend along the bottom edge: what the colours and the dashed shape mean
    const entries: LegendEntry[] = [
      { text: 'tension +', paint: 'tension' },
      { text: 'compression \u2212', paint: 'compression' },
    ];
    if (deflection) {
      entries.push({
        text: `deflected shape \u00d7${quantity(deflection.factor)}; max ${withUnit(deflection.value, displacement)} at node ${deflection.node}`,
        paint: 'deflected',
        dashed: true,
      });
    }
    labels.push(...legend(entries, height, layers.legend, placer));
  }

  for (const spec of queue) labels.push(placer.place(spec));
  return {
    width,
    height,
    title: `Truss ${options.view}`,
    layers: [
      { name: 'deflected', shapes: layers.deflected },
      { name: 'members', shapes: layers.members },
      { name: 'supports', shapes: layers.supports },
      { name: 'nodes', shapes: layers.nodes },
      { name: 'loads', shapes: layers.loads },
      { name: 'reactions', shapes: layers.reactions },
      { name: 'legend', shapes: layers.legend },
      { name: 'labels', shapes: labels },
    ],
  };
}

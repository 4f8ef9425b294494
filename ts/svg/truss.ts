/**
 * Truss figures: problem (geometry to scale, supports including inclined rollers, loads) and results
 * (reactions, members coloured by the sign of their force with force labels, the deflected shape
 * magnified by a stated round factor). Layout only: this module returns a Scene.
 */
import { quantity, withUnit } from './format.js';
import { pinOrRoller } from './glyphs.js';
import { LabelPlacer, type Candidate, type LabelSpec } from './labels.js';
import { legend, type LegendEntry } from './legend.js';
import { unitOf, type FigureOptions, type TrussFigureModel, type TrussFigureResults } from './model.js';
import { nodalForce } from './nodal-loads.js';
import { forceReaction } from './reactions.js';
import { roundSupport, settlementLabel } from './settlement.js';
import { segment, type Anchor, type Point, type Scene, type Shape } from './scene.js';
import type { Paint } from './theme.js';

export type TrussView = 'problem' | 'results';

export interface TrussFigureOptions extends FigureOptions {
  view: TrussView;
  /** node numbers beside the nodes and member numbers (boxed) on the members; dropped one by one where crowded */
  numbers?: boolean;
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

/**
 * Candidates beside a node, in the quadrants first (members usually leave a node along the axes or at 45
 * degrees, so a number there clears the chords and verticals), then straight above and below.
 */
function besideNode(p: Point): Candidate[] {
  const out: Candidate[] = [];
  for (const [dx, dy] of [
    [-5, -11],
    [5, -11],
    [-5, 11],
    [5, 11],
    [-10, -16],
    [10, -16],
    [-10, 16],
    [10, 16],
    [0, -15],
    [0, 15],
    [-14, -3],
    [14, -3],
    [-20, -20],
    [20, -20],
    [-22, 8],
    [22, 8],
  ] as const) {
    out.push({ at: { x: p.x + dx, y: p.y + dy }, anchor: dx < 0 ? 'end' : dx > 0 ? 'start' : 'middle' });
  }
  return out;
}

/** Positions along a member and either side of it, as many pixels out as `offsets` say. */
function alongMember(a: Point, b: Point, along: readonly number[], offsets: readonly number[]): Candidate[] {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const normal = { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
  const out: Candidate[] = [];
  for (const t of along) {
    const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    for (const d of offsets) out.push({ at: { x: p.x + normal.x * d, y: p.y + normal.y * d }, anchor: 'middle' as Anchor });
  }
  return out;
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
  type LayerName = 'deflected' | 'members' | 'nodes' | 'supports' | 'loads' | 'reactions' | 'legend';
  const layers: Record<LayerName, Shape[]> = { deflected: [], members: [], nodes: [], supports: [], loads: [], reactions: [], legend: [] };
  // every drawing keeps labels off what it covers; a member's own labels may sit on it
  const draw = (layer: LayerName, shapes: Shape[], owner?: string) => {
    layers[layer].push(...shapes);
    placer.blockShapes(shapes, owner);
  };
  // labels by priority: loads and reactions, node numbers (the legend names a node), member forces, member numbers
  const queue: LabelSpec[] = [];
  const forceLabels: LabelSpec[] = [];
  const nodeNumbers: LabelSpec[] = [];
  const numbers: LabelSpec[] = [];
  const numbered = options.numbers ?? true;

  // members, coloured by force in the results view
  const forces = new Map((results?.memberForces ?? []).map((m) => [m.member, m.force]));
  const bounds = new Map((results?.forceBounds ?? []).map((m) => [m.member, m]));
  const largestForce = Math.max(0, ...[...forces.values()].map(Math.abs));
  for (const member of model.members) {
    const [a, b] = [at(member.from), at(member.to)];
    const f = forces.get(member.id) ?? 0;
    const zero = Math.abs(f) <= 1e-9 * largestForce;
    const paint = !showResults || zero ? 'ink' : f > 0 ? 'tension' : 'compression';
    const owner = `member ${member.id}`;
    draw('members', [segment(a, b, { stroke: showResults && zero ? 'muted' : paint, strokeWidth: showResults ? 2.5 : 2 })], owner);
    if (showResults) {
      // on the member at its middle, then further along either way; at each, on it and either side of it
      const range = bounds.get(member.id);
      forceLabels.push({
        text: range
          ? `${quantity(range.max, largestForce)} / ${withUnit(range.min, force, largestForce)}`
          : withUnit(zero ? 0 : f, force, largestForce),
        candidates: alongMember(a, b, ALONG, [0, 12, -12]),
        fill: zero ? 'muted' : f > 0 ? 'tension' : 'compression',
        size: 11,
        bold: true,
        halo: true,
        owner,
      });
    }
    if (numbered) {
      numbers.push({
        text: String(member.id),
        candidates: alongMember(a, b, [0.5, 0.3, 0.7, 0.2, 0.8], showResults ? [12, -12, 20, -20] : [0, 11, -11]),
        fill: 'muted',
        size: 9,
        outline: true,
        owner,
      });
    }
  }
  for (const node of model.nodes) {
    const p = at(node.id);
    draw('nodes', [{ kind: 'circle', center: p, r: 3, fill: 'background', stroke: 'ink', strokeWidth: 1.5 }]);
    if (numbered) nodeNumbers.push({ text: String(node.id), candidates: besideNode(p), fill: 'ink', size: 10, bold: true });
  }

  const rollers = new Map<number, number>();
  for (const support of model.supports) {
    const angle = support.angle ?? 0;
    if (support.type === 'roller') rollers.set(support.node, angle);
    draw('supports', pinOrRoller(support.type, at(support.node), SUPPORT, angle, options.style));
    const settled = settlementLabel(support.settlement, { length: displacement });
    if (settled) queue.push({ text: settled, candidates: roundSupport(at(support.node), SUPPORT + 6), fill: 'load', bold: true });
  }

  for (const load of model.loads ?? []) {
    const drawn = nodalForce(at(load.node), load, force, LOAD_LENGTH, 5);
    draw('loads', drawn.shapes);
    queue.push(...drawn.labels);
  }

  if (showResults && results) {
    const largest = Math.max(0, ...results.reactions.flatMap((r) => [Math.abs(r.horizontal), Math.abs(r.vertical)]));
    for (const reaction of results.reactions) {
      const drawn = forceReaction(
        at(reaction.node),
        reaction,
        largest,
        force,
        { below: SUPPORT + 14, beside: SUPPORT + 8, belowSide: SUPPORT / 2 },
        rollers.get(reaction.node) ?? 0,
      );
      draw('reactions', drawn.shapes);
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
        const line = segment(moved.get(member.from) ?? at(member.from), moved.get(member.to) ?? at(member.to), {
          stroke: 'deflected',
          strokeWidth: 1.5,
          dashed: true,
        });
        // the member's own force label may cover its deflected line too
        draw('deflected', [line], `member ${member.id}`);
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
    const legendLabels = legend(entries, width, height, layers.legend, placer);
    return scene(options, layers, [...legendLabels, ...placer.placeAll([...queue, ...nodeNumbers, ...forceLabels, ...numbers])], placer);
  }
  return scene(options, layers, placer.placeAll([...queue, ...nodeNumbers, ...forceLabels, ...numbers]), placer);
}

const MEMBER_PAINTS: readonly Paint[] = ['muted', 'ink', 'compression', 'tension'];

/**
 * Members colour by colour, each colour in the model's order, so that the few elements of each colour are written
 * together (ts/svg/elements.ts) and, where two bars cross, tension lies over compression all over the figure.
 */
function colourByColour(members: readonly Shape[]): Shape[] {
  const rank = (s: Shape) => (s.kind === 'path' && s.stroke !== undefined ? MEMBER_PAINTS.indexOf(s.stroke) : -1);
  return [...members].sort((a, b) => rank(a) - rank(b)); // a stable sort
}

function scene(options: TrussFigureOptions, layers: Record<string, Shape[]>, labels: Shape[], placer: LabelPlacer): Scene {
  return {
    width: options.width,
    height: options.height,
    title: `Truss ${options.view}`,
    layers: [
      { name: 'deflected', shapes: layers.deflected ?? [] },
      { name: 'members', shapes: colourByColour(layers.members ?? []) },
      { name: 'supports', shapes: layers.supports ?? [] },
      { name: 'nodes', shapes: layers.nodes ?? [] },
      { name: 'loads', shapes: layers.loads ?? [] },
      { name: 'reactions', shapes: layers.reactions ?? [] },
      { name: 'legend', shapes: layers.legend ?? [] },
      { name: 'leaders', shapes: placer.leaders },
      { name: 'labels', shapes: labels },
    ],
  };
}

/**
 * Truss figures: problem (geometry to scale, supports including inclined rollers, loads) and results
 * (reactions, members coloured by the sign of their force with force labels, the deflected shape
 * magnified by a stated round factor). Layout only: this module returns a Scene.
 */
import { quantity, withUnit } from './format.js';
import { pinOrRoller } from './glyphs.js';
import { textWidth } from './label-boxes.js';
import { LabelPlacer, type LabelSpec } from './labels.js';
import { alongMember, memberNumber, nodeNumber } from './numbers.js';
import { legend, type LegendEntry } from './legend.js';
import { caseTag, inCases, unitOf, type FigureOptions, type TrussFigureModel, type TrussFigureResults } from './model.js';
import { nodalForces } from './nodal-loads.js';
import { forceReaction } from './reactions.js';
import { roundSupport, settlementLabel } from './settlement.js';
import { segment, type Point, type Scene, type Shape } from './scene.js';
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
  const forceText = (id: number, f: number, unit: string) => {
    const range = bounds.get(id);
    const text = range ? `${quantity(range.max, largestForce)} / ${quantity(range.min, largestForce)}` : quantity(f, largestForce);
    return unit ? `${text} ${unit}` : text;
  };
  // where a member is too short for its force with the unit, every force is written smaller and without it (the
  // legend gives the unit): a reader needs each member's force more than the unit repeated on each
  const compact =
    showResults &&
    model.members.some((m) => {
      const [a, b] = [at(m.from), at(m.to)];
      return Math.hypot(b.x - a.x, b.y - a.y) < textWidth(forceText(m.id, forces.get(m.id) ?? 0, force), 11, true) + 8;
    });
  for (const member of model.members) {
    const [a, b] = [at(member.from), at(member.to)];
    const f = forces.get(member.id) ?? 0;
    const zero = Math.abs(f) <= 1e-9 * largestForce;
    const paint = !showResults || zero ? 'ink' : f > 0 ? 'tension' : 'compression';
    const owner = `member ${member.id}`;
    draw('members', [segment(a, b, { stroke: showResults && zero ? 'muted' : paint, strokeWidth: showResults ? 2.5 : 2 })], owner);
    if (showResults) {
      // on the member at its middle, then further along either way; at each, on it and either side of it
      forceLabels.push({
        text: forceText(member.id, zero ? 0 : f, compact ? '' : force),
        candidates: alongMember(a, b, ALONG, compact ? [0, 8, -8] : [0, 12, -12]),
        fill: zero ? 'muted' : f > 0 ? 'tension' : 'compression',
        size: compact ? 9 : 11,
        bold: true,
        halo: true,
        owner,
      });
    }
    if (numbered) numbers.push(memberNumber(member.id, a, b));
  }
  for (const node of model.nodes) {
    const p = at(node.id);
    draw('nodes', [{ kind: 'circle', center: p, r: 3, fill: 'background', stroke: 'ink', strokeWidth: 1.5 }]);
    if (numbered) nodeNumbers.push(nodeNumber(node.id, p));
  }

  const rollers = new Map<number, number>();
  for (const support of model.supports) {
    const angle = support.angle ?? 0;
    if (support.type === 'roller') rollers.set(support.node, angle);
    draw('supports', pinOrRoller(support.type, at(support.node), SUPPORT, angle, options.style));
    const settled = settlementLabel(support.settlement, { length: displacement });
    if (settled) queue.push({ text: settled, candidates: roundSupport(at(support.node), SUPPORT + 6), fill: 'load', bold: true });
  }

  // loads on each node together (several are one resultant), kept off the members' lines
  const loads = model.loads ?? [];
  const tagged = inCases(loads);
  const lines = model.members.map((m) => [at(m.from), at(m.to)] as const);
  for (const node of new Set(loads.map((l) => l.node))) {
    const style = { length: LOAD_LENGTH, gap: 5, members: lines };
    const drawn = nodalForces(
      at(node),
      loads.filter((l) => l.node === node),
      force,
      style,
      (l) => caseTag(l, tagged),
    );
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
      // thin, under the members, and no obstacle: the force labels (haloed) lie over it where they must, so the
      // shape never pushes a member's force off its member
      for (const member of model.members) {
        const line = segment(moved.get(member.from) ?? at(member.from), moved.get(member.to) ?? at(member.to), {
          stroke: 'deflected',
          strokeWidth: 1,
          dashed: true,
        });
        layers.deflected.push(line);
      }
    }

    // legend along the bottom edge: what the colours and the dashed shape mean
    const entries: LegendEntry[] = [
      { text: `tension +${compact ? ` (${force})` : ''}`, paint: 'tension' },
      { text: `compression \u2212${compact ? ` (${force})` : ''}`, paint: 'compression' },
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

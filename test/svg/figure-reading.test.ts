/**
 * Issue 37: figures an engineer can read against the result tables. Each test reads the labels back from the
 * SVG text and ties them to the drawing: node and member numbers of a frame are the request's own ids, each
 * beside what it names; every member of the eight-panel Pratt truss carries its force from the solve response
 * on the member itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { frameDiagramScene, renderBeamDiagram, renderFrameDiagram, renderTrussDiagram, trussDiagramScene } from '../../ts/solve/diagram.js';
import { solveTruss } from '../../ts/solve/truss.js';
import { withUnit } from '../../ts/svg/format.js';
import type { CircleShape, PathShape, Point, Scene } from '../../ts/svg/scene.js';
import { parseSvg } from './labels-of.js';
import { gable } from './frame-models.js';
import { continuousThreeSpan } from './models.js';
import { pratt8 } from './truss-models.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});
const context = () => ({ engine, baseUrl: 'http://localhost:3000' });

interface Written {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
}

/** Every text element of the SVG with where it is written, its size and weight, minus signs as typed. */
function written(svg: string): Written[] {
  const out: Written[] = [];
  const walk = (node: unknown, key = ''): void => {
    if (key === 'text') {
      for (const t of [node].flat() as Record<string, unknown>[]) {
        const size = Number(t['font-size']);
        // x is the anchor; the box's vertical middle is 0.35 em above the baseline (emit.ts)
        out.push({
          text: String(t['#text']).replace(/\u2212/g, '-'),
          x: Number(t.x),
          y: Number(t.y) - 0.35 * size,
          size,
          bold: t['font-weight'] === 'bold',
        });
      }
      return;
    }
    if (Array.isArray(node)) node.forEach((n) => walk(n));
    else if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(parseSvg(svg));
  return out;
}

/** The nodes' page positions, in the model's order: the circles of the scene's `nodes` layer (no hinges here). */
function nodePositions(scene: Scene, ids: readonly number[]): Map<number, Point> {
  const circles = scene.layers.find((l) => l.name === 'nodes')!.shapes.filter((s): s is CircleShape => s.kind === 'circle');
  expect(circles).toHaveLength(ids.length);
  return new Map(ids.map((id, i) => [id, circles[i]!.center]));
}

/** Distance from p to the segment a-b, and where along it (0 at a, 1 at b) the nearest point lies. */
function toSegment(p: Point, a: Point, b: Point): { distance: number; along: number } {
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const along = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
  const t = Math.max(0, Math.min(1, along));
  return { distance: Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy), along };
}

/** The middle of a text's box: anchors are start, middle or end, so read the box from the anchor attribute's effect. */
const centreOf = (w: Written, anchor: string | undefined, width: number): Point => ({
  x: anchor === 'start' ? w.x + width / 2 : anchor === 'end' ? w.x - width / 2 : w.x,
  y: w.y,
});

describe('frame figures carry node and member numbers, the request ids, by default', () => {
  // the gable frame with ids that are not its indexes: nodes 11-15, members 21-24
  const renumbered = {
    ...gable,
    nodes: gable.nodes.map((n) => ({ ...n, id: n.id + 10 })),
    members: gable.members.map((m) => ({ ...m, id: m.id + 20, from: m.from + 10, to: m.to + 10 })),
    supports: gable.supports.map((s) => ({ ...s, node: s.node + 10 })),
    nodalLoads: gable.nodalLoads.map((l) => ({ ...l, node: l.node + 10 })),
    memberLoads: gable.memberLoads.map((l) => ({ ...l, member: l.member + 20 })),
  };
  for (const view of ['problem', 'results', 'moment'] as const) {
    it(`${view}: node numbers bold beside their nodes, member numbers boxed beside their members`, () => {
      const body = { ...renumbered, view };
      const texts = written(renderFrameDiagram(body, context()));
      const { scene } = frameDiagramScene(body, context());
      const nodes = nodePositions(
        scene,
        renumbered.nodes.map((n) => n.id),
      );
      const nodeNumbers = texts.filter((t) => t.bold && t.size === 10);
      expect(nodeNumbers.map((t) => Number(t.text)).sort()).toEqual([11, 12, 13, 14, 15]);
      for (const t of nodeNumbers) {
        const p = nodes.get(Number(t.text))!;
        // beside: the candidates lie within 22 px across and 20 px up or down of the node (ts/svg/numbers.ts), or
        // (a support ringed by its reactions) on a lead line at most 62 px out (ts/svg/labels.ts), so the number's
        // anchor is within 62 px and its text's width (two digits, 14 px) of the node
        expect(Math.hypot(t.x - p.x, t.y - p.y), `node ${t.text}`).toBeLessThanOrEqual(62 + 14);
      }
      const memberNumbers = texts.filter((t) => !t.bold && t.size === 9);
      expect(memberNumbers.map((t) => Number(t.text)).sort()).toEqual([21, 22, 23, 24]);
      for (const t of memberNumbers) {
        const m = renumbered.members.find((x) => x.id === Number(t.text))!;
        const near = toSegment(t, nodes.get(m.from)!, nodes.get(m.to)!);
        // off the member, 11 or 18 px to one side, between 20% and 80% of its length
        expect(near.distance, `member ${t.text}`).toBeGreaterThanOrEqual(10);
        expect(near.distance, `member ${t.text}`).toBeLessThanOrEqual(19);
        expect(near.along).toBeGreaterThan(0.15);
        expect(near.along).toBeLessThan(0.85);
      }
    });
  }
  it('numbers: false draws none', () => {
    const texts = written(renderFrameDiagram({ ...renumbered, view: 'problem', numbers: false }, context()));
    expect(texts.filter((t) => (t.bold && t.size === 10) || t.size === 9)).toEqual([]);
  });
});

describe("every member of issue 37's Pratt truss carries its force on it in the results view", () => {
  // Hand checks of three of the solve's forces: the middle vertical (node 13 down to node 5) meets no diagonal
  // at its top, so it carries the 40 kN there in compression; the end verticals (nodes 2-10 and 8-16) meet only
  // the bottom chord at their feet, so they carry nothing.
  it('the solve response agrees with the joints worked by hand', () => {
    const forces = new Map(solveTruss(pratt8, context()).memberForces.map((m) => [`${m.from}-${m.to}`, m.force]));
    expect(forces.get('5-13')).toBeCloseTo(-40, 9);
    expect(forces.get('2-10')).toBeCloseTo(0, 9);
    expect(forces.get('8-16')).toBeCloseTo(0, 9);
  });
  for (const width of [860, 2000]) {
    it(`at ${width} px each force label lies on its own member, between its ends`, () => {
      const body = { ...pratt8, view: 'results', width };
      const svg = renderTrussDiagram(body, context());
      const texts = written(svg).filter((t) => t.size === 11 && t.bold);
      const { scene } = trussDiagramScene(body, context());
      const nodes = nodePositions(
        scene,
        pratt8.nodes.map((n) => n.id),
      );
      const response = solveTruss(pratt8, context());
      const largest = Math.max(...response.memberForces.map((m) => Math.abs(m.force)));
      const missing: string[] = [];
      for (const m of response.memberForces) {
        const [a, b] = [nodes.get(m.from)!, nodes.get(m.to)!];
        const want = withUnit(m.force, 'kN', largest).replace(/\u2212/g, '-');
        // force labels are centred (anchor middle) on or 12 px beside their member, 25% to 75% along it
        const found = texts.some((t) => {
          const near = toSegment(centreOf(t, 'middle', 0), a, b);
          return t.text === want && near.distance <= 12.5 && near.along >= 0.2 && near.along <= 0.8;
        });
        if (!found) missing.push(`member ${m.member} (${m.from}-${m.to}) ${want}`);
      }
      expect(missing).toEqual([]);
      // and nothing else: one force label per member
      expect(texts).toHaveLength(response.memberForces.length);
    });
  }
});

describe('loads drawn where they cover no member', () => {
  // the Pratt truss loaded at its bottom nodes 2-8 instead: an arrow arriving from above would run down the
  // vertical member onto each of those nodes, over its force label
  const hanging = { ...pratt8, loads: [2, 3, 4, 5, 6, 7, 8].map((node) => ({ node, fy: -40 })) };
  it('each arrow leaves its bottom node downwards, below the bottom chord, and every member keeps its force', () => {
    const body = { ...hanging, view: 'results' };
    const { scene } = trussDiagramScene(body, context());
    const nodes = nodePositions(
      scene,
      hanging.nodes.map((n) => n.id),
    );
    const chord = nodes.get(1)!.y;
    const arrows = scene.layers.find((l) => l.name === 'loads')!.shapes as PathShape[];
    const ys = arrows.flatMap((a) => a.d.flatMap((c) => (c[0] === 'M' || c[0] === 'L' ? [c[2]] : [])));
    expect(ys.length).toBeGreaterThan(0);
    expect(Math.min(...ys)).toBeGreaterThan(chord);
    const texts = written(renderTrussDiagram(body, context())).filter((t) => t.size === 11 && t.bold);
    expect(texts).toHaveLength(hanging.members.length);
  });
});

describe('the deformed setup view keeps every dimension', () => {
  // continuousThreeSpan (test/svg/models.ts): spans 5, 6, 5 and 1.5 m; loads end or stand at 0, 5, 8, 16 and
  // 17.5 m, so the load-position chain reads 5, 3, 8 and 1.5 m and the span chain 5, 6, 5 and 1.5 m, each with its
  // unit. At 860 by 220 px the chains sit close under the deflected shape: placed before them, the δmax label took
  // the place of the 3 m dimension; placed after them, it keeps out of their way.
  it('at 860 by 220 px both chains are labelled in full, with units, and δmax is still stated', () => {
    const body = { ...continuousThreeSpan, view: 'setup', deformed: true, width: 860, height: 220 };
    const texts = written(renderBeamDiagram(body, context()));
    const dimensions = texts.filter((t) => /^[\d.]+ m$/.test(t.text)).map((t) => t.text);
    expect(dimensions.sort()).toEqual(['1.5 m', '1.5 m', '3 m', '5 m', '5 m', '5 m', '6 m', '8 m']);
    // by its value alone where the full label (with its position) finds no room
    expect(texts.some((t) => t.text.startsWith('\u03b4max '))).toBe(true);
  });
});

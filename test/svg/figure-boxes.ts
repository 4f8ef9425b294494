/**
 * Reading a rendered figure's geometry back from its SVG text (fast-xml-parser): each label's box, from its
 * position, anchor, size and weight measured with the renderer's font table (the box a reader sees), and what
 * each drawing of a layer covers: stroked straight pieces as segments, arcs as their circle's box, filled
 * glyphs and circles as boxes. Written apart from the renderer's own obstacle code, so the check is independent.
 */
import { XMLParser } from 'fast-xml-parser';
import { textBox } from '../../ts/svg/label-boxes.js';
import type { Box } from '../../ts/svg/scene.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false });

export interface Label {
  text: string;
  x: number;
  y: number;
  box: Box;
}

export type Covered = { kind: 'segment'; a: [number, number]; b: [number, number] } | { kind: 'box'; box: Box };

export interface Figure {
  width: number;
  height: number;
  labels: Label[];
  /** what each layer's drawings cover, by layer name without the id prefix */
  layers: Map<string, Covered[]>;
}

type Element = Record<string, string | undefined>;
const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

function pathCovers(el: Element): Covered[] {
  const out: Covered[] = [];
  const filled = el.fill !== undefined && el.fill !== 'none' && (el['fill-opacity'] === undefined || el.stroke !== undefined);
  // a filled path of several subpaths (glyphs drawn alike share one element) covers each subpath's box
  const fillSubpath = (points: [number, number][]) => {
    if (!filled || points.length === 0) return;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    out.push({ kind: 'box', box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) } });
  };
  const tokens = (el.d ?? '').match(/[MLAZ]|-?[\d.]+/g) ?? [];
  let points: [number, number][] = [];
  let pen: [number, number] | undefined;
  let start: [number, number] | undefined;
  const stroked = el.stroke !== undefined;
  for (let i = 0; i < tokens.length;) {
    const c = tokens[i++];
    const n = () => Number(tokens[i++]);
    if (c === 'M') {
      fillSubpath(points);
      points = [];
      pen = start = [n(), n()];
    } else if (c === 'L') {
      const next: [number, number] = [n(), n()];
      if (stroked && pen) out.push({ kind: 'segment', a: pen, b: next });
      pen = next;
    } else if (c === 'A') {
      const r = n();
      i += 1; // second radius
      i += 1; // rotation
      const large = n();
      const sweep = n();
      const to: [number, number] = [n(), n()];
      if (pen) {
        const mid = [(pen[0] + to[0]) / 2, (pen[1] + to[1]) / 2];
        const half = Math.hypot(to[0] - pen[0], to[1] - pen[1]) / 2;
        const h = Math.sqrt(Math.max(0, r * r - half * half));
        const nx = half ? -(to[1] - pen[1]) / (2 * half) : 0;
        const ny = half ? (to[0] - pen[0]) / (2 * half) : 0;
        const sign = large === sweep ? -1 : 1;
        const c0 = [mid[0]! + sign * h * nx, mid[1]! + sign * h * ny];
        out.push({ kind: 'box', box: { x0: c0[0]! - r, y0: c0[1]! - r, x1: c0[0]! + r, y1: c0[1]! + r } });
      }
      pen = to;
    } else if (c === 'Z') {
      if (stroked && pen && start) out.push({ kind: 'segment', a: pen, b: start });
    }
    if (pen) points.push(pen);
  }
  fillSubpath(points);
  return out;
}

export function readFigure(svg: string): Figure {
  const root = parser.parse(svg).svg as Record<string, unknown>;
  const labels: Label[] = [];
  const layers = new Map<string, Covered[]>();
  for (const g of list(root.g as Element | Element[])) {
    const group = g as unknown as Record<string, unknown>;
    const name = String(group.id ?? '').replace(/^[^-]+-/, '');
    const covered: Covered[] = [];
    for (const t of list(group.text as Element | Element[])) {
      const size = Number(t['font-size']);
      const text = String(t['#text'] ?? '');
      const [x, y] = [Number(t.x), Number(t.y) - size * 0.35];
      const box = textBox(text, { x, y }, (t['text-anchor'] ?? 'start') as 'start', size, t['font-weight'] === 'bold');
      labels.push({ text, x, y, box });
    }
    for (const p of list(group.path as Element | Element[])) covered.push(...pathCovers(p));
    for (const c of list(group.circle as Element | Element[])) {
      const r = Number(c.r) + (c.stroke ? Number(c['stroke-width'] ?? 1) / 2 : 0);
      covered.push({ kind: 'box', box: { x0: Number(c.cx) - r, y0: Number(c.cy) - r, x1: Number(c.cx) + r, y1: Number(c.cy) + r } });
    }
    layers.set(name, covered);
  }
  return { width: Number(root.width), height: Number(root.height), labels, layers };
}

function crosses(a: [number, number], b: [number, number], box: Box): boolean {
  // the segment against the box by sampling finely: independent of the renderer's clipping code
  const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.25));
  for (let i = 0; i <= steps; i++) {
    const [x, y] = [a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps];
    if (x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1) return true;
  }
  return false;
}

const meets = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Every collision of a figure: label with label, label off the canvas, label with a drawing of `layers`. */
export function collisions(figure: Figure, layers: readonly string[]): string[] {
  const found: string[] = [];
  const { labels } = figure;
  for (const l of labels) {
    if (l.box.x0 < 0 || l.box.y0 < 0 || l.box.x1 > figure.width || l.box.y1 > figure.height) found.push(`"${l.text}" leaves the canvas`);
  }
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      if (meets(labels[i]!.box, labels[j]!.box)) found.push(`"${labels[i]!.text}" on "${labels[j]!.text}"`);
    }
  }
  for (const name of layers) {
    for (const c of figure.layers.get(name) ?? []) {
      for (const l of labels) {
        const hit = c.kind === 'box' ? meets(l.box, c.box) : crosses(c.a, c.b, l.box);
        if (hit)
          found.push(`"${l.text}" on the ${name} at ${c.kind === 'box' ? `${c.box.x0.toFixed(0)},${c.box.y0.toFixed(0)}` : c.a.join(',')}`);
      }
    }
  }
  return found;
}

/**
 * Node and member numbers of truss and frame figures, the request's own ids, since every result table is keyed
 * by them: node numbers bold beside their nodes, member numbers boxed beside their members (never on a member,
 * where a box would hide the line it names).
 */
import type { Candidate, LabelSpec } from './labels.js';
import type { Anchor, Point } from './scene.js';

/**
 * Candidates beside a node, in the quadrants first (members usually leave a node along the axes or at 45
 * degrees, so a number there clears the chords and verticals), then straight above and below.
 */
export function besideNode(p: Point): Candidate[] {
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
export function alongMember(a: Point, b: Point, along: readonly number[], offsets: readonly number[]): Candidate[] {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const normal = { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
  const out: Candidate[] = [];
  for (const t of along) {
    const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    for (const d of offsets) out.push({ at: { x: p.x + normal.x * d, y: p.y + normal.y * d }, anchor: 'middle' as Anchor });
  }
  return out;
}

/**
 * A node's number, bold, beside it; `leader`: where no place beside it is clear (a frame's support, ringed by its
 * reactions), further out on a short lead line rather than left out.
 */
export function nodeNumber(id: number, p: Point, leader = false): LabelSpec {
  return { text: String(id), candidates: besideNode(p), fill: 'ink', size: 10, bold: true, ...(leader && { names: p }) };
}

/**
 * A member's number, boxed, beside the member near its middle. It keeps clear of its own member too (no owner):
 * a box on the line would hide the member it names.
 */
export function memberNumber(id: number, a: Point, b: Point): LabelSpec {
  return {
    text: String(id),
    candidates: alongMember(a, b, [0.5, 0.3, 0.7, 0.2, 0.8], [11, -11, 18, -18]),
    fill: 'muted',
    size: 9,
    outline: true,
  };
}

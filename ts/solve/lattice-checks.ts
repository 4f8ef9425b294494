/**
 * The checks beyond the schema that trusses and frames share (decisions.md 9): both are nodes joined by
 * members of a material, held by supports at nodes.
 */
import type { ProblemIssue } from '../problem/index.js';
import { quantities, toSI, type UnitSystem } from '../units/index.js';
import type { NumberCheck } from './engine-range.js';
import { formatNumber } from './failures.js';
import { distance, IdIndex } from './lattice-index.js';

export const DEFAULT_MATERIAL = 1;

/**
 * A member no longer than this fraction of the model's scale has ends that coincide to within rounding,
 * and the engine refuses the model (`COINCIDENT` in crates/engine/src/truss/model.rs and frame/model.rs).
 * The engine measures the scale two ways: a truss by its largest dimension, a frame by its largest
 * coordinate, at least 1 m. The scale here is the larger of the two, so every member the engine would
 * refuse is named here first, at its path, as decisions.md 9 asks for zero-length members.
 */
export const COINCIDENT_FRACTION = 1e-9;

export interface Lattice {
  nodes: readonly { id: number; x: number; y: number }[];
  members: readonly { id: number; from: number; to: number; material?: number }[];
  materials: readonly { id: number }[];
  supports: readonly { node: number }[];
  units?: UnitSystem;
}

export interface LatticeIndex {
  /** Index of each member by its id. */
  members: IdIndex;
  /**
   * The node with `id`, or undefined after an issue at `path` naming the missing id. The path is made
   * only for a missing node: a large request checks thousands of references.
   */
  node: (id: number, path: () => string) => Lattice['nodes'][number] | undefined;
  /** Each member's length, undefined where the member itself is faulty. */
  lengths: (number | undefined)[];
}

/**
 * Duplicate ids, unknown nodes and materials, members that start and end at one node or have no length, a
 * node supported twice; pushes each onto `issues` and answers the indices the kind's own checks use.
 */
export function latticeIssues(request: Lattice, issues: ProblemIssue[]): LatticeIndex {
  const index = <T extends { id: number }>(items: readonly T[], name: string) =>
    new IdIndex(items, (i, first) =>
      issues.push({ path: `${name}.${i}.id`, message: `duplicate id ${items[i]!.id} (also ${name}.${first})` }),
    );
  const nodes = index(request.nodes, 'nodes');
  const members = index(request.members, 'members');
  const materials = index(request.materials, 'materials');
  const node = (id: number, path: () => string) => {
    const at = nodes.get(id);
    if (at === undefined) issues.push({ path: path(), message: `no node with id ${id}` });
    return at === undefined ? undefined : request.nodes[at];
  };
  const units = request.units ?? 'SI';
  const scale = modelScale(request.nodes, units);
  const lengths = request.members.map((m, i) => {
    const a = node(m.from, () => `members.${i}.from`);
    const b = node(m.to, () => `members.${i}.to`);
    const material = m.material ?? DEFAULT_MATERIAL;
    if (!materials.has(material)) issues.push({ path: `members.${i}.material`, message: `no material with id ${material}` });
    if (m.from === m.to) {
      issues.push({ path: `members.${i}.to`, message: 'a member cannot start and end at the same node' });
      return undefined;
    }
    if (!a || !b) return undefined;
    const length = distance(b.x - a.x, b.y - a.y);
    if (length > COINCIDENT_FRACTION * scale) return length;
    issues.push({
      path: `members.${i}`,
      message:
        length === 0
          ? `zero length: nodes ${m.from} and ${m.to} coincide`
          : `its length is at most ${COINCIDENT_FRACTION} of the model's scale (${formatNumber(scale)} ${quantities.length[units === 'SI' ? 'si' : 'imperial']}), ` +
            `so nodes ${m.from} and ${m.to} coincide to within rounding: is a coordinate mistyped?`,
    });
    return undefined;
  });
  const supported = new Map<number, number>();
  request.supports.forEach((s, i) => {
    node(s.node, () => `supports.${i}.node`);
    if (supported.has(s.node))
      issues.push({ path: `supports.${i}.node`, message: `node ${s.node} already has a support (supports.${supported.get(s.node)})` });
    else supported.set(s.node, i);
  });
  return { members, node, lengths };
}

/** The larger of the engine's two scales of a lattice (see COINCIDENT_FRACTION), in the request's units. */
function modelScale(nodes: Lattice['nodes'], units: UnitSystem): number {
  let largest = 1 / toSI('length', 1, units);
  for (const { x, y } of nodes) largest = Math.max(largest, Math.abs(x), Math.abs(y));
  return Math.max(largest, largestDimension(nodes));
}

/** The larger of the nodes' extents in x and in y (a lattice's largest dimension), in one pass. */
export function largestDimension(nodes: readonly { x: number; y: number }[]): number {
  let [left, right, bottom, top] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const { x, y } of nodes) {
    left = Math.min(left, x);
    right = Math.max(right, x);
    bottom = Math.min(bottom, y);
    top = Math.max(top, y);
  }
  return Math.max(right - left, top - bottom);
}

/** What trusses and frames share of the numbers the engine receives; `M` is the kind's material. */
export interface LatticeNumbers<M extends { E?: number; A?: number }> {
  nodes: readonly { x: number; y: number }[];
  materials: readonly M[];
  supports: readonly { settlement?: { x?: number; y?: number } }[];
}

/**
 * The engine-range checks trusses and frames share, in request order: node coordinates, each material's
 * E and A (and what `material` adds, a frame's I), support settlements.
 */
export function latticeNumbers<M extends { E?: number; A?: number }>(
  request: LatticeNumbers<M>,
  check: NumberCheck,
  material?: (m: M, i: number) => void,
): void {
  request.nodes.forEach((n, i) => {
    check('length', n.x, () => `nodes.${i}.x`);
    check('length', n.y, () => `nodes.${i}.y`);
  });
  request.materials.forEach((m, i) => {
    check('modulus', m.E, () => `materials.${i}.E`);
    check('area', m.A, () => `materials.${i}.A`);
    material?.(m, i);
  });
  request.supports.forEach((s, i) => {
    check('displacement', s.settlement?.x, () => `supports.${i}.settlement.x`);
    check('displacement', s.settlement?.y, () => `supports.${i}.settlement.y`);
  });
}

/**
 * A truss request and its answer as flat arrays of numbers: the layout of crates/engine-wasm
 * `truss_frame` (the Rust side documents it field by field; the two change together). A 300-node
 * lattice solves in under a millisecond, and JSON both ways cost twice that.
 */
import { caseCount, FrameWriter } from './frame.js';
import type { EngineTrussModel, EngineTrussResult } from './types.js';

const SUPPORT_KINDS = ['pin', 'roller'] as const;

/** The request frame: counts, nodes, members, supports, loads, fabrication errors, combinations. */
export function encodeTrussRequest(model: EngineTrussModel, combinations: readonly number[][]): Float64Array {
  const cases = caseCount(combinations);
  const { nodes, members, supports, loads, fabricationErrors } = model;
  const size =
    7 + 2 * nodes.length + 4 * members.length + 5 * supports.length + 4 * loads.length + 3 * fabricationErrors.length + cases * combinations.length;
  const writer = new FrameWriter(size);
  const put = (value: number) => writer.put(value);
  for (const n of [nodes.length, members.length, supports.length, loads.length, fabricationErrors.length, cases, combinations.length]) put(n);
  for (const n of nodes) {
    put(n.x);
    put(n.y);
  }
  for (const m of members) {
    put(m.from);
    put(m.to);
    put(m.e);
    put(m.a);
  }
  for (const s of supports) {
    put(s.node);
    put(SUPPORT_KINDS.indexOf(s.kind));
    put(s.angle);
    put(s.settlement.x);
    put(s.settlement.y);
  }
  for (const l of loads) {
    put(l.node);
    put(l.fx);
    put(l.fy);
    put(l.case);
  }
  for (const f of fabricationErrors) {
    put(f.member);
    put(f.strain);
    put(f.deltaLength);
  }
  writer.putFactors(combinations, cases);
  return writer.frame;
}

/** The answer frame and the warnings' messages in the order the frame lists the warnings. */
export function decodeTrussAnswer(answer: Float64Array, messages: readonly string[]): EngineTrussResult[] {
  let at = 0;
  let message = 0;
  const next = () => answer[at++]!;
  const list = <T>(read: () => T): T[] => {
    const items: T[] = new Array(next());
    for (let k = 0; k < items.length; k++) items[k] = read();
    return items;
  };
  return list(() => ({
    reactions: list(() => ({ node: next(), horizontal: next(), vertical: next() })),
    memberForces: list(() => ({ member: next(), from: next(), to: next(), force: next() })),
    displacements: list(() => ({ node: next(), dx: next(), dy: next() })),
    warnings: list(() => ({ node: next(), message: messages[message++] ?? '' })),
  }));
}

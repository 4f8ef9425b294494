/**
 * A frame's pattern loading (decisions.md 17) as the response gives it: the engine's pieces named by the request's
 * member and node ids, each combination's bounds over every arrangement in the request's units and the API's signs,
 * and the flags that tell the engine what each combination bounds.
 */
import { LOAD_CASES, type Combination, type FramePatternBounds, type FramePiece, type LoadCase } from '../combinations/index.js';
import {
  PATTERN_DIAGRAMS,
  type EngineFramePatterned,
  type EngineFramePiece,
  type FrameSeries,
  type PatternDiagram,
} from '../engine/frame-model.js';
import type { PatternBounds } from '../engine/pattern-columns.js';
import type { FrameSolveRequest } from '../schema/frame.js';
import type { UnitSystem } from '../units/index.js';
import { boundPresenters, type Converted } from './pattern-bounds.js';
import type { PieceTexts } from './piece-list.js';
import { inUnits } from './beam.js';
import type { Pairs as Series } from './json-text.js';

/**
 * Per result (the unfactored analysis first, then each combination): 1 bounds forces (ULS), 2 displacements (SLS),
 * 4 also samples the member bounds for a figure. 0 for a combination `outdone` leaves out of the envelope, and for
 * one with no patterned case in it unless sampled: its bounds are its own result with no piece present, which the
 * envelope reads from that result.
 */
export function patternFlags(
  combinations: readonly Combination[],
  pattern: readonly LoadCase[],
  outdone: readonly boolean[],
  figure: boolean,
): number[] {
  const unarranged = (c: Combination) => pattern.every((p) => c.factors[p] === 0);
  const flag = (c: Combination, k: number) => {
    if (outdone[k] || (unarranged(c) && !(figure && c.kind === 'ULS'))) return 0;
    return c.kind === 'ULS' ? 1 | (figure ? 4 : 0) : 2;
  };
  return [0, ...combinations.map(flag)];
}

/** The pieces, named by the request's member and node ids. */
export function presentFramePieces(pieces: readonly EngineFramePiece[], request: FrameSolveRequest): FramePiece[] {
  return pieces.map((p) =>
    'member' in p
      ? { case: LOAD_CASES[p.case]!, member: request.members[p.member]!.id }
      : { case: LOAD_CASES[p.case]!, node: request.nodes[p.node]!.id },
  );
}

/** One combination's bounds over every arrangement, in the response's units and signs. */
export function presentFramePatternBounds(
  p: EngineFramePatterned,
  pieces: PieceTexts<FramePiece>,
  request: FrameSolveRequest,
  units: UnitSystem,
): FramePatternBounds {
  const { valueAt, extremeAt } = boundPresenters(pieces, units);
  // item i's quantity k has its largest bound at 6i + 2k and its smallest next (EngineFramePatterned)
  const items = (c: PatternBounds) => Array.from({ length: c.count / 6 }, (_, i) => 6 * i);
  const range = (c: PatternBounds, b: number, q: Converted) => ({ max: valueAt(c, b, q), min: valueAt(c, b + 1, q) });
  const extremes = (c: PatternBounds, b: number, q: Converted) => ({ max: extremeAt(c, b, q), min: extremeAt(c, b + 1, q) });
  const fixed = new Set(request.supports.flatMap((s) => (s.type === 'fixed' ? [s.node] : [])));
  const none = { max: { value: 0, pattern: [] }, min: { value: 0, pattern: [] } };
  const bounds: FramePatternBounds = {};
  const { reactions, members, displacements } = p;
  if (reactions.count > 0) {
    bounds.reactions = items(reactions).map((b, s) => ({
      horizontal: range(reactions, b, 'force'),
      vertical: range(reactions, b + 2, 'force'),
      // the engine's counter-clockwise moment; the API's is clockwise positive, so its bounds swap; a pin or
      // roller holds none
      moment: fixed.has(request.supports[s]!.node)
        ? { max: valueAt(reactions, b + 5, 'moment', -1), min: valueAt(reactions, b + 4, 'moment', -1) }
        : none,
    }));
  }
  if (members.count > 0) {
    bounds.members = items(members).map((b) => {
      const moment = extremes(members, b + 4, 'moment');
      return {
        axial: extremes(members, b, 'force'),
        shear: extremes(members, b + 2, 'force'),
        moment: { maxSagging: moment.max, maxHogging: moment.min },
      };
    });
  }
  if (displacements.count > 0) {
    bounds.displacements = items(displacements).map((b) => ({
      dx: range(displacements, b, 'displacement'),
      dy: range(displacements, b + 2, 'displacement'),
      rotation: range(displacements, b + 4, 'rotation'),
    }));
  }
  return bounds;
}

/** Each member's sampled bounds over every arrangement of one combination, per chart: what a figure of the envelope draws. */
export type ArrangedSeries = Record<PatternDiagram, { max: Series[]; min: Series[] }>;

/** The engine's sampled bounds in the response's units, cut member by member. */
export function presentArrangedSeries(p: EngineFramePatterned, units: UnitSystem): ArrangedSeries | undefined {
  if (p.series === undefined) return undefined;
  const perMember = ({ values, pairs }: FrameSeries, quantity: 'force' | 'moment'): Series[] => {
    const pairsOf = inUnits(values, quantity, units).pairs();
    let offset = 0;
    return Array.from(pairs, (n) => pairsOf.slice(offset, (offset += n)));
  };
  const out = {} as ArrangedSeries;
  for (const d of PATTERN_DIAGRAMS) {
    const q = d === 'moment' ? 'moment' : 'force';
    out[d] = { max: perMember(p.series[d].max, q), min: perMember(p.series[d].min, q) };
  }
  return out;
}

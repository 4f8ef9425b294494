/**
 * Pattern loading (decisions.md 17): the loads of the patterned cases cut into pieces, each present at its
 * full factor or absent, and every envelope value the most adverse over every arrangement. The engine finds
 * the bounds; here are the shapes the response gives them and the request's advisories.
 */
import { LOAD_CASES, type Combination, type LoadCase } from './types.js';

/** A piece of a beam: the patterned case's loads on the stretch between two cut points (request's length unit). */
export interface BeamPiece {
  case: LoadCase;
  from: number;
  to: number;
}

/** A piece of a frame: a member's patterned member loads, or a node's patterned nodal loads. */
export type FramePiece = { case: LoadCase; member: number } | { case: LoadCase; node: number };

export type PatternPiece = BeamPiece | FramePiece;

/** `envelope.pattern`: the patterned cases and every piece, in the order arrangements name them. */
export interface PatternSummary<P extends PatternPiece = PatternPiece> {
  cases: LoadCase[];
  pieces: P[];
}

/**
 * The pieces present in a governing arrangement: their list, or what the pipeline holds in its place, which is that
 * list when written as JSON or read as plain data (ts/solve/piece-list.ts: the engine's bits, and the pieces' text).
 */
export type Arrangement = PatternPiece[] | { toJSON(): unknown };

/** A value over every arrangement and the pieces present in the arrangement that gives it. */
export interface ArrangedValue {
  value: number;
  pattern: Arrangement;
}

/** An extreme over every position and arrangement. */
export interface ArrangedExtreme extends ArrangedValue {
  position: number;
}

/** The largest and the smallest. */
interface Range<T> {
  max: T;
  min: T;
}

/**
 * A combination's bounds over every arrangement of its pieces, in the response's units and signs: the
 * extremes of the diagrams its envelope bounds (shear and moment for ULS, deflection for SLS) and every
 * support's reaction.
 */
export interface BeamPatternBounds {
  extremes: {
    shear?: Range<ArrangedExtreme>;
    moment?: { maxSagging: ArrangedExtreme; maxHogging: ArrangedExtreme };
    deflection?: { max: ArrangedExtreme; maxUp: ArrangedExtreme; maxDown: ArrangedExtreme };
  };
  reactions: { vertical: Range<ArrangedValue>; moment: Range<ArrangedValue> }[];
}

/**
 * A combination's bounds over every arrangement of a frame's pieces, in the response's units and signs, item by
 * item as the response lists them: reactions over ULS combinations, member forces over ULS, displacements over
 * SLS (a part the combination's kind does not bound is absent).
 */
export interface FramePatternBounds {
  reactions?: { horizontal: Range<ArrangedValue>; vertical: Range<ArrangedValue>; moment: Range<ArrangedValue> }[];
  members?: {
    axial: Range<ArrangedExtreme>;
    shear: Range<ArrangedExtreme>;
    moment: { maxSagging: ArrangedExtreme; maxHogging: ArrangedExtreme };
  }[];
  displacements?: { dx: Range<ArrangedValue>; dy: Range<ArrangedValue>; rotation: Range<ArrangedValue> }[];
}

/**
 * Per combination, whether an earlier one of its kind bounds it over every arrangement, so that it never governs
 * the envelope: the same factors on every case not patterned, and on the patterned ones the earlier one's factors
 * scaled by one λ from 0 to 1 (AS1170's 1.2G + 0.6Q beside 1.2G + 1.5Q). A factor scales its case's contributions
 * and the threshold that counts them alike (decisions.md 17), so the same pieces count for both, each λ times as
 * much: at every point, its adverse sum is λ times the earlier one's (which is never against the bound: only pieces
 * contributing the adverse way count), its largest never above the earlier one's largest and its smallest never
 * below the smallest. On a tie the earlier one governs anyway (decisions.md 13), so leaving it out of the envelope
 * changes no bound and no name, and the engine need not bound it at all. Factors proportional only to round-off
 * (two patterned cases whose products differ in the last bit) are not taken as proportional: leaving one in is
 * always right.
 */
export function dominated(combinations: readonly Combination[], pattern: readonly LoadCase[]): boolean[] {
  const patterned = (c: LoadCase) => pattern.includes(c);
  const scaledDown = (later: Combination, earlier: Combination): boolean => {
    const [f, g] = [later.factors, earlier.factors];
    if (later.kind !== earlier.kind || LOAD_CASES.some((c) => !patterned(c) && f[c] !== g[c])) return false;
    // f = λ g on the patterned cases, 0 <= λ <= 1: the same signs, no larger, and every pair of cases in proportion
    return pattern.every((c) => f[c] * g[c] >= 0 && Math.abs(f[c]) <= Math.abs(g[c]) && pattern.every((d) => f[c] * g[d] === f[d] * g[c]));
  };
  return combinations.map((combination, k) => combinations.slice(0, k).some((earlier) => scaledDown(combination, earlier)));
}

/** A warning for each patterned case that no load carries: it has no piece, so patterning it changes nothing. */
export function patternWarnings(pattern: readonly LoadCase[], present: readonly LoadCase[]): string[] {
  return [...new Set(pattern)]
    .filter((c) => !present.includes(c))
    .map((c) => `combinations.pattern: no load is in case ${c}, so there is nothing of it to pattern.`);
}

/** The 400 issue for `combinations.pattern` on a structure that cannot pattern its loads, saying why. */
export function patternRefused(pattern: readonly LoadCase[] | undefined, why: string): { path: string; message: string }[] {
  return pattern === undefined || pattern.length === 0 ? [] : [{ path: 'combinations.pattern', message: why }];
}

/**
 * Pattern loading (decisions.md 17): the loads of the patterned cases cut into pieces, each present at its
 * full factor or absent, and every envelope value the most adverse over every arrangement. The engine finds
 * the bounds; here are the shapes the response gives them and the request's advisories.
 */
import type { LoadCase } from './types.js';

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

/**
 * A plane frame as the engine reads it and its analysis as the engine answers (crates/engine `frame`,
 * serde names): SI throughout (kN, m, kN/m², m², m⁴, rad), indices for ids, counter-clockwise moments.
 */

import type { PatternBounds } from './pattern-columns.js';

export type EngineLoadDirection = 'globalX' | 'globalY' | 'localX' | 'localY';

export interface EngineFrameModel {
  nodes: { x: number; y: number }[];
  members: { from: number; to: number; e: number; a: number; i: number; releaseStart: boolean; releaseEnd: boolean }[];
  supports: { node: number; kind: 'pin' | 'roller' | 'fixed'; angle: number; settlement: { x: number; y: number; rotation: number } }[];
  nodalLoads: { node: number; fx: number; fy: number; moment: number; case: number }[];
  memberLoads: {
    member: number;
    kind:
      | { type: 'point'; at: number; force: number; direction: EngineLoadDirection }
      | { type: 'line'; from: number; to: number; start: number; end: number; direction: EngineLoadDirection }
      | { type: 'moment'; at: number; moment: number };
    case: number;
  }[];
  /** Patterned cases and what each combination bounds over their arrangements (decisions.md 17). */
  pattern?: EngineFramePattern;
}

/** Member result columns the binding reads by name (crates/engine-wasm/src/frame.rs `member_column`). */
export const MEMBER_COLUMNS = [
  'length',
  'startAxial',
  'startShear',
  'startMoment',
  'endAxial',
  'endShear',
  'endMoment',
  'axialMax',
  'axialMaxAt',
  'axialMin',
  'axialMinAt',
  'shearMax',
  'shearMaxAt',
  'shearMin',
  'shearMinAt',
  'momentMax',
  'momentMaxAt',
  'momentMin',
  'momentMinAt',
  'deflectionMax',
  'deflectionMaxAt',
  'deflectionMin',
  'deflectionMinAt',
] as const;
export type MemberColumn = (typeof MEMBER_COLUMNS)[number];

export const FRAME_DIAGRAMS = ['axial', 'shear', 'moment', 'deflection'] as const;
export type FrameDiagramName = (typeof FRAME_DIAGRAMS)[number];

/** Every member's series of one diagram, one after another: `values` holds `[x, v]` pairs, `pairs` how many per member. */
export interface FrameSeries {
  values: Float64Array;
  pairs: Uint32Array;
}

/** One combination's results, by column (engine units: kN, kN.m counter-clockwise for reactions, m, rad). */
export interface EngineFrameResult {
  reactions: { node: number; horizontal: number; vertical: number; moment: number }[];
  displacements: { x: Float64Array; y: Float64Array; rotation: Float64Array };
  members: Record<MemberColumn, Float64Array>;
  /** Present for the results that kept their diagrams. */
  diagrams?: Record<FrameDiagramName, FrameSeries>;
  /** With analysis options: solves with members re-formed from their axial forces (0 in first order). */
  iterations?: number;
  /** With analysis options: the critical factors asked for (empty where none were, or nothing is in compression). */
  buckling?: EngineBucklingMode[];
  /** With a pattern: this combination's bounds over every arrangement of the pieces. */
  pattern?: EngineFramePatterned;
}

/** One elastic critical load factor and its mode at the nodes (global axes, m and rad per unit mode). */
export interface EngineBucklingMode {
  factor: number;
  displacements: { x: number; y: number; rotation: number }[];
}

/**
 * What a frame solve finds besides first-order results: every combination in second order, and the `buckling`
 * lowest critical factors of the combinations flagged in `bucklingOf` (decisions.md 18 and 19).
 */
export interface EngineFrameOptions {
  secondOrder: boolean;
  buckling: number;
  bucklingOf: readonly boolean[];
}

export interface EngineFrameAnalysis {
  results: EngineFrameResult[];
  warnings: { node: number; message: string }[];
  /** With a pattern: its pieces, in the order bounds name them. */
  pieces?: EngineFramePiece[];
}

// Pattern loading (decisions.md 17; read by ./frame-pattern.ts)

/** A piece of a patterned frame case: its member loads on one member, or its nodal loads on one node (indices). */
export type EngineFramePiece = { case: number; member: number } | { case: number; node: number };

export const PATTERN_DIAGRAMS = ['axial', 'shear', 'moment'] as const;
export type PatternDiagram = (typeof PATTERN_DIAGRAMS)[number];

/**
 * One combination's bounds over every arrangement; a part it was not asked for is empty. Per item three
 * quantities (horizontal, vertical, moment of a reaction; axial force, shear, moment of a member; x, y, rotation of
 * a node), each its largest bound then its smallest: quantity k of item i has bounds 6i + 2k and 6i + 2k + 1.
 */
export interface EngineFramePatterned {
  reactions: PatternBounds;
  members: PatternBounds;
  displacements: PatternBounds;
  /** Each member's sampled bounds, when asked for (a figure of the envelope). */
  series?: Record<PatternDiagram, { max: FrameSeries; min: FrameSeries }>;
}

/** What a frame solve bounds over the arrangements of `cases`: per combination, 1 forces, 2 displacements, 4 series. */
export interface EngineFramePattern {
  cases: number[];
  bounds: number[];
}

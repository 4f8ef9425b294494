import type * as Binding from '../../pkg/spanwise_engine.js';

/**
 * Shapes the engine's models and results take in TypeScript, mirroring the serde types of crates/engine
 * (extremes and warnings cross as those serde forms, a beam's reactions as columns the facade puts
 * together; the exports themselves are typed by
 * pkg/spanwise_engine.d.ts).
 * Engine units: kN, m, kN/m², m⁴, rad; +y up; counter-clockwise moments positive.
 */

export type EngineSupportKind = 'pin' | 'roller' | 'fixed';

export interface EngineBeamModel {
  spans: { length: number; e: number; i: number; hinge: boolean }[];
  supports: { kind: EngineSupportKind; position: number; settlement: number }[];
  loads: EngineBeamLoad[];
  /** Case numbers whose loads are cut into pieces, each present or absent independently. */
  pattern?: number[];
}

export type EngineBeamLoad =
  | { type: 'point'; position: number; force: number; case: number }
  | { type: 'moment'; position: number; moment: number; case: number }
  | { type: 'line'; from: number; to: number; q: [number, number, number]; case: number };

export interface EngineExtreme {
  value: number;
  position: number;
}

export interface EngineRange {
  max: EngineExtreme;
  min: EngineExtreme;
}

export type Series = [number, number][];

export type DiagramName = 'shear' | 'moment' | 'rotation' | 'deflection';

/** A diagram as the engine hands it over: `[x0, v0, x1, v1, ...]`, a view into one shared buffer. */
export type Samples = Float64Array;

/** One combination's results; its diagrams as interleaved numbers in engine units (`Samples`). */
export interface EngineBeamResult<S = Samples> {
  reactions: { kind: EngineSupportKind; position: number; vertical: number; moment: number }[];
  /** The diagrams. */
  samples: Record<DiagramName, S>;
  /** `spans`: the deflection over each span of the model, in order. */
  extremes: { shear: EngineRange; moment: EngineRange; deflection: EngineRange; spans: EngineRange[] };
  /** Bounds over every arrangement of the pieces, when the model patterns a case and an envelope bounds this result. */
  pattern?: EnginePatterned;
}

/**
 * A bound over every arrangement of the pieces and the pieces (indices into `EngineBeamAnalysis.pieces`) present in it,
 * ascending: read from the arrangement's words when asked for (./pattern-columns.ts), as a large frame's bounds name
 * millions of pieces in all.
 */
export interface EnginePatternedBound {
  value: number;
  /** m; 0 for a reaction. */
  position: number;
  /** Each run of consecutive pieces present, ascending: `each(first, end)` for pieces `first` to `end - 1`. */
  runs(each: (first: number, end: number) => void): void;
}

export interface EnginePatternedRange {
  max: EnginePatternedBound;
  min: EnginePatternedBound;
}

/** A combination's bounds over every arrangement: the extremes of the functions its envelopes bound, each support's reaction. */
export interface EnginePatterned {
  shear?: EnginePatternedRange;
  moment?: EnginePatternedRange;
  deflection?: EnginePatternedRange;
  reactions: { vertical: EnginePatternedRange; moment: EnginePatternedRange }[];
}

/** A piece of a patterned case: its loads on the stretch from `from` to `to` (m). */
export interface EnginePiece {
  case: number;
  from: number;
  to: number;
}

export interface EngineTrussModel {
  nodes: { x: number; y: number }[];
  members: { from: number; to: number; e: number; a: number }[];
  supports: { node: number; kind: 'pin' | 'roller'; angle: number; settlement: { x: number; y: number } }[];
  loads: { node: number; fx: number; fy: number; case: number }[];
  fabricationErrors: { member: number; strain: number; deltaLength: number }[];
}

/**
 * A truss described to the binding record by record (the binding's own `TrussInput` methods), for a caller
 * that holds the model in another shape and need not build an `EngineTrussModel` only to have it read back.
 */
export type EngineTrussDescription = Pick<Binding.TrussInput, 'node' | 'member' | 'support' | 'load' | 'fabricationError'>;

export interface EngineTrussResult {
  reactions: { node: number; horizontal: number; vertical: number }[];
  /** Each member's axial force in member order (kN, tension positive). */
  memberForces: Float64Array;
  /** Each node's displacement components in node order (m, +x right, +y up). */
  dx: Float64Array;
  dy: Float64Array;
  warnings: { node: number; message: string }[];
}

export type EngineErrorValue =
  | { kind: 'invalidModel'; message: string }
  | { kind: 'mechanism'; node: number; direction: 'horizontal' | 'vertical' | 'rotation'; x: number; y: number }
  | { kind: 'nonFinite'; message: string }
  | { kind: 'buckling'; arrangement: number }
  | { kind: 'notConverged'; message: string };

/** A diagram to bound pointwise over some combinations (indices into the factor vectors). */
export interface EngineEnvelopeRequest {
  combinations: number[];
  diagram: DiagramName;
}

/** Pointwise bounds, in the same form as the diagrams. */
export interface EngineBounds<S = Samples> {
  max: S;
  min: S;
}

export interface EngineBeamAnalysis<S = Samples> {
  /** One per combination; only the first `keepDiagrams` carry diagrams. */
  results: EngineBeamResult<S>[];
  /** One per envelope request; over every arrangement of the pieces when a case is patterned. */
  envelopes: EngineBounds<S>[];
  /** The pieces of the patterned cases (none without a pattern). */
  pieces: EnginePiece[];
}

/**
 * The raw exports of the wasm-bindgen package, typed by the declarations wasm-bindgen writes from the
 * Rust binding (pkg/spanwise_engine.d.ts, built by `make wasm`): what crosses is defined once, in Rust.
 */
export type EngineBindings = Pick<
  typeof Binding,
  'engineVersion' | 'BeamInput' | 'TrussInput' | 'FrameInput' | 'LinkDeflater' | 'sectionProperties' | '__wbg_reset_state'
> & {
  /** The instance's exports once initialised (wasm-bindgen's `initSync` answers them when called without a module). */
  initSync: (...module: never[]) => { memory: WebAssembly.Memory };
};

/**
 * Shapes that cross the WebAssembly boundary, mirroring the serde types of crates/engine.
 * Engine units: kN, m, kN/m², m⁴, rad; +y up; counter-clockwise moments positive.
 */

export type EngineSupportKind = 'pin' | 'roller' | 'fixed';

export interface EngineBeamModel {
  spans: { length: number; e: number; i: number; hinge: boolean }[];
  supports: { kind: EngineSupportKind; position: number; settlement: number }[];
  loads: EngineBeamLoad[];
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

export interface EngineBeamResult {
  reactions: { kind: EngineSupportKind; position: number; vertical: number; moment: number }[];
  /** The diagrams, each interleaved `[x0, v0, x1, v1, ...]`. */
  samples: Record<DiagramName, Samples>;
  extremes: { shear: EngineRange; moment: EngineRange; deflection: EngineRange };
}

export interface EngineTrussModel {
  nodes: { x: number; y: number }[];
  members: { from: number; to: number; e: number; a: number }[];
  supports: { node: number; kind: 'pin' | 'roller'; angle: number; settlement: { x: number; y: number } }[];
  loads: { node: number; fx: number; fy: number; case: number }[];
  fabricationErrors: { member: number; strain: number; deltaLength: number }[];
}

export interface EngineTrussResult {
  reactions: { node: number; horizontal: number; vertical: number }[];
  memberForces: { member: number; from: number; to: number; force: number }[];
  displacements: { node: number; dx: number; dy: number }[];
  warnings: { node: number; message: string }[];
}

export type EngineErrorValue =
  | { kind: 'invalidModel'; message: string }
  | { kind: 'mechanism'; node: number; direction: 'horizontal' | 'vertical' | 'rotation'; x: number; y: number }
  | { kind: 'nonFinite'; message: string };

/** A beam answer from the binding: JSON without the diagrams, and every series flattened. */
export interface BeamSolutionHandle {
  readonly json: string;
  /** The flattened series; the handle gives them up (a second call answers an empty array). */
  takeSeries(): Float64Array;
  free(): void;
}

/** One beam result as the JSON carries it: diagrams counted in `series`, values in the array. */
export interface EngineBeamWire {
  reactions: EngineBeamResult['reactions'];
  extremes: EngineBeamResult['extremes'];
  series: [number, number, number, number];
}

/** The analysis as the JSON carries it: results, then each envelope's pair count. */
export interface EngineAnalysisWire {
  results: EngineBeamWire[];
  envelopes: number[];
}

/** A diagram to bound pointwise over some combinations (indices into the factor vectors). */
export interface EngineEnvelopeRequest {
  combinations: number[];
  diagram: DiagramName;
}

/** Pointwise bounds, interleaved `[x0, v0, x1, v1, ...]` like every diagram from the engine. */
export interface EngineBounds {
  max: Samples;
  min: Samples;
}

export interface EngineBeamAnalysis {
  /** One per combination; only the first `keepDiagrams` carry diagrams. */
  results: EngineBeamResult[];
  /** One per envelope request. */
  envelopes: EngineBounds[];
}

/** The raw exports of the wasm-bindgen package. */
export interface EngineBindings {
  engineVersion(): string;
  solveBeam(input: string): BeamSolutionHandle;
  solveTruss(input: string): string;
}

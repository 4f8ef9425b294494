/**
 * A plane frame as the engine reads it and its analysis as the engine answers (crates/engine `frame`,
 * serde names): SI throughout (kN, m, kN/m², m², m⁴, rad), indices for ids, counter-clockwise moments.
 */

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
}

export interface EngineExtreme {
  value: number;
  position: number;
}

export interface EngineRange {
  max: EngineExtreme;
  min: EngineExtreme;
}

export interface EngineEndForces {
  axial: number;
  shear: number;
  moment: number;
}

export interface EngineFrameMember {
  length: number;
  start: EngineEndForces;
  end: EngineEndForces;
  extremes: { axial: EngineRange; shear: EngineRange; moment: EngineRange };
  /** `[position, value]` pairs; empty unless asked for. */
  diagrams: { axial: [number, number][]; shear: [number, number][]; moment: [number, number][]; deflection: [number, number][] };
}

export interface EngineFrameResult {
  reactions: { node: number; horizontal: number; vertical: number; moment: number }[];
  displacements: { x: number; y: number; rotation: number }[];
  members: EngineFrameMember[];
}

export interface EngineFrameAnalysis {
  results: EngineFrameResult[];
  warnings: { node: number; message: string }[];
}

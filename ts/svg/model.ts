/** What the figures read of a model and its results, and the helpers every figure shares. */
import type { BeamResult } from '../combinations/index.js';
import type { BeamSolveRequest } from '../schema/beam.js';
import { quantities, type Quantity } from '../units/index.js';
import type { DiagramStyle } from './glyphs.js';
import type { Settlement } from './settlement.js';

export interface FigureOptions {
  width: number;
  height: number;
  style: DiagramStyle;
}

/** What a beam figure reads of the request: the model in the request's units. */
export type BeamFigureModel = Pick<BeamSolveRequest, 'units' | 'spans' | 'supports' | 'loads'>;
/** What a beam figure reads of the response. */
export type BeamFigureResults = BeamResult;

/**
 * Whether a model's loads are given in cases: then every load's label names its case, the dead load's `(G)` too
 * (a load given no case is G), so no arrow of a figure reads as a load of unknown origin.
 */
export function inCases(loads: readonly { case?: string | undefined }[] | undefined): boolean {
  return (loads ?? []).some((l) => l.case !== undefined);
}

/** The case a load's label ends with, ` (Q)`, where the model's loads are in cases; nothing otherwise. */
export function caseTag(load: { case?: string | undefined }, tagged: boolean): string {
  return tagged ? ` (${load.case ?? 'G'})` : '';
}

/** The label of a quantity in the model's unit system. */
export function unitOf(model: { units?: 'SI' | 'imperial' | undefined }, quantity: Quantity): string {
  return quantities[quantity][model.units === 'imperial' ? 'imperial' : 'si'];
}

export function beamLength(model: BeamFigureModel): number {
  return model.spans.reduce((sum, s) => sum + s.length, 0);
}

/** Positions of span ends, 0 first. */
export function spanEnds(model: BeamFigureModel): number[] {
  const ends = [0];
  for (const span of model.spans) ends.push((ends[ends.length - 1] ?? 0) + span.length);
  return ends;
}

/** What a truss figure reads of the request (interface-spec.md "Truss solve request"), in its units. */
export interface TrussFigureModel {
  units?: 'SI' | 'imperial' | undefined;
  nodes: readonly { id: number; x: number; y: number }[];
  members: readonly { id: number; from: number; to: number }[];
  supports: readonly {
    node: number;
    type: 'pin' | 'roller';
    angle?: number | undefined;
    settlement?: Settlement | undefined;
  }[];
  loads?: readonly TrussFigureLoad[] | undefined;
}

/** A nodal force in components or as a magnitude at an angle, in a load case (G when none is given). */
export type TrussFigureLoad = (
  { node: number; fx?: number | undefined; fy?: number | undefined } | { node: number; magnitude: number; angle: number }
) & { case?: string | undefined };

/** What a truss figure reads of the response (interface-spec.md "Truss solve response"). */
export interface TrussFigureResults {
  reactions: readonly { node: number; horizontal: number; vertical: number }[];
  memberForces: readonly { member: number; from: number; to: number; force: number }[];
  displacements: readonly { node: number; dx: number; dy: number }[];
  /** An envelope's bounds of member forces: each member is then labelled `max / min` (its `force` colours it). */
  forceBounds?: readonly { member: number; max: number; min: number }[];
}

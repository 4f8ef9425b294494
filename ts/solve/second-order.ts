/**
 * A frame's `analysis` (decisions.md 18 and 19) on its way through the pipeline: what the engine is asked for,
 * the critical factors and modes in the response's units, `meta.analysis`, the buckled arrangement as a 422,
 * and the equilibrium check on the deformed geometry.
 */
import type { Combination } from '../combinations/index.js';
import type { EngineBucklingMode, EngineFrameModel, EngineFrameOptions, EngineFrameResult } from '../engine/frame-model.js';
import { EngineFailure } from '../engine/engine.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import type { FrameSolveRequest, ResolvedFrameRequest } from '../schema/frame.js';
import { fromEngine, toEngine, toSI, type UnitSystem } from '../units/index.js';
import type { Action } from './equilibrium.js';
import { formatNumber } from './failures.js';

export interface BucklingModeResult {
  factor: number;
  displacements: { node: number; dx: number; dy: number; rotation: number }[];
}

/** What the request asks of the analysis, its defaults filled in. */
export function analysisOf(request: FrameSolveRequest): { order: 'first' | 'second'; buckling: number } {
  return { order: request.analysis?.order ?? 'first', buckling: request.analysis?.buckling ?? 0 };
}

/** Patterned cases are superposed (decisions.md 17), which a second-order analysis is not. */
export function analysisIssues(request: FrameSolveRequest): ProblemIssue[] {
  if (analysisOf(request).order !== 'second' || (request.combinations?.pattern?.length ?? 0) === 0) return [];
  return [
    {
      path: 'combinations.pattern',
      message:
        'pattern loading superposes load cases, which a second-order analysis cannot: leave out `pattern`, or give each arrangement as a custom combination',
    },
  ];
}

/**
 * The engine's options for the unfactored analysis followed by `combinations`: critical factors for the
 * unfactored loads and each ULS combination. Undefined when the request asks for neither option, so a plain
 * first-order solve takes the engine's plain path.
 */
export function engineOptions(
  request: FrameSolveRequest,
  combinations: readonly Combination[],
  bucklingAtLeast = 0,
): EngineFrameOptions | undefined {
  if (request.analysis === undefined && bucklingAtLeast === 0) return undefined;
  const { order, buckling } = analysisOf(request);
  return {
    secondOrder: order === 'second',
    buckling: Math.max(buckling, bucklingAtLeast),
    bucklingOf: [true, ...combinations.map((c) => c.kind === 'ULS')],
  };
}

/**
 * One arrangement's modes in the response's units. The engine scales a mode to a largest translation of 1 m;
 * read as 1 of the request's length unit instead, its rotations scale by the length of that unit in metres.
 * A mode without translation keeps its unit rotation.
 */
export function presentBuckling(modes: readonly EngineBucklingMode[], request: FrameSolveRequest, units: UnitSystem): BucklingModeResult[] {
  const metres = toSI('length', 1, units);
  return modes.map((mode) => {
    if (
      !Number.isFinite(mode.factor) ||
      mode.displacements.some((d) => !(Number.isFinite(d.x) && Number.isFinite(d.y) && Number.isFinite(d.rotation)))
    )
      throw new Problem('engine_error', 'A critical load factor or its mode is too large to represent; check the model’s magnitudes.');
    const translates = mode.displacements.some((d) => d.x !== 0 || d.y !== 0);
    const scale = translates ? metres : 1;
    return {
      factor: mode.factor,
      displacements: mode.displacements.map((d, k) => ({ node: request.nodes[k]!.id, dx: d.x, dy: d.y, rotation: d.rotation * scale })),
    };
  });
}

/** The warning for arrangements asked for critical factors that have no member in compression. */
export function noCompressionWarning(results: readonly EngineFrameResult[], combinations: readonly Combination[], asked: number): string[] {
  if (asked === 0) return [];
  const none = results.flatMap((r, i) => {
    const askedHere = i === 0 || combinations[i - 1]?.kind === 'ULS';
    return askedHere && (r.buckling?.length ?? 0) === 0 ? [i === 0 ? 'the unfactored loads' : combinations[i - 1]!.id] : [];
  });
  if (none.length === 0) return [];
  return [`analysis.buckling: no member is in compression under ${none.join(', ')}, so there is no critical load factor (buckling is []).`];
}

/**
 * A second-order arrangement at or past its critical load as the 422 decisions.md 18 names, with the lowest
 * critical factor of that arrangement's loads when the engine can give it. Anything else passes through.
 */
export function bucklingProblem(
  error: unknown,
  combinations: readonly Combination[],
  criticalFactor: (arrangement: number) => number | undefined,
): unknown {
  if (!(error instanceof EngineFailure) || error.error.kind !== 'buckling') return error;
  const arrangement = error.error.arrangement;
  const combination = arrangement === 0 ? undefined : combinations[arrangement - 1]?.id;
  const loads = combination === undefined ? 'The unfactored loads' : `The loads of combination ${combination}`;
  const factor = criticalFactor(arrangement);
  const measured =
    factor === undefined ? '' : ` Their lowest elastic critical load factor is ${formatNumber(factor)} (with first-order axial forces).`;
  const hint = `${loads} reach the frame's elastic critical load, so the second-order analysis has no equilibrium.${measured} Reduce the loads, or stiffen or brace the compressed members.`;
  return new Problem('unstable_structure', hint, {
    mechanism: { kind: 'buckling', ...(combination !== undefined && { combination }), ...(factor !== undefined && { factor }), hint },
  });
}

/** The lowest critical factor of one arrangement (`vector`, factors by case), or undefined when there is none. */
export function lowestFactor(
  solve: (model: EngineFrameModel, vectors: number[][], options: EngineFrameOptions) => EngineFrameResult[],
  model: EngineFrameModel,
  vector: number[],
): number | undefined {
  try {
    const [result] = solve(model, [vector], { secondOrder: false, buckling: 1, bucklingOf: [true] });
    return result?.buckling?.[0]?.factor;
  } catch {
    return undefined;
  }
}

/**
 * The P-Δ part of global moment equilibrium, as couples in the response's units: each member's mean axial force
 * N̄ = EA·(elongation)/L times the transverse displacement of its end relative to its start, across its
 * undeformed chord. The engine's members satisfy M_end − M_start = ∫T dx + N̄·(v_end − v_start) with T the force
 * across the chord (crates/engine/src/frame/second_order/beam_column.rs); summed over the frame, the loads and
 * reactions at the undeformed joints and these couples balance. Axial strain is left out of the lever arms.
 */
export function pDeltaCouples(
  si: ResolvedFrameRequest,
  displacements: readonly { node: number; dx: number; dy: number }[],
  units: UnitSystem,
): Action[] {
  const nodes = new Map(si.nodes.map((n) => [n.id, n]));
  const moved = new Map(
    displacements.map((d) => [
      d.node,
      { x: toEngine('displacement', toSI('displacement', d.dx, units)), y: toEngine('displacement', toSI('displacement', d.dy, units)) },
    ]),
  );
  const materials = new Map(si.materials.map((m) => [m.id, m]));
  return si.members.map((m) => {
    const [a, b] = [nodes.get(m.from)!, nodes.get(m.to)!];
    const [da, db] = [moved.get(m.from)!, moved.get(m.to)!];
    const material = materials.get(m.material ?? 1)!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const [cos, sin] = [(b.x - a.x) / length, (b.y - a.y) / length];
    const [rx, ry] = [db.x - da.x, db.y - da.y];
    const ea = toEngine('modulus', material.E!) * toEngine('area', material.A!);
    const mean = (ea * (rx * cos + ry * sin)) / length;
    const across = -rx * sin + ry * cos;
    return { x: 0, y: 0, fx: 0, fy: 0, m: -fromEngine('moment', mean * across, units) };
  });
}

/** `mode` belongs to the buckling view. */
export function modeIssues(view: string, mode: number | undefined): ProblemIssue[] {
  if (mode === undefined || view === 'buckling') return [];
  return [{ path: 'mode', message: `draws a buckling mode: it needs view "buckling", not "${view}"` }];
}

/** The modes of a drawn combination: critical factors are found for ULS combinations only (decisions.md 19). */
export function combinationModes(
  response: { envelope?: { combinations: { id: string; buckling?: BucklingModeResult[] }[] } },
  combination: Combination,
): BucklingModeResult[] {
  if (combination.kind !== 'ULS') {
    throw Problem.invalid([
      { path: 'combination', message: `critical load factors are found for ULS combinations; ${combination.id} is ${combination.kind}` },
    ]);
  }
  return response.envelope?.combinations.find((c) => c.id === combination.id)?.buckling ?? [];
}

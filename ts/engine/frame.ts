/**
 * The frame export of the binding (crates/engine-wasm/src/frame.rs): the model described record by record
 * through `FrameInput`, whose declarations wasm-bindgen writes; results read back column by column.
 */
import {
  FRAME_DIAGRAMS,
  MEMBER_COLUMNS,
  type EngineBucklingMode,
  type EngineFrameAnalysis,
  type EngineFrameModel,
  type EngineFrameOptions,
  type EngineFramePiece,
  type EngineFrameResult,
  type FrameDiagramName,
  type FrameSeries,
  type MemberColumn,
} from './frame-model.js';
import { readFramePattern } from './frame-pattern.js';
import type { EngineBindings } from './types.js';

type Bindings = Pick<EngineBindings, 'FrameInput'>;

/** Every member column, asked for in one call per result (the binding takes their names comma-separated). */
const COLUMN_LIST = MEMBER_COLUMNS.join(',');

/** Describes the model to the binding; the caller frees the input. */
function describe(input: InstanceType<Bindings['FrameInput']>, model: EngineFrameModel, combinations: readonly number[][]): void {
  for (const n of model.nodes) input.node(n.x, n.y);
  for (const m of model.members) input.member(m.from, m.to, m.e, m.a, m.i, m.releaseStart, m.releaseEnd);
  for (const s of model.supports) input.support(s.node, s.kind, s.angle, s.settlement.x, s.settlement.y, s.settlement.rotation);
  for (const l of model.nodalLoads) input.nodalLoad(l.node, l.fx, l.fy, l.moment, l.case);
  for (const { member, kind: k, case: c } of model.memberLoads) {
    if (k.type === 'point') input.pointLoad(member, k.at, k.force, k.direction, c);
    else if (k.type === 'line') input.lineLoad(member, k.from, k.to, k.start, k.end, k.direction, c);
    else input.momentLoad(member, k.at, k.moment, c);
  }
  for (const c of combinations) input.combination(c);
  if (model.pattern !== undefined) {
    for (const c of model.pattern.cases) input.pattern(c);
    input.bounds(Uint8Array.from(model.pattern.bounds));
  }
}

/**
 * Every combination's results; the first `keepDiagrams` carry member diagrams. Throws the engine's refusal
 * (as `refuse` makes it) when the frame cannot be solved.
 */
export function solveFrame(
  bindings: Bindings,
  model: EngineFrameModel,
  combinations: readonly number[][],
  keepDiagrams: number,
  refuse: (json: string) => Error,
  analysis?: EngineFrameOptions,
): EngineFrameAnalysis {
  const input = new bindings.FrameInput();
  try {
    describe(input, model, combinations);
    const solution =
      analysis === undefined
        ? input.solve(keepDiagrams)
        : input.solveWith(
            keepDiagrams,
            analysis.secondOrder,
            analysis.buckling,
            Uint8Array.from(combinations, (_, i) => (analysis.bucklingOf[i] ? 1 : 0)),
          );
    try {
      if (solution.error !== undefined) throw refuse(solution.error);
      const pieces = model.pattern === undefined ? undefined : ((solution.pieces() ?? []) as EngineFramePiece[]);
      const results = Array.from({ length: solution.count }, (_, i): EngineFrameResult => {
        const all = solution.members(i, COLUMN_LIST);
        const count = all.length / MEMBER_COLUMNS.length;
        const members = {} as Record<MemberColumn, Float64Array>;
        MEMBER_COLUMNS.forEach((column, k) => (members[column] = all.subarray(k * count, (k + 1) * count)));
        const result: EngineFrameResult = {
          reactions: solution.reactions(i) as EngineFrameResult['reactions'],
          displacements: {
            x: solution.displacements(i, 'x'),
            y: solution.displacements(i, 'y'),
            rotation: solution.displacements(i, 'rotation'),
          },
          members,
        };
        if (analysis !== undefined) {
          result.iterations = solution.iterations(i);
          result.buckling = (solution.buckling(i) ?? []) as EngineBucklingMode[];
        }
        if (model.pattern !== undefined)
          result.pattern = readFramePattern(solution, i, pieces!.length, ((model.pattern.bounds[i] ?? 0) & 4) !== 0);
        if (i < keepDiagrams) {
          const diagrams = {} as Record<FrameDiagramName, FrameSeries>;
          for (const name of FRAME_DIAGRAMS) diagrams[name] = { values: solution.diagram(i, name), pairs: solution.diagramPairs(i, name) };
          result.diagrams = diagrams;
        }
        return result;
      });
      const analysed: EngineFrameAnalysis = { results, warnings: (solution.warnings() ?? []) as EngineFrameAnalysis['warnings'] };
      if (pieces !== undefined) analysed.pieces = pieces;
      return analysed;
    } finally {
      solution.free();
    }
  } finally {
    input.free();
  }
}

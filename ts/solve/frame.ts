/**
 * The frame pipeline: validate -> semantic checks -> combinations -> SI -> engine (the unfactored analysis
 * with its member diagrams, then each combination without) -> present in the request's units, the API's
 * signs and the user's ids -> envelope -> respond (decisions.md 6 and 14).
 */
import {
  factorVector,
  frameEnvelope,
  generateCombinations,
  presentCases,
  UNFACTORED,
  type FrameCombinationResult,
  type FrameDisplacement,
  type FrameEnvelope,
  type FrameMemberExtremes,
  type FrameRun,
  type Combination,
  dominated,
  patternWarnings,
} from '../combinations/index.js';
import { caseIndex, type LoadCase } from '../combinations/types.js';
import { type EngineFrameAnalysis, type EngineFrameResult, type FrameDiagramName } from '../engine/frame-model.js';
import { Problem } from '../problem/index.js';
import { FrameSolveRequest } from '../schema/frame.js';
import { misdirectedTo } from '../schema/kinds.js';
import { compile } from '../schema/validate.js';
import { fromEngine, fromEngineColumn, type Quantity, type UnitSystem } from '../units/index.js';
import { inUnits } from './beam.js';
import type { SolveContext } from './context.js';
import { engineProblem, formatNumber } from './failures.js';
import { frameEngineModel, frameRequestToSI, frameSemanticIssues, resolveMemberLoads } from './frame-model.js';
import type { SeriesData } from './json-text.js';
import type { Links } from './links.js';
import type { Meta } from './meta.js';
import { equilibriumResidual, frameActions, frameScale } from './equilibrium.js';
import { framePlausibility } from './plausibility.js';
import { cleanNumbers } from './clean.js';
import { ColumnRows, idColumn } from './column-rows.js';
import { memberExtremeRows, memberSummaries, presentedColumns } from './frame-rows.js';
import { respond } from './respond.js';
import { prepareFrame } from './self-weight.js';
import {
  analysisIssues,
  analysisOf,
  bucklingProblem,
  engineOptions,
  lowestFactor,
  noCompressionWarning,
  pDeltaCouples,
  presentBuckling,
  type BucklingModeResult,
} from './second-order.js';
import {
  patternFlags,
  presentArrangedSeries,
  presentFramePatternBounds,
  presentFramePieces,
  type ArrangedSeries,
} from './frame-pattern.js';
import { PieceTexts } from './piece-list.js';

export const frameValidator = compile(FrameSolveRequest, [], { misdirected: misdirectedTo('frame', 'solve') });

export const FRAME_UNIT_LABELS = {
  length: 'length',
  force: 'force',
  moment: 'moment',
  displacement: 'displacement',
  rotation: 'rotation',
} as const satisfies Record<string, Quantity>;

/** Internal forces just inside a member end, beam conventions read along x'. */
export interface EndForces {
  axial: number;
  shear: number;
  moment: number;
}

export type FrameMemberDiagrams = Record<FrameDiagramName, SeriesData>;

export interface FrameMemberResult {
  member: number;
  from: number;
  to: number;
  length: number;
  start: EndForces;
  end: EndForces;
  extremes: FrameMemberExtremes;
  diagrams: FrameMemberDiagrams;
}

export interface FrameResult extends Omit<FrameCombinationResult, 'members'> {
  members: FrameMemberResult[];
}

/** One combination's full results, diagrams included, for a figure (with a pattern, its member bounds over every arrangement too). */
export interface FrameRunResult {
  combination: Combination;
  result: FrameResult;
  arranged?: ArrangedSeries;
}

export interface FrameSolveResponse extends FrameResult {
  buckling?: BucklingModeResult[];
  envelope?: FrameEnvelope;
  meta: Meta;
  links?: Links;
}

/** The quantity of each member diagram's values. */
const DIAGRAM_QUANTITY = { axial: 'force', shear: 'force', moment: 'moment', deflection: 'displacement' } as const;

/**
 * One engine result's reactions and node displacements, in the response's units, signs and ids; `asRows`, the
 * displacements as columns (a combination's: the answer lists them once per combination).
 */
function presentNodes(r: EngineFrameResult, request: FrameSolveRequest, units: UnitSystem, asRows = false) {
  const nodeId = (i: number) => request.nodes[i]!.id;
  const fixedIds = new Set(request.supports.flatMap((s) => (s.type === 'fixed' ? [s.node] : [])));
  const fixed = new Set(request.nodes.flatMap((n, i) => (fixedIds.has(n.id) ? [i] : [])));
  const force = (v: number) => fromEngine('force', v, units);
  const reactions = r.reactions.map((x) => ({
    node: nodeId(x.node),
    horizontal: force(x.horizontal),
    vertical: force(x.vertical),
    // the engine's counter-clockwise moment, reported clockwise positive; a pin or roller holds none, so
    // what the engine's residual leaves there is rounding
    moment: x.moment === 0 || !fixed.has(x.node) ? 0 : -fromEngine('moment', x.moment, units),
  }));
  const [dx, dy, rotation] = [
    fromEngineColumn('displacement', r.displacements.x, units),
    fromEngineColumn('displacement', r.displacements.y, units),
    fromEngineColumn('rotation', r.displacements.rotation, units),
  ];
  const displacements = asRows
    ? (new ColumnRows(dx.length, [
        { path: ['node'], values: idColumn(request.nodes, 'id') },
        { path: ['dx'], values: dx },
        { path: ['dy'], values: dy },
        { path: ['rotation'], values: rotation },
      ]) as unknown as FrameDisplacement[])
    : request.nodes.map((n, k) => ({ node: n.id, dx: dx[k]!, dy: dy[k]!, rotation: rotation[k]! }));
  return { reactions, displacements };
}

/** Each member's four diagrams, cut from the engine's columns and taken to the response's units in place. */
function presentDiagrams(r: EngineFrameResult, memberCount: number, units: UnitSystem): FrameMemberDiagrams[] {
  const diagrams = r.diagrams;
  if (diagrams === undefined) throw new Problem('internal_error', 'The unfactored frame analysis came back without its diagrams.');
  const perMember = Array.from({ length: memberCount }, () => ({}) as FrameMemberDiagrams);
  for (const name of Object.keys(DIAGRAM_QUANTITY) as FrameDiagramName[]) {
    const { values, pairs } = diagrams[name];
    let offset = 0;
    for (let k = 0; k < memberCount; k++) {
      const end = offset + 2 * pairs[k]!;
      perMember[k]![name] = inUnits(values.subarray(offset, end), DIAGRAM_QUANTITY[name], units);
      offset = end;
    }
  }
  return perMember;
}

/**
 * The unfactored engine result as the top level of the response; without the member diagrams when the caller
 * turned them off (`output.diagrams: false`), which the engine then did not sample.
 */
export function presentFrameResult(r: EngineFrameResult, request: FrameSolveRequest, units: UnitSystem, withDiagrams = true): FrameResult {
  const { reactions, displacements } = presentNodes(r, request, units);
  const diagrams = withDiagrams ? presentDiagrams(r, request.members.length, units) : undefined;
  // the rows read as FrameMemberResult[] (frame-rows.ts); without diagrams they have none, as the answer says
  const members = memberSummaries(request, presentedColumns(r.members, units), diagrams) as unknown as FrameMemberResult[];
  return { reactions, displacements, members };
}

/** A combination's results as the envelope lists them: members by their extremes only. */
function presentCombination(r: EngineFrameResult, request: FrameSolveRequest, units: UnitSystem): FrameCombinationResult {
  const { reactions, displacements } = presentNodes(r, request, units, true);
  return { reactions, displacements, members: memberExtremeRows(request, presentedColumns(r.members, units)) };
}

const MOVES = { horizontal: 'move horizontally', vertical: 'move vertically', rotation: 'rotate' } as const;

/** A validated request solved; throws Problem for every refusal. */
export function solveFrameRequest(request: FrameSolveRequest, context: SolveContext): FrameSolveResponse {
  return solveFrameDrawing(request, context).response;
}

/**
 * What a figure asks of a frame solve beyond the response: one combination's results, or every ULS one's;
 * `modes`, at least that many critical factors.
 */
export type FrameDrawing = ({ combination: string } | { envelope: true } | { unfactored: true }) & { modes?: number };

/**
 * The solve, and for a figure the full results (member diagrams too) of the combinations it draws: the one
 * whose id is `drawing.combination`, or for the envelope every ULS combination, in the order run. The same
 * engine run, which then keeps those diagrams.
 */
export function solveFrameDrawing(
  given: FrameSolveRequest,
  context: SolveContext,
  drawing?: FrameDrawing,
): { response: FrameSolveResponse; drawn: FrameRunResult[] } {
  const now = context.now ?? (() => performance.now());
  const started = now();
  const semantic = [...frameSemanticIssues(given), ...analysisIssues(given)];
  if (semantic.length > 0) throw Problem.invalid(semantic);
  // selfWeight's loads join the request's before anything else reads it
  const { request, warnings: sectionWarnings } = prepareFrame(given, context.sections);
  const resolved = resolveMemberLoads(request);
  const units: UnitSystem = request.units ?? 'SI';
  const loads = [...(request.nodalLoads ?? []), ...(request.memberLoads ?? [])];
  const set = request.combinations ? generateCombinations(request.combinations, presentCases(loads)) : undefined;
  const si = frameRequestToSI(resolved, context.sections);
  const model = frameEngineModel(si, (c) => caseIndex((c ?? 'G') as LoadCase));
  const pattern = request.combinations?.pattern;
  const all = set?.combinations ?? [];
  // a combination another bounds over every arrangement is neither bounded nor enveloped
  const patterned = pattern && pattern.length > 0 ? { cases: pattern, outdone: dominated(all, pattern) } : undefined;
  if (patterned) {
    model.pattern = {
      cases: patterned.cases.map(caseIndex),
      bounds: patternFlags(all, patterned.cases, patterned.outdone, drawing !== undefined && 'envelope' in drawing),
    };
  }

  const drawnIndices =
    drawing === undefined || 'unfactored' in drawing
      ? []
      : 'envelope' in drawing
        ? all.flatMap((c, i) => (c.kind === 'ULS' && !patterned?.outdone[i] ? [i] : []))
        : all.flatMap((c, i) => (c.id === drawing.combination ? [i] : []));
  const diagramsShown = drawing !== undefined || request.output?.diagrams !== false;
  let analysis: EngineFrameAnalysis;
  const vectors = [[...UNFACTORED], ...all.map((c) => factorVector(c.factors))];
  const options = engineOptions(request, all, drawing?.modes);
  try {
    // only the unfactored analysis keeps its diagrams (the response carries no combination's; none when the
    // caller turned them off), and the drawn combinations theirs: the engine keeps the first `keepDiagrams`, so
    // those before them come along
    const keep = drawnIndices.length > 0 ? Math.max(...drawnIndices) + 2 : diagramsShown ? 1 : 0;
    analysis = context.engine.solveFrame(model, vectors, keep, options);
  } catch (error) {
    const critical = (i: number) => lowestFactor((m, v, o) => context.engine.solveFrame(m, v, 0, o).results, model, vectors[i]!);
    throw engineProblem(bucklingProblem(error, all, critical), (m) => {
      const id = request.nodes[m.node]?.id;
      const at = (v: number) => formatNumber(fromEngine('length', v, units));
      const where = `node ${id} (x = ${at(m.x)}, y = ${at(m.y)} ${units === 'SI' ? 'm' : 'ft'})`;
      const hint = `Node ${where.slice('node '.length)} can ${MOVES[m.direction]} with nothing to resist it. Add a member or a support there, or make a released member end rigid.`;
      // the `mechanism` member (decisions.md 15) names the node, as for a truss, so the calculator can mark it
      return {
        detail: `The frame is a mechanism: ${where} can ${MOVES[m.direction]} with nothing to resist it. Add a member or a support there, or make a released member end rigid.`,
        mechanism: { node: id!, direction: m.direction, hint },
      };
    });
  }
  const [first, ...combined] = analysis.results;
  const asked = analysisOf(request);
  // a figure of a mode asks for at least that many, whatever the request says
  const modes = Math.max(asked.buckling, drawing?.modes ?? 0);
  const unfactored = presentFrameResult(first!, request, units, diagramsShown);
  const warnings = [
    ...sectionWarnings,
    ...(set?.warnings ?? []),
    ...analysis.warnings.map((w) => `Node ${request.nodes[w.node]?.id}: ${w.message}`),
    ...noCompressionWarning(analysis.results, all, asked.buckling),
    ...(pattern ? patternWarnings(pattern, [...presentCases(loads)]) : []),
  ];
  let envelope: FrameEnvelope | undefined;
  if (set) {
    const { combinations, warnings: _advisories, ...header } = set;
    const pieces = analysis.pieces && presentFramePieces(analysis.pieces, request);
    // each piece's text printed once for every combination's bounds
    const texts = pieces && new PieceTexts(pieces);
    const runs: FrameRun[] = combinations.map((combination, i) => {
      const result = presentCombination(combined[i]!, request, units);
      const arranged = combined[i]!.pattern;
      if (arranged && texts) result.pattern = presentFramePatternBounds(arranged, texts, request, units);
      return { combination, result };
    });
    envelope = frameEnvelope(header, runs, patterned);
    if (options !== undefined) {
      envelope.combinations = envelope.combinations.map((c, i) => ({
        ...c,
        iterations: combined[i]!.iterations ?? 0,
        ...(modes > 0 && c.kind === 'ULS' && { buckling: presentBuckling(combined[i]!.buckling ?? [], request, units) }),
      }));
    }
    if (pattern && pieces) envelope.pattern = { cases: [...new Set(pattern)], pieces };
  }
  warnings.push(...framePlausibility(request, unfactored.displacements, units));
  const actions = frameActions(resolved, unfactored.reactions);
  if (asked.order === 'second') actions.push(...pDeltaCouples(si, unfactored.displacements, units));
  const equilibrium = equilibriumResidual(actions, frameScale(si, unfactored.displacements, units));
  const results: FrameResult & { buckling?: BucklingModeResult[] } =
    modes > 0 ? { ...unfactored, buckling: presentBuckling(first!.buckling ?? [], request, units) } : unfactored;
  const response: FrameSolveResponse = respond(results, envelope, {
    context,
    kind: 'frame',
    units,
    labels: FRAME_UNIT_LABELS,
    warnings,
    equilibrium,
    started,
    si,
    output: request.output,
    series: diagramsShown,
  });
  if (options !== undefined) response.meta.analysis = { order: asked.order, iterations: first!.iterations ?? 0 };
  const drawn = drawnIndices.map((i) => {
    const result = presentFrameResult(combined[i]!, request, units);
    cleanNumbers([result]);
    const arranged = combined[i]!.pattern && presentArrangedSeries(combined[i]!.pattern!, units);
    return arranged ? { combination: all[i]!, result, arranged } : { combination: all[i]!, result };
  });
  return { response, drawn };
}

/** The whole pipeline from an untrusted body. */
export function solveFrame(body: unknown, context: SolveContext): FrameSolveResponse {
  return solveFrameRequest(frameValidator.check(body), context);
}

/**
 * Diagram pipeline: validate the diagram request (the solve request plus the figure fields) ->
 * check the figure fields against the view -> solve with the solve fields only -> pick what is drawn
 * (the unfactored analysis, one combination, or the envelope; ts/solve/figure-combination.ts) -> render
 * -> one attribution comment as the last line.
 * The figure reads reactions, diagrams and extremes only: never meta (computeMs is a clock reading).
 */
import { factoredLoads, memberSeriesBounds, type FrameMemberEnvelope } from '../combinations/index.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import {
  BeamDiagramRequest,
  BEAM_CHART_VIEWS,
  DIAGRAM_HEIGHT,
  DIAGRAM_WIDTH,
  ENVELOPE,
  FRAME_CHART_VIEWS,
  FrameDiagramRequest,
  TrussDiagramRequest,
  type BeamDiagramView,
  type FrameChartView,
} from '../schema/diagram.js';
import type { BeamSolveRequest } from '../schema/beam.js';
import type { FrameSolveRequest } from '../schema/frame.js';
import type { TrussSolveRequest } from '../schema/truss.js';
import { misdirectedTo } from '../schema/kinds.js';
import { compile } from '../schema/validate.js';
import { escapeComment } from '../svg/escape.js';
import { emit } from '../svg/emit.js';
import {
  beamScene,
  frameScene,
  trussScene,
  type BeamFigureResults,
  type DiagramStyle,
  type FrameFigureResults,
  type FrameView,
  type Scene,
  type Theme,
  type TrussFigureResults,
  type TrussView,
} from '../svg/index.js';
import { solveBeamDrawing, solveBeamRequest, type BeamSolveResponse } from './beam.js';
import { plainData, type Plain } from './json-text.js';
import type { SolveContext } from './context.js';
import { attribution } from './meta.js';
import {
  combinationCaption,
  combinationIssues,
  envelopeCaption,
  missingLimitState,
  plainCaption,
  refuseFigure,
  unknownCombination,
} from './figure-combination.js';
import { solveFrameDrawing, solveFrameRequest, type FrameRunResult, type FrameSolveResponse } from './frame.js';
import { combinationModes, modeIssues } from './second-order.js';
import { solveTrussDrawing, solveTrussRequest, type TrussSolveResponse } from './truss.js';

export const beamDiagramValidator = compile(BeamDiagramRequest, [], { misdirected: misdirectedTo('beam', 'diagram') });
export const trussDiagramValidator = compile(TrussDiagramRequest, [], { misdirected: misdirectedTo('truss', 'diagram') });
export const frameDiagramValidator = compile(FrameDiagramRequest, [], { misdirected: misdirectedTo('frame', 'diagram') });

/** The SVG document followed by the attribution comment line. */
export function withAttribution(svg: string, baseUrl: string): string {
  return `${svg.endsWith('\n') ? svg : `${svg}\n`}<!-- ${escapeComment(attribution(baseUrl))} -->\n`;
}

/** What a figure draws: the model (its loads factored for a combination), the results, and the caption. */
interface Figure<M, R> {
  model: M;
  results: R;
  caption?: string | undefined;
}

/** `deformed` overlays the setup view; on any other view it could not be drawn as asked. */
function deformedIssues(view: BeamDiagramView, deformed: boolean): ProblemIssue[] {
  if (!deformed || view === 'setup') return [];
  const why =
    view === 'results'
      ? 'the results view always draws the deflected shape'
      : view === 'problem'
        ? 'the problem view draws no results'
        : 'a chart draws one diagram (view deflection draws the deflection)';
  return [{ path: 'deformed', message: `overlays the deflected shape on the setup view only: ${why}` }];
}

function beamFigure(
  request: BeamSolveRequest,
  view: BeamDiagramView,
  combination: string | undefined,
  context: SolveContext,
): Figure<BeamSolveRequest, BeamFigureResults> & { lower?: [number, number][] } {
  if (combination === undefined)
    return { model: request, results: plainData(solveBeamRequest(request, context)), caption: plainCaption(request) };
  if (combination !== ENVELOPE) {
    const { response, drawn } = solveBeamDrawing(request, context, combination);
    const chosen = response.envelope?.combinations.find((c) => c.id === combination);
    if (!drawn || !chosen) throw unknownCombination(combination, response.envelope?.combinations ?? []);
    return {
      model: { ...request, loads: factoredLoads(request.loads, chosen.factors) },
      results: plainData(drawn),
      caption: combinationCaption(chosen),
    };
  }
  const response = plainData(solveBeamRequest(request, context));
  const { uls, sls, pattern } = response.envelope ?? {};
  // a patterned envelope says so: its bounds are over every arrangement of those cases' pieces
  const patterned = pattern ? `, ${pattern.cases.join(' and ')} patterned` : '';
  // the chart reads only its own diagram and extremes: those become the envelope's upper bound and extremes
  if (view === 'deflection') {
    if (!sls) throw missingLimitState('SLS', view);
    const results = {
      ...response,
      diagrams: { ...response.diagrams, deflection: sls.deflection.max },
      extremes: { ...response.extremes, ...sls.extremes },
    };
    return { model: request, results, lower: sls.deflection.min, caption: envelopeCaption('SLS', `deflection max and min${patterned}`) };
  }
  if (!uls) throw missingLimitState('ULS', view);
  const chart = view === 'shear' ? 'shear' : 'moment';
  const results = {
    ...response,
    diagrams: { ...response.diagrams, [chart]: uls[chart].max },
    extremes: { ...response.extremes, [chart]: uls.extremes[chart] },
  };
  return { model: request, results, lower: uls[chart].min, caption: envelopeCaption('ULS', `${chart} max and min${patterned}`) };
}

/** A figure as its scene (layout only; tests read its label boxes) and the theme it is written in. */
export interface DiagramScene {
  scene: Scene;
  theme: Theme;
}

/** The SVG document of a figure, with the attribution comment as its last line. */
function written({ scene, theme }: DiagramScene, context: SolveContext): string {
  return withAttribution(emit(scene, { theme, idPrefix: 'spanwise' }), context.baseUrl);
}

export function renderBeamDiagram(body: unknown, context: SolveContext): string {
  return written(beamDiagramScene(body, context), context);
}

export function beamDiagramScene(body: unknown, context: SolveContext): DiagramScene {
  const { view = 'setup', deformed = false, combination, width, height, theme, style, ...request } = beamDiagramValidator.check(body);
  refuseFigure([
    ...deformedIssues(view, deformed),
    ...combinationIssues({ view, combination, combinations: request.combinations }, BEAM_CHART_VIEWS),
  ]);
  const figure = beamFigure(request, view, combination, { ...context, link: false });
  return beamDrawing(figure, { view, deformed, width, height, theme, style });
}

/** The drawing options of a figure request. */
interface Drawing {
  width?: number | undefined;
  height?: number | undefined;
  theme?: Theme | undefined;
  style?: DiagramStyle | undefined;
}

/** The options absent from a figure request take the route's defaults (the height: each figure's own). */
function drawn({ width, height, theme = 'light', style = 'modern' }: Drawing, defaultHeight: number) {
  return { width: width ?? DIAGRAM_WIDTH.default, height: height ?? defaultHeight, theme, style };
}

function beamDrawing(
  figure: ReturnType<typeof beamFigure>,
  { view, deformed, ...drawing }: Drawing & { view: BeamDiagramView; deformed: boolean },
): DiagramScene {
  const options = drawn(drawing, BEAM_CHART_VIEWS.includes(view) ? DIAGRAM_HEIGHT.beamChart : DIAGRAM_HEIGHT.beam);
  const scene = beamScene(figure.model, figure.results, {
    view,
    deformed,
    ...options,
    ...(figure.caption !== undefined && { caption: figure.caption }),
    ...(figure.lower !== undefined && { lower: figure.lower }),
  });
  return { scene, theme: options.theme };
}

/**
 * Figures of a solve already done, for the calculator page, which solves once per edit and draws the figure
 * on screen from that answer: the same SVG as `render<Kind>Diagram({ ...request, view, width })` with the other
 * options at their defaults (the unfactored analysis), without validating and solving the model a second time.
 * `request` is the body the solve validator passed, `response` the solve's answer as plain data (`plainData`);
 * `width` is the figure's, within the route's range (the page draws for the width of its pane).
 */
export type SolvedFigure = { width?: number | undefined } & (
  | { kind: 'beam'; request: BeamSolveRequest; response: Plain<BeamSolveResponse>; view: BeamDiagramView }
  | { kind: 'truss'; request: TrussSolveRequest; response: Plain<TrussSolveResponse>; view: TrussView }
  | { kind: 'frame'; request: FrameSolveRequest; response: Plain<FrameSolveResponse>; view: FrameView }
);

export function renderSolvedDiagram(solved: SolvedFigure, context: SolveContext): string {
  const caption = plainCaption(solved.request);
  const { width } = solved;
  const drawing =
    solved.kind === 'beam'
      ? beamDrawing({ model: solved.request, results: solved.response, caption }, { view: solved.view, deformed: false, width })
      : solved.kind === 'truss'
        ? trussDrawing({ model: solved.request, results: solved.response, caption }, { view: solved.view, numbers: true, width })
        : frameDrawing({ model: solved.request, results: solved.response, caption }, { view: solved.view, numbers: true, width });
  return written(drawing, context);
}

function trussFigure(
  request: TrussSolveRequest,
  combination: string | undefined,
  context: SolveContext,
): Figure<TrussSolveRequest, TrussFigureResults> {
  // the problem view is drawn from a solved model too: a request that cannot be solved gets the
  // same refusal from every view, as from the solve endpoint
  if (combination === undefined) return { model: request, results: solveTrussRequest(request, context), caption: plainCaption(request) };
  if (combination !== ENVELOPE) {
    const { response, drawn } = solveTrussDrawing(request, context, combination);
    const chosen = response.envelope?.combinations.find((c) => c.id === combination);
    if (!drawn || !chosen) throw unknownCombination(combination, response.envelope?.combinations ?? []);
    return {
      model: { ...request, loads: factoredLoads(request.loads, chosen.factors) },
      results: drawn,
      caption: combinationCaption(chosen),
    };
  }
  const response = solveTrussRequest(request, context);
  const uls = response.envelope?.uls;
  if (!uls) throw missingLimitState('ULS', 'member force');
  const bounds = new Map(uls.memberForces.map((m) => [m.member, { member: m.member, max: m.max.value, min: m.min.value }]));
  // each member coloured by its bound of larger magnitude; no loads, reactions or deflected shape: those
  // belong to one combination each
  const memberForces = response.memberForces.map((m) => {
    const b = bounds.get(m.member);
    return { ...m, force: b ? (Math.abs(b.max) >= Math.abs(b.min) ? b.max : b.min) : m.force };
  });
  return {
    model: { ...request, loads: [] },
    results: { reactions: [], displacements: [], memberForces, forceBounds: [...bounds.values()] },
    caption: envelopeCaption('ULS', 'member forces max / min'),
  };
}

export function renderTrussDiagram(body: unknown, context: SolveContext): string {
  return written(trussDiagramScene(body, context), context);
}

export function trussDiagramScene(body: unknown, context: SolveContext): DiagramScene {
  const { view = 'results', combination, numbers = true, width, height, theme, style, ...request } = trussDiagramValidator.check(body);
  refuseFigure(combinationIssues({ view, combination, combinations: request.combinations }, ['results']));
  const figure = trussFigure(request, combination, { ...context, link: false });
  return trussDrawing(figure, { view, numbers, width, height, theme, style });
}

function trussDrawing(
  figure: Figure<TrussSolveRequest, TrussFigureResults>,
  { view, numbers, ...drawing }: Drawing & { view: TrussView; numbers: boolean },
): DiagramScene {
  const options = drawn(drawing, DIAGRAM_HEIGHT.truss);
  const scene = trussScene(figure.model, figure.results, {
    view,
    numbers,
    ...options,
    ...(figure.caption !== undefined && { caption: figure.caption }),
  });
  return { scene, theme: options.theme };
}

type FrameMembers = FrameFigureResults['members'];

/** A member's envelope extremes on one side only, so that each bound's curve labels its own peak. */
function oneSide(e: FrameMemberEnvelope, side: 'upper' | 'lower'): FrameMembers[number]['extremes'] {
  const pick = <T>(b: { max: T; min: T }) => (side === 'upper' ? { max: b.max, min: b.max } : { max: b.min, min: b.min });
  const moment = side === 'upper' ? e.moment.maxSagging : e.moment.maxHogging;
  return { axial: pick(e.axial), shear: pick(e.shear), moment: { maxSagging: moment, maxHogging: moment } };
}

function frameFigure(
  request: FrameSolveRequest,
  view: string,
  combination: string | undefined,
  context: SolveContext,
  modes = 0,
): Figure<FrameSolveRequest, FrameFigureResults> {
  // every view is drawn from a solved model, so a request that cannot be solved is refused alike by all
  if (combination === undefined) {
    const response =
      modes > 0 ? solveFrameDrawing(request, context, { unfactored: true, modes }).response : solveFrameRequest(request, context);
    return { model: request, results: plainData(response), caption: plainCaption(request) };
  }
  if (combination !== ENVELOPE) {
    const { response, drawn } = solveFrameDrawing(request, context, { combination, modes });
    const [run] = drawn;
    if (!run) throw unknownCombination(combination, response.envelope?.combinations ?? []);
    const buckling = modes > 0 ? combinationModes(response, run.combination) : undefined;
    const { factors } = run.combination;
    const model = {
      ...request,
      nodalLoads: factoredLoads(request.nodalLoads, factors),
      memberLoads: factoredLoads(request.memberLoads, factors),
    };
    return { model, results: { ...plainData(run.result), buckling }, caption: combinationCaption(run.combination) };
  }
  const chart = view as FrameChartView;
  const { response, drawn } = solveFrameDrawing(request, context, { envelope: true });
  const uls = response.envelope?.uls;
  if (!uls || drawn.length === 0) throw missingLimitState('ULS', view);
  const results = plainData(response);
  const bounds = frameEnvelopeSeries(drawn, chart);
  const envelopeOf = new Map(uls.members.map((m) => [m.member, m]));
  const side = (which: 'upper' | 'lower'): FrameMembers =>
    results.members.map((m, k) => {
      const envelope = envelopeOf.get(m.member);
      if (!envelope) throw new Problem('internal_error', `The envelope has no member ${m.member}.`);
      const series = which === 'upper' ? bounds[k]!.max : bounds[k]!.min;
      return { ...m, diagrams: { ...m.diagrams, [chart]: series }, extremes: oneSide(envelope, which) };
    });
  return {
    model: request,
    results: { ...results, members: side('upper'), lower: side('lower') },
    caption: envelopeCaption(
      'ULS',
      `${chart} max and min${response.envelope?.pattern ? `, ${response.envelope.pattern.cases.join(' and ')} patterned` : ''}`,
    ),
  };
}

/** Each member's bounds of one chart over the ULS runs: of their own diagrams, or with a pattern of their bounds over every arrangement. */
function frameEnvelopeSeries(drawn: readonly FrameRunResult[], chart: FrameChartView) {
  const arranged = drawn.map((run) => run.arranged?.[chart]);
  if (arranged.some((a) => a === undefined)) {
    return memberSeriesBounds(
      drawn.map((run) => plainData(run.result).members.map((m) => m.diagrams[chart])),
      chart,
    );
  }
  const upper = memberSeriesBounds(
    arranged.map((a) => a!.max),
    chart,
  );
  const lower = memberSeriesBounds(
    arranged.map((a) => a!.min),
    chart,
  );
  return upper.map((u, k) => ({ max: u.max, min: lower[k]!.min }));
}

export function renderFrameDiagram(body: unknown, context: SolveContext): string {
  return written(frameDiagramScene(body, context), context);
}

export function frameDiagramScene(body: unknown, context: SolveContext): DiagramScene {
  const {
    view = 'results',
    combination,
    mode,
    numbers = true,
    width,
    height,
    theme,
    style,
    ...request
  } = frameDiagramValidator.check(body);
  refuseFigure([
    ...combinationIssues({ view, combination, combinations: request.combinations }, FRAME_CHART_VIEWS),
    ...modeIssues(view, mode),
  ]);
  // the figure draws the modes the solve finds: with critical factors asked for, at least the one it draws (so the
  // calculator, drawing from its own solve of the same model, draws the same figure)
  const asked = request.analysis?.buckling ?? 0;
  const modes = view === 'buckling' && asked > 0 ? Math.max(asked, mode ?? 1) : 0;
  const figure = frameFigure(request, view, combination, { ...context, link: false }, modes);
  return frameDrawing(figure, { view, mode, numbers, width, height, theme, style });
}

function frameDrawing(
  figure: Figure<FrameSolveRequest, FrameFigureResults>,
  { view, mode, numbers, ...drawing }: Drawing & { view: FrameView; mode?: number | undefined; numbers: boolean },
): DiagramScene {
  const options = drawn(drawing, DIAGRAM_HEIGHT.frame);
  const scene = frameScene(figure.model, figure.results, {
    view,
    numbers,
    mode,
    ...options,
    ...(figure.caption !== undefined && { caption: figure.caption }),
  });
  return { scene, theme: options.theme };
}

/**
 * Diagram pipeline: validate the diagram request (the solve request plus the figure fields) ->
 * solve with the solve fields only -> render -> one attribution comment as the last line.
 * The figure reads reactions, diagrams and extremes only: never meta (computeMs is a clock reading).
 */
import {
  BeamDiagramRequest,
  BEAM_CHART_VIEWS,
  DIAGRAM_HEIGHT,
  DIAGRAM_WIDTH,
  FrameDiagramRequest,
  TrussDiagramRequest,
} from '../schema/diagram.js';
import { misdirectedTo } from '../schema/kinds.js';
import { compile } from '../schema/validate.js';
import { escapeComment } from '../svg/escape.js';
import { renderBeam, renderFrame, renderTruss } from '../svg/index.js';
import { solveBeamRequest } from './beam.js';
import { plainData } from './json-text.js';
import type { SolveContext } from './context.js';
import { attribution } from './meta.js';
import { solveFrameRequest } from './frame.js';
import { solveTrussRequest } from './truss.js';

export const beamDiagramValidator = compile(BeamDiagramRequest, [], { misdirected: misdirectedTo('beam', 'diagram') });
export const trussDiagramValidator = compile(TrussDiagramRequest, [], { misdirected: misdirectedTo('truss', 'diagram') });
export const frameDiagramValidator = compile(FrameDiagramRequest, [], { misdirected: misdirectedTo('frame', 'diagram') });

/** The SVG document followed by the attribution comment line. */
export function withAttribution(svg: string, baseUrl: string): string {
  return `${svg.endsWith('\n') ? svg : `${svg}\n`}<!-- ${escapeComment(attribution(baseUrl))} -->\n`;
}

export function renderBeamDiagram(body: unknown, context: SolveContext): string {
  const {
    view = 'setup',
    deformed = false,
    width,
    height,
    theme = 'light',
    style = 'modern',
    ...request
  } = beamDiagramValidator.check(body);
  const results = plainData(solveBeamRequest(request, { ...context, link: false }));
  const chart = BEAM_CHART_VIEWS.includes(view);
  const svg = renderBeam(request, results, {
    view,
    deformed,
    width: width ?? DIAGRAM_WIDTH.default,
    height: height ?? (chart ? DIAGRAM_HEIGHT.beamChart : DIAGRAM_HEIGHT.beam),
    theme,
    style,
  });
  return withAttribution(svg, context.baseUrl);
}

export function renderTrussDiagram(body: unknown, context: SolveContext): string {
  const {
    view = 'results',
    numbers = true,
    width,
    height,
    theme = 'light',
    style = 'modern',
    ...request
  } = trussDiagramValidator.check(body);
  // the problem view is drawn from a solved model too: a request that cannot be solved gets the
  // same refusal from every view, as from the solve endpoint
  const results = solveTrussRequest(request, { ...context, link: false });
  const svg = renderTruss(request, results, {
    view,
    numbers,
    width: width ?? DIAGRAM_WIDTH.default,
    height: height ?? DIAGRAM_HEIGHT.truss,
    theme,
    style,
  });
  return withAttribution(svg, context.baseUrl);
}

export function renderFrameDiagram(body: unknown, context: SolveContext): string {
  const { view = 'results', width, height, theme = 'light', style = 'modern', ...request } = frameDiagramValidator.check(body);
  // every view is drawn from a solved model, so a request that cannot be solved is refused alike by all
  const results = plainData(solveFrameRequest(request, { ...context, link: false }));
  const svg = renderFrame(request, results, {
    view,
    width: width ?? DIAGRAM_WIDTH.default,
    height: height ?? DIAGRAM_HEIGHT.frame,
    theme,
    style,
  });
  return withAttribution(svg, context.baseUrl);
}

/**
 * The page's solve and figures: the very functions the service's routes call (ts/solve), handed a
 * browser SolveContext. A figure is the diagram route's SVG text less its attribution comment, which
 * the service appends (`withAttribution`).
 */
import { beamValidator, solveBeamRequest } from '../solve/beam.js';
import type { SolveContext } from '../solve/context.js';
import { renderBeamDiagram, renderFrameDiagram, renderSolvedDiagram, renderTrussDiagram, type SolvedFigure } from '../solve/diagram.js';
import { frameValidator, solveFrameRequest } from '../solve/frame.js';
import { plainData } from '../solve/json-text.js';
import { attribution } from '../solve/meta.js';
import { solveTrussRequest, trussValidator } from '../solve/truss.js';
import { escapeComment } from '../svg/escape.js';
import type { Kind } from './kinds.js';

/** A solve: the request as the validator passed it, and the response as the API's JSON holds it (series as pairs). */
export interface Solved {
  request: object;
  response: Record<string, unknown>;
}

/** `solveBeam`... in two steps, so that the figures can draw from the validated request and its answer. */
const SOLVE = {
  beam: (body: unknown, context: SolveContext) => {
    const request = beamValidator.check(body);
    return { request, response: plainData(solveBeamRequest(request, context)) };
  },
  truss: (body: unknown, context: SolveContext) => {
    const request = trussValidator.check(body);
    return { request, response: plainData(solveTrussRequest(request, context)) };
  },
  frame: (body: unknown, context: SolveContext) => {
    const request = frameValidator.check(body);
    return { request, response: plainData(solveFrameRequest(request, context)) };
  },
} as const;
const RENDER = { beam: renderBeamDiagram, truss: renderTrussDiagram, frame: renderFrameDiagram } as const;

/** Validates and solves as `POST /v1/<kind>/solve` does; throws the Problem the API would answer. */
export function solve(kind: Kind, body: unknown, context: SolveContext): Solved {
  return SOLVE[kind](body, context) as unknown as Solved;
}

/**
 * The SVG text `POST /v1/<kind>/diagram` answers for the model, view and width (the route's default without
 * one), less the attribution comment. The unfactored analysis is drawn from the page's own solve of that model
 * (`solved`); a combination or the envelope goes through the diagram pipeline, which solves what it draws.
 */
export function figure(
  kind: Kind,
  view: string,
  context: SolveContext,
  drawn: { model: object; combination?: string; solved: Solved; width?: number },
): string {
  const { width } = drawn;
  const svg =
    drawn.combination === undefined
      ? renderSolvedDiagram({ kind, ...drawn.solved, view, width } as SolvedFigure, context)
      : RENDER[kind]({ ...drawn.model, combination: drawn.combination, view, ...(width !== undefined && { width }) }, context);
  const comment = `<!-- ${escapeComment(attribution(context.baseUrl))} -->\n`;
  return svg.endsWith(comment) ? svg.slice(0, -comment.length) : svg;
}

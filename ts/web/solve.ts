/**
 * The page's solve and figures: the very functions the service's routes call (ts/solve), handed a
 * browser SolveContext. A figure is the diagram route's SVG text less its attribution comment, which
 * the service appends (`withAttribution`).
 */
import { solveBeam } from '../solve/beam.js';
import type { SolveContext } from '../solve/context.js';
import { renderBeamDiagram, renderFrameDiagram, renderTrussDiagram } from '../solve/diagram.js';
import { solveFrame } from '../solve/frame.js';
import { plainData } from '../solve/json-text.js';
import { attribution } from '../solve/meta.js';
import { solveTruss } from '../solve/truss.js';
import { escapeComment } from '../svg/escape.js';
import type { Kind } from './kinds.js';

const SOLVE = { beam: solveBeam, truss: solveTruss, frame: solveFrame } as const;
const RENDER = { beam: renderBeamDiagram, truss: renderTrussDiagram, frame: renderFrameDiagram } as const;

/** The solve response as the API's JSON holds it (series as pairs); throws the Problem the API would answer. */
export function solve(kind: Kind, body: unknown, context: SolveContext): Record<string, unknown> {
  return plainData(SOLVE[kind](body, context)) as unknown as Record<string, unknown>;
}

/** The SVG text `POST /v1/<kind>/diagram` answers for the model and view, less the attribution comment. */
export function figure(kind: Kind, model: object, view: string, context: SolveContext): string {
  const svg = RENDER[kind]({ ...model, view }, context);
  const comment = `<!-- ${escapeComment(attribution(context.baseUrl))} -->\n`;
  return svg.endsWith(comment) ? svg.slice(0, -comment.length) : svg;
}

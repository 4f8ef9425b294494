/**
 * The work the service gives its engine threads, by name: every route and MCP tool that runs the engine
 * (solves, figures, section properties). One table, so a route, its MCP tool and the engine thread agree
 * on what a task does; the thread (worker.ts) and the in-process runner (inline.ts) both run it.
 */
import type { SolveContext } from '../../solve/context.js';
import { solveBeam } from '../../solve/beam.js';
import { solveTruss } from '../../solve/truss.js';
import { solveFrame } from '../../solve/frame.js';
import { renderBeamDiagram, renderFrameDiagram, renderTrussDiagram } from '../../solve/diagram.js';
import { renderSectionDiagram, sectionProperties } from '../../solve/section-properties.js';
import { responseBody } from '../../solve/json-text.js';

/**
 * A task's answer: a JSON response body as UTF-8 bytes, an SVG figure, or the figure as PNG. JSON bytes with
 * `done` are a view of an engine thread's shared memory (shared-answers.ts): the caller calls `done` once they
 * are sent, and not before, and reads them no more after.
 */
export type TaskAnswer =
  { kind: 'json'; bytes: Uint8Array; done?: () => void } | { kind: 'svg'; text: string } | { kind: 'png'; bytes: Uint8Array };

const json =
  (solve: (body: unknown, context: SolveContext) => unknown) =>
  (body: unknown, context: SolveContext): TaskAnswer => ({ kind: 'json', bytes: responseBody(solve(body, context)) });

const svg =
  (draw: (body: unknown, context: SolveContext) => string) =>
  (body: unknown, context: SolveContext): TaskAnswer => ({ kind: 'svg', text: draw(body, context) });

export const TASKS = {
  'beam.solve': json(solveBeam),
  'beam.diagram': svg(renderBeamDiagram),
  'truss.solve': json(solveTruss),
  'truss.diagram': svg(renderTrussDiagram),
  'frame.solve': json(solveFrame),
  'frame.diagram': svg(renderFrameDiagram),
  'section.properties': json(sectionProperties),
  'section.diagram': svg(renderSectionDiagram),
} as const satisfies Record<string, (body: unknown, context: SolveContext) => TaskAnswer>;

export type TaskName = keyof typeof TASKS;

/** The tasks that draw a figure, which a caller may ask for as PNG. */
export const FIGURE_TASKS: ReadonlySet<TaskName> = new Set(['beam.diagram', 'truss.diagram', 'frame.diagram', 'section.diagram']);

/**
 * A task as it crosses to a thread: its name, the request body and the site its answer names. An HTTP route
 * sends the body's bytes (`json`), parsed on the thread, and frees a JSON answer's shared memory once it has sent
 * it (`done`); an MCP tool sends the arguments the SDK parsed (`body`), and its answers are its own.
 */
export type Task = ({ body: unknown; json?: never } | { json: Uint8Array; body?: never }) & {
  name: TaskName;
  /** PUBLIC_BASE_URL of the app that took the request (meta.attribution, links.view). */
  baseUrl: string;
  /** A figure rasterised to PNG (resvg) on the thread, rather than its SVG. */
  png?: boolean;
  /** Set to 1 by the thread when the task starts (shared memory), so a deadline times the run and not a thread's start-up. */
  started?: Int32Array;
};

/**
 * What an MCP tool is here: a name, a description that teaches an agent the units and signs, the TypeBox
 * schema of its arguments (the one that validates the matching HTTP body or query; a render tool lists only
 * its figure options and takes the solve tool's arguments beside them), and a function over the same
 * pipeline the route calls. The results follow decisions.md 11, 22 and 23: `structuredContent` is the answer
 * (the HTTP response body) and the text a short summary of it, or for the section tools its JSON; render
 * tools return the SVG as text or the PNG as image content; a refusal is an `isError` result carrying the
 * problem object.
 */
import type { TObject } from '@sinclair/typebox';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { SectionLibrary } from '../sections/library.js';
import type { ProblemBody } from '../problem/index.js';
import { plainData } from '../solve/json-text.js';
import type { Compute } from '../server/compute/settle.js';
import type { TaskName } from '../server/compute/tasks.js';
import { PNG_MIME_TYPE } from '../server/png.js';

/** What the tools need from the service: the engine pool, the public site and, when served, the section library. */
export interface ToolContext {
  compute: Compute;
  /** PUBLIC_BASE_URL: problem types, meta.attribution and links.view name it. */
  baseUrl: string;
  sections?: SectionLibrary;
}

export type FigureFormat = 'svg' | 'png';

/** What a tool's function gives back before it becomes an MCP result; `summary` replaces the JSON text copy. */
export type ToolOutput =
  { kind: 'json'; body: Record<string, unknown>; summary?: string } | { kind: 'svg'; svg: string } | { kind: 'png'; png: Uint8Array };

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: TObject;
  /** Throws Problem for every refusal, exactly as the matching route does. */
  call(args: unknown, context: ToolContext): ToolOutput | Promise<ToolOutput>;
}

export const SVG_MIME_TYPE = 'image/svg+xml';

/** A response body as structured content: plain data (series the engine wrote as text are parsed). */
export function json(body: object): ToolOutput {
  return { kind: 'json', body: plainData(body) as Record<string, unknown> };
}

const utf8 = new TextDecoder();

/**
 * The answer of the engine task the tool's route runs, on the same pool (never HTTP to self): the route's
 * body parsed back from the bytes the route would send.
 */
export async function solved<T extends object = Record<string, unknown>>(
  name: TaskName,
  body: unknown,
  context: ToolContext,
  tool: string,
): Promise<T> {
  const result = await context.compute.run({ name, body, baseUrl: context.baseUrl }, `MCP ${tool}`);
  if (result.kind !== 'json') throw new Error(`task ${name} answered a figure`);
  return JSON.parse(utf8.decode(result.bytes)) as T;
}

/** The figure the tool's route draws, on the same pool: SVG, or PNG rasterised on the engine thread. */
export async function drawn(name: TaskName, body: unknown, format: FigureFormat, context: ToolContext, tool: string): Promise<ToolOutput> {
  const result = await context.compute.run({ name, body, baseUrl: context.baseUrl, png: format === 'png' }, `MCP ${tool}`);
  if (result.kind === 'svg') return { kind: 'svg', svg: result.text };
  if (result.kind === 'png') return { kind: 'png', png: result.bytes };
  throw new Error(`task ${name} answered JSON`);
}

/** A solve's answer as structured content with `summarise`'s text beside it instead of a JSON copy. */
export function answer<T extends object>(body: T, summarise: (answer: T) => string): ToolOutput {
  const plain = plainData(body) as Record<string, unknown>;
  return { kind: 'json', body: plain, summary: summarise(plain as T) };
}

export function svg(text: string): ToolOutput {
  return { kind: 'svg', svg: text };
}

/**
 * What the solve tools answer unless asked otherwise (decisions.md 22): the engineering answer in a few hundred tokens,
 * with combinations the envelope alone.
 */
export const AGENT_OUTPUT = { diagrams: false, precision: 6, combinations: 'envelope' } as const;

/** What each solve tool's description says of its answer (decisions.md 22: MCP tools say their defaults). */
export const OUTPUT_DEFAULT = 'Default output {diagrams: false, precision: 6, combinations: "envelope"}; ask for more.';

/** The arguments with AGENT_OUTPUT under what the caller gave; anything malformed is left for the schema to refuse. */
export function withAgentOutput(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const given = (args as { output?: unknown }).output;
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given))) return args;
  return { ...args, output: { ...AGENT_OUTPUT, ...given } };
}

/** The MCP result of a tool's output. */
export function toolResult(output: ToolOutput): CallToolResult {
  if (output.kind === 'png') {
    return { content: [{ type: 'image', data: Buffer.from(output.png).toString('base64'), mimeType: PNG_MIME_TYPE }] };
  }
  if (output.kind === 'svg') {
    // Text content has no mimeType field of its own; `_meta` carries it for clients that look.
    return { content: [{ type: 'text', text: output.svg, _meta: { mimeType: SVG_MIME_TYPE } }] };
  }
  return { structuredContent: output.body, content: [{ type: 'text', text: output.summary ?? JSON.stringify(output.body) }] };
}

/** A refusal as the MCP result an agent can read and act on: the same problem object the HTTP API sends. */
export function problemResult(problem: ProblemBody): CallToolResult {
  const body = problem as unknown as Record<string, unknown>;
  return { isError: true, structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

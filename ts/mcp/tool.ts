/**
 * What an MCP tool is here: a name, a description that teaches an agent the units and signs, the TypeBox
 * schema of its arguments (the same one that validates the matching HTTP body or query), and a function
 * over the same pipeline the route calls. The results follow decisions.md 11: JSON tools return the HTTP
 * response body as `structuredContent` plus a text copy; render tools return the SVG as text; a refusal is
 * an `isError` result carrying the problem object.
 */
import type { TObject } from '@sinclair/typebox';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { SectionLibrary } from '../sections/library.js';
import type { SolveContext } from '../solve/context.js';
import type { ProblemBody } from '../problem/index.js';
import { plainData } from '../solve/json-text.js';

/** What the tools need from the service: the solve context and, when served, the section library. */
export interface ToolContext {
  solve: SolveContext;
  sections?: SectionLibrary;
}

/** What a tool's function gives back before it becomes an MCP result. */
export type ToolOutput = { kind: 'json'; body: Record<string, unknown> } | { kind: 'svg'; svg: string };

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: TObject;
  /** Throws Problem for every refusal, exactly as the matching route does. */
  call(args: unknown, context: ToolContext): ToolOutput;
}

export const SVG_MIME_TYPE = 'image/svg+xml';

/** A response body as structured content: plain data (series the engine wrote as text are parsed). */
export function json(body: object): ToolOutput {
  return { kind: 'json', body: plainData(body) as Record<string, unknown> };
}

export function svg(text: string): ToolOutput {
  return { kind: 'svg', svg: text };
}

/** The MCP result of a tool's output. */
export function toolResult(output: ToolOutput): CallToolResult {
  if (output.kind === 'svg') {
    // Text content has no mimeType field of its own; `_meta` carries it for clients that look.
    return { content: [{ type: 'text', text: output.svg, _meta: { mimeType: SVG_MIME_TYPE } }] };
  }
  return { structuredContent: output.body, content: [{ type: 'text', text: JSON.stringify(output.body) }] };
}

/** A refusal as the MCP result an agent can read and act on: the same problem object the HTTP API sends. */
export function problemResult(problem: ProblemBody): CallToolResult {
  const body = problem as unknown as Record<string, unknown>;
  return { isError: true, structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

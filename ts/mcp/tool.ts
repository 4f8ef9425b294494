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
import type { ProblemBody } from '../problem/index.js';
import type { Compute } from '../server/compute/settle.js';
import type { TaskName } from '../server/compute/tasks.js';

/** What the tools need from the service: the engine pool, the public site and, when served, the section library. */
export interface ToolContext {
  compute: Compute;
  /** PUBLIC_BASE_URL: problem types, meta.attribution and links.view name it. */
  baseUrl: string;
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
  call(args: unknown, context: ToolContext): ToolOutput | Promise<ToolOutput>;
}

export const SVG_MIME_TYPE = 'image/svg+xml';

/** A response body as structured content. */
export function json(body: object): ToolOutput {
  return { kind: 'json', body: body as Record<string, unknown> };
}

const utf8 = new TextDecoder();

/**
 * A tool that runs the engine task its route runs, on the same pool: the arguments are the route's body,
 * and the answer its body (parsed back from the bytes the route would send) or its figure.
 */
export function computed(name: TaskName, tool: string): Tool['call'] {
  return async (args, context) => {
    const answer = await context.compute.run({ name, body: args, baseUrl: context.baseUrl }, `MCP ${tool}`);
    if (answer.kind === 'svg') return svg(answer.text);
    return json(JSON.parse(utf8.decode(answer.bytes)) as Record<string, unknown>);
  };
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

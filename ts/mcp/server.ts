/**
 * POST /mcp: the MCP SDK's low-level Server behind its Streamable HTTP transport, stateless (a new server and
 * transport per request, no session id) with plain JSON responses. The low-level Server rather than McpServer
 * because McpServer wants Zod schemas, and the tools' schemas are the TypeBox ones that validate the HTTP API.
 * The transport reads the body itself (jsonBody only reads /v1/*), so malformed JSON-RPC gets the SDK's
 * JSON-RPC error rather than a problem+json.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool as ListedTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Middleware } from 'koa';
import { MAX_BODY_BYTES } from '../server/middleware/body.js';
import { Problem } from '../problem/index.js';
import { listedSchema } from './tool-schema.js';
import { TOOLS } from './tools.js';
import { problemResult, toolResult, type Tool, type ToolContext } from './tool.js';

/** Counts one tools/call against the caller's limits; throws Problem `rate_limited` when a window is full. */
export type CountCall = () => Promise<unknown>;

/** What initialize tells an agent: every capability, in a few lines (each tool's description says the rest). */
const INSTRUCTIONS = [
  'Spanwise does structural analysis. solve_beam: continuous beams; solve_truss: plane pin-jointed trusses; solve_frame:',
  'rigid-jointed plane frames, first or second order (P-delta) with elastic buckling load factors. Each takes load combinations',
  '(AS1170, ASCE7, EN1990-UK, IS456, BSL-Japan or custom) enveloped at ULS and SLS, pattern loading of chosen cases (beams, frames)',
  'and library sections as materials or spans. section_properties: any section of rectangles, circles and polygons, torsion',
  'included. get_section, search_sections: steel sections of AS4100, AISC, EN10365, BS4, JIS and IS808. render_beam_diagram,',
  'render_truss_diagram, render_frame_diagram: the figures as SVG, or format "png" for an image you can look at. Units: SI (m,',
  'kN, kN/m, kPa, kN.m, GPa, mm4, mm) or imperial (ft, kip, k/ft, ksf, k.ft, ksi, in4, in). Loads NEGATIVE DOWNWARD; applied',
  'moments clockwise positive. Solve answers:',
  'structuredContent without diagram series, at 6 significant digits and with combinations the envelope alone, unless output asks',
  'for more; the text is a short summary. A failed call returns isError with a problem whose `issues` name each field by its path.',
].join(' ');

const listings = new WeakMap<readonly Tool[], ListedTool[]>();

/** The tools/list entries, JSON Schema from the TypeBox definitions, made once per set of tools. */
function listing(tools: readonly Tool[]): ListedTool[] {
  const made = listings.get(tools);
  if (made) return made;
  const listed = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: listedSchema(tool.inputSchema) as ListedTool['inputSchema'],
    // idempotentHint and destructiveHint mean something only when readOnlyHint is false (MCP ToolAnnotations)
    annotations: { readOnlyHint: true, openWorldHint: false },
  }));
  listings.set(tools, listed);
  return listed;
}

export interface McpServerOptions {
  context: ToolContext;
  /** Absent when the service runs without limits. */
  countCall?: CountCall;
  version: string;
  tools?: readonly Tool[];
  log?: (error: unknown) => void;
}

export function createMcpServer(options: McpServerOptions): Server {
  const { context, countCall, tools = TOOLS, log = (e) => console.error(e) } = options;
  const listed = listing(tools);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const server = new Server(
    { name: 'spanwise', title: 'Spanwise', version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${request.params.name}"; the tools are ${tools.map((t) => t.name).join(', ')}.`,
      );
    }
    const baseUrl = context.baseUrl;
    try {
      // A call counts once the caller is known, whatever its outcome (decisions.md 10), so count first.
      await countCall?.();
      return toolResult(await tool.call(request.params.arguments ?? {}, context));
    } catch (error) {
      if (error instanceof Problem) return problemResult(error.body(baseUrl));
      log(error);
      return problemResult(new Problem('internal_error', 'The service failed to handle this call.').body(baseUrl));
    }
  });
  return server;
}

export interface McpRouteOptions {
  context: ToolContext;
  /** The engine version the server reports in `initialize`. */
  version: string;
  log?: (error: unknown) => void;
}

export function mcpRoute(options: McpRouteOptions): Middleware {
  return async function mcp(ctx) {
    // The access middleware leaves countCall on ctx.state for /mcp; without access control calls are not counted.
    const access = ctx.state as { countCall?: CountCall };
    const countCall: CountCall | undefined =
      access.countCall &&
      (async () => {
        try {
          return await access.countCall!();
        } catch (error) {
          // A 429 travels inside the JSON-RPC result; its Retry-After and X-RateLimit-* still go on the response.
          if (error instanceof Problem) ctx.set(error.headers);
          throw error;
        }
      });
    const server = createMcpServer({
      context: options.context,
      version: options.version,
      ...(countCall && { countCall }),
      ...(options.log && { log: options.log }),
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    await server.connect(transport);
    ctx.res.on('close', () => {
      void transport.close();
      void server.close();
    });
    // From here the transport writes the response itself; Koa must not.
    ctx.respond = false;
    await transport.handleRequest(ctx.req, ctx.res);
  };
}

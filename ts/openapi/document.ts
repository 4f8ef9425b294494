/**
 * GET /v1/openapi.json: the OpenAPI 3.1.0 document, built from the TypeBox schemas that validate requests
 * (ts/schema) and describe responses (ts/schema/responses.ts), so it cannot drift from what the service checks.
 * Each operation lists every status it answers with; the contract test produces each one.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import { BeamSolveRequest } from '../schema/beam.js';
import { BeamDiagramRequest, FrameDiagramRequest, TrussDiagramRequest } from '../schema/diagram.js';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema.js';
import {
  BeamSolveResponse,
  FrameSolveResponse,
  HealthResponse,
  JsonRpcError,
  JsonRpcMessage,
  JsonRpcResponse,
  OpenApiDocumentHead,
  ProblemDetails,
  SectionListResponse,
  SectionLookupResponse,
  StandardsListing,
  TrussSolveResponse,
} from '../schema/responses.js';
import { SectionDiagramRequest, SectionPropertiesRequest, SectionPropertiesResponse } from '../schema/section-properties.js';
import { FrameSolveRequest } from '../schema/frame.js';
import { TrussSolveRequest } from '../schema/truss.js';
import { MAX_BODY_BYTES } from '../server/middleware/body.js';
import { problemTitle, type ProblemCode } from '../problem/index.js';
import type { Example } from './examples.js';
import { bucklingProblemExamples } from './frame-analysis-examples.js';

export const API_VERSION = '1.0.0';

/** Named schemas of components.schemas; operations refer to them by name, the contract test checks against them. */
export const COMPONENT_SCHEMAS = {
  BeamSolveRequest,
  BeamSolveResponse,
  BeamDiagramRequest,
  TrussSolveRequest,
  TrussSolveResponse,
  TrussDiagramRequest,
  FrameDiagramRequest,
  FrameSolveRequest,
  FrameSolveResponse,
  SectionPropertiesRequest,
  SectionPropertiesResponse,
  SectionDiagramRequest,
  Problem: ProblemDetails,
  HealthResponse,
  StandardsListing,
  SectionListResponse,
  SectionLookupResponse,
  JsonRpcMessage,
  JsonRpcResponse,
  JsonRpcError,
  OpenApiDocument: OpenApiDocumentHead,
} satisfies Record<string, TSchema>;
export type SchemaName = keyof typeof COMPONENT_SCHEMAS;

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** How a caller is identified and counted (decisions.md 10). */
export type Access = 'open' | 'counted' | 'mcp';

export type Reply =
  | { kind: 'json'; schema: SchemaName; description: string }
  | { kind: 'svg'; description: string }
  | { kind: 'problem'; code: ProblemCode; description?: string; examples?: Record<string, Example> }
  | { kind: 'jsonrpc-error'; description: string }
  | { kind: 'empty'; description: string };

/** What the document says of one operation; the route table (ts/server/routes/table.ts) holds one per route. */
export interface OperationDoc {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  parameters?: { path?: string[]; schema: TObject };
  body?: { schema: SchemaName; examples: Record<string, Example> };
  responses: Record<number, Reply>;
  /** Responses that carry an ETag and answer If-None-Match with 304. */
  etag?: boolean;
}

/** A route as the document sees it: its method, its path template (`/v1/sections/{name}`), who may call, and what it says. */
export interface DocumentedRoute {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  /** Absent for routes that are not part of the API (the calculator's pages). */
  doc?: OperationDoc;
}

type Operation = OperationDoc & { method: 'get' | 'post'; path: string; access: Access };

export const problem = (code: ProblemCode, description?: string): Reply => ({ kind: 'problem', code, ...(description && { description }) });

/** The statuses every counted endpoint shares: a bad key, a full window, and the counter store away. */
export const COUNTED_REFUSALS = {
  401: problem('unauthorized', 'The Authorization header is not "Bearer <valid key>", or the request carries more than one.'),
  429: problem('rate_limited', 'A rate-limit window is full; Retry-After says when it resets.'),
  503: problem(
    'service_unavailable',
    'The shared counter store is unreachable or does not answer within 1 s (fail closed), or every engine thread is busy and too many ' +
      'requests wait; Retry-After says when to try again.',
  ),
} as const;

/** What a route that runs the engine may answer beyond its own refusals: an engine fault, counted (issue 31). */
const ENGINE_FAULT = {
  500: problem('internal_error', 'The engine failed on this request and was replaced; the request counts like a served one.'),
} as const;

export const SOLVE_REFUSALS = {
  400: problem('invalid_input', 'The body is not JSON, fails the schema, or fails a check beyond it; issues[] lists each field.'),
  ...COUNTED_REFUSALS,
  413: problem('payload_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`),
  422: problem(
    'unstable_structure',
    'The structure is a mechanism (unstable_structure), the engine rejected the model (engine_error), or the model is too costly: ' +
      'its analysis ran past the 5 s a request may take (engine_error).',
  ),
  ...ENGINE_FAULT,
} as const;

/** A frame's refusals: as every solve's, and in second order the loads past the critical load (decisions.md 18). */
export const FRAME_REFUSALS = {
  ...SOLVE_REFUSALS,
  422: {
    ...SOLVE_REFUSALS[422],
    description:
      `${SOLVE_REFUSALS[422].description} In second order (analysis.order), an arrangement at or past its elastic critical load is ` +
      'unstable_structure with mechanism {kind: "buckling", combination, factor, hint}; one that does not converge, engine_error.',
    examples: bucklingProblemExamples,
  },
} as const;

/** Every fault of a section is a 400 naming its shape; a 422 only for a section too costly to measure in time. */
export const SECTION_REFUSALS = {
  400: problem(
    'invalid_input',
    'The body fails the schema, or a shape is unusable: fewer than 3 distinct points, no area, a polygon crossing itself, a void ' +
      'outside every solid, or voids removing all the material; issues[] names each shape.',
  ),
  ...COUNTED_REFUSALS,
  413: problem('payload_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`),
  422: problem('engine_error', 'The section is too costly: measuring it ran past the 5 s a request may take.'),
  ...ENGINE_FAULT,
} as const;

const PROBLEM_JSON = 'application/problem+json';

function responseObject(status: number, reply: Reply, op: Operation): JsonSchema {
  const headers: JsonSchema = { 'X-Engine-Version': header('X-Engine-Version') };
  const counted = op.access === 'counted' && status !== 401 && status !== 413 && status !== 503;
  if (counted || (op.access === 'mcp' && status === 200)) {
    Object.assign(headers, {
      'X-RateLimit-Window': header('X-RateLimit-Window'),
      'X-RateLimit-Limit': header('X-RateLimit-Limit'),
      'X-RateLimit-Remaining': header('X-RateLimit-Remaining'),
    });
  }
  if (status === 429 || status === 503) headers['Retry-After'] = header('Retry-After');
  if (status === 401) headers['WWW-Authenticate'] = header('WWW-Authenticate');
  if (op.etag && status === 200) headers.ETag = header('ETag');

  switch (reply.kind) {
    case 'json':
      return { description: reply.description, headers, content: { 'application/json': { schema: ref(reply.schema) } } };
    case 'svg':
      // the same figure rasterised when Accept prefers image/png (decisions.md 23); raw bytes, so no schema
      return {
        description: `${reply.description} With \`Accept: image/png\` the same figure as a PNG image of the requested width and height.`,
        headers,
        content: { 'image/svg+xml': { schema: { type: 'string' } }, 'image/png': {} },
      };
    case 'problem':
      return {
        description: `${problemTitle[reply.code]} (\`${reply.code}\`)${reply.description ? `: ${reply.description}` : '.'}`,
        headers,
        content: { [PROBLEM_JSON]: { schema: ref('Problem'), ...(reply.examples && { examples: reply.examples }) } },
      };
    case 'jsonrpc-error':
      return { description: reply.description, headers, content: { 'application/json': { schema: ref('JsonRpcError') } } };
    case 'empty':
      return { description: reply.description, headers };
  }
}

function parameters(op: Operation): JsonSchema[] {
  const list: JsonSchema[] = [];
  if (op.parameters) {
    const inPath = new Set(op.parameters.path ?? []);
    const required = new Set(op.parameters.schema.required ?? []);
    for (const [name, schema] of Object.entries(op.parameters.schema.properties)) {
      const json = toJsonSchema(schema);
      const { description, ...rest } = json;
      list.push({
        name,
        in: inPath.has(name) ? 'path' : 'query',
        required: inPath.has(name) || required.has(name),
        description,
        schema: rest,
      });
    }
  }
  if (op.etag) list.push({ $ref: '#/components/parameters/IfNoneMatch' });
  return list;
}

function operationObject(op: Operation): JsonSchema {
  const responses: JsonSchema = {};
  for (const [status, reply] of Object.entries(op.responses)) responses[status] = responseObject(Number(status), reply, op);
  if (op.etag) {
    responses['304'] = {
      description: 'If-None-Match holds the current ETag: no body.',
      headers: { ETag: header('ETag'), 'X-Engine-Version': header('X-Engine-Version') },
    };
  }
  const params = parameters(op);
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    // `{}` first: no credentials at all is a valid way in (the anonymous tier).
    security: op.access === 'open' ? [] : [{}, { bearerKey: [] }],
    ...(params.length > 0 && { parameters: params }),
    ...(op.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref(op.body.schema), examples: op.body.examples } },
      },
    }),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

const COMPONENT_HEADERS = {
  'X-Engine-Version': { description: 'Solver build: crate version + 12-character source revision.', schema: { type: 'string' } },
  'X-RateLimit-Window': {
    description: 'The most constraining window of the caller (day or month); on a 429 the window that is full (burst, day or month).',
    schema: { type: 'string', enum: ['burst', 'day', 'month'] },
  },
  'X-RateLimit-Limit': integerHeader('Cap of that window.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in that window (approximate).'),
  'Retry-After': integerHeader('Whole seconds until the full window resets (UTC), or before trying again while the counter store is away.'),
  'WWW-Authenticate': { description: 'The Bearer challenge.', schema: { type: 'string' } },
  ETag: { description: 'Strong hash of the body.', schema: { type: 'string' } },
};

/** The document of the routes that carry a `doc` (every API route of the table). */
export function buildOpenApiDocument(baseUrl: string, routes: readonly DocumentedRoute[]): JsonSchema {
  const paths: JsonSchema = {};
  for (const route of routes) {
    if (route.doc === undefined) continue;
    const item = (paths[route.path] ??= {}) as JsonSchema;
    const method = route.method === 'GET' ? 'get' : 'post';
    item[method] = operationObject({ ...route.doc, method, path: route.path, access: route.access });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Spanwise API',
      version: API_VERSION,
      summary: 'Beams, trusses, frames, steel sections, load combinations and SVG diagrams.',
      description:
        'Every request takes `units`: SI (m, kN, kN/m, kPa, kN.m, GPa, mm4, mm) or imperial (ft, kip, k/ft, ksf, k.ft, ksi, in4, in). ' +
        'Loads are negative downward; applied moments clockwise positive; settlement down negative. Results: reactions up positive, ' +
        'reaction moments clockwise positive, bending moment sagging positive, deflection up positive. Errors are problem+json ' +
        '(RFC 9457). A key is optional: without one the caller is on the anonymous tier, counted per client address.',
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: 'beam', description: 'Continuous beams.' },
      { name: 'truss', description: 'Plane pin-jointed trusses.' },
      { name: 'frame', description: 'Plane rigid-jointed frames of beam-columns.' },
      { name: 'section-properties', description: 'Properties and figures of sections built from shapes.' },
      { name: 'sections', description: 'The steel section library.' },
      { name: 'service', description: 'Liveness and this document.' },
      { name: 'mcp', description: 'The same capabilities as MCP tools, for AI agents.' },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, toJsonSchema(schema)])),
      securitySchemes: {
        bearerKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Optional API key, `Authorization: Bearer sw_live_...`; without it the anonymous tier applies.',
        },
      },
      headers: COMPONENT_HEADERS,
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'An ETag from an earlier response: 304 with no body when it still holds.',
          schema: { type: 'string' },
        },
      },
    },
  };
}

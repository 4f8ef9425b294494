/**
 * GET /v1/openapi.json: the OpenAPI 3.1.0 document, built from the TypeBox schemas that validate requests
 * (ts/schema) and describe responses (ts/schema/responses.ts), so it cannot drift from what the service checks.
 * Each operation lists every status it answers with; the contract test produces each one.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import { BeamSolveRequest } from '../schema/beam.js';
import { BeamDiagramRequest, TrussDiagramRequest } from '../schema/diagram.js';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema.js';
import {
  BeamSolveResponse,
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
import { SectionListQuery, SectionLookupQuery } from '../schema/sections.js';
import { TrussSolveRequest } from '../schema/truss.js';
import { MAX_BODY_BYTES } from '../server/middleware/body.js';
import { problemTitle, type ProblemCode } from '../problem/index.js';
import { beamDiagramExamples, beamSolveExamples, mcpExamples, trussDiagramExamples, trussSolveExamples, type Example } from './examples.js';
import { sectionDiagramExamples, sectionPropertiesExamples } from './section-examples.js';

export const API_VERSION = '1.0.0';

/** Named schemas of components.schemas; operations refer to them by name, the contract test checks against them. */
export const COMPONENT_SCHEMAS = {
  BeamSolveRequest,
  BeamSolveResponse,
  BeamDiagramRequest,
  TrussSolveRequest,
  TrussSolveResponse,
  TrussDiagramRequest,
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
type Access = 'open' | 'counted' | 'mcp';

type Reply =
  | { kind: 'json'; schema: SchemaName; description: string }
  | { kind: 'svg'; description: string }
  | { kind: 'problem'; code: ProblemCode; description?: string }
  | { kind: 'jsonrpc-error'; description: string }
  | { kind: 'empty'; description: string };

interface Operation {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  access: Access;
  parameters?: { path?: string[]; schema: TObject };
  body?: { schema: SchemaName; examples: Record<string, Example> };
  responses: Record<number, Reply>;
  /** Responses that carry an ETag and answer If-None-Match with 304. */
  etag?: boolean;
}

const problem = (code: ProblemCode, description?: string): Reply => ({ kind: 'problem', code, ...(description && { description }) });

/** The statuses every counted endpoint shares: a bad key, and a full window. */
const COUNTED_REFUSALS = {
  401: problem('unauthorized', 'The Authorization header is not "Bearer <valid key>".'),
  429: problem('rate_limited', 'A rate-limit window is full; Retry-After says when it resets.'),
} as const;

const SOLVE_REFUSALS = {
  400: problem('invalid_input', 'The body is not JSON, fails the schema, or fails a check beyond it; issues[] lists each field.'),
  ...COUNTED_REFUSALS,
  413: problem('payload_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`),
  422: problem('unstable_structure', 'The structure is a mechanism (unstable_structure), or the engine rejected the model (engine_error).'),
} as const;

/** Section properties have no 422: every fault of a section is a 400 naming its shape. */
const SECTION_REFUSALS = {
  400: problem(
    'invalid_input',
    'The body fails the schema, or a shape is unusable: fewer than 3 distinct points, no area, a polygon crossing itself, a void ' +
      'outside every solid, or voids removing all the material; issues[] names each shape.',
  ),
  ...COUNTED_REFUSALS,
  413: problem('payload_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`),
} as const;

const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/v1/health',
    operationId: 'health',
    tag: 'service',
    summary: 'Liveness',
    description: 'Whether the service is up, and the engine build it runs.',
    access: 'open',
    responses: { 200: { kind: 'json', schema: 'HealthResponse', description: 'The service is up.' } },
  },
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'openapi',
    tag: 'service',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of the service, generated from the schemas that validate requests.',
    access: 'open',
    responses: { 200: { kind: 'json', schema: 'OpenApiDocument', description: 'The OpenAPI 3.1.0 document.' } },
  },
  {
    method: 'post',
    path: '/v1/beam/solve',
    operationId: 'solveBeam',
    tag: 'beam',
    summary: 'Solve a multi-span beam',
    description:
      'Reactions, shear, moment, rotation and deflection diagrams and exact extremes of a continuous beam; with `combinations`, ' +
      'also the envelope over a design standard\'s combinations. Loads are negative downward; applied moments clockwise positive.',
    access: 'counted',
    body: { schema: 'BeamSolveRequest', examples: beamSolveExamples },
    responses: { 200: { kind: 'json', schema: 'BeamSolveResponse', description: 'The solved beam.' }, ...SOLVE_REFUSALS },
  },
  {
    method: 'post',
    path: '/v1/beam/diagram',
    operationId: 'drawBeam',
    tag: 'beam',
    summary: 'Draw a beam as SVG',
    description:
      'Solves the beam and draws the chosen view: problem, setup (default), results, or the shear, moment and deflection charts. ' +
      'The SVG document ends with a one-line attribution comment.',
    access: 'counted',
    body: { schema: 'BeamDiagramRequest', examples: beamDiagramExamples },
    responses: { 200: { kind: 'svg', description: 'The SVG document.' }, ...SOLVE_REFUSALS },
  },
  {
    method: 'post',
    path: '/v1/truss/solve',
    operationId: 'solveTruss',
    tag: 'truss',
    summary: 'Solve a plane truss',
    description:
      'Reactions, member axial forces (tension positive) and node displacements of a pin-jointed plane truss; materials may name ' +
      'a library section. With `combinations`, also the envelope. fy is negative downward.',
    access: 'counted',
    body: { schema: 'TrussSolveRequest', examples: trussSolveExamples },
    responses: { 200: { kind: 'json', schema: 'TrussSolveResponse', description: 'The solved truss.' }, ...SOLVE_REFUSALS },
  },
  {
    method: 'post',
    path: '/v1/truss/diagram',
    operationId: 'drawTruss',
    tag: 'truss',
    summary: 'Draw a truss as SVG',
    description:
      'Solves the truss and draws the chosen view: problem, or results (default; member forces coloured tension red, compression ' +
      'blue, and the deflected shape). The SVG document ends with a one-line attribution comment.',
    access: 'counted',
    body: { schema: 'TrussDiagramRequest', examples: trussDiagramExamples },
    responses: { 200: { kind: 'svg', description: 'The SVG document.' }, ...SOLVE_REFUSALS },
  },
  {
    method: 'post',
    path: '/v1/section-properties',
    operationId: 'sectionProperties',
    tag: 'section-properties',
    summary: 'Properties of a section built from shapes',
    description:
      'Area, centroid, Ix, Iy, Ixy about the centroid, principal axes, radii of gyration, elastic moduli per extreme fibre and the ' +
      'governing Zx, Zy, plastic neutral axes and plastic moduli Sx, Sy, and extents of 1 to 200 rectangles, circles and polygons: ' +
      'solids are unioned, voids removed. SI lengths in mm, imperial in in; y up. J and Cw are not computed.',
    access: 'counted',
    body: { schema: 'SectionPropertiesRequest', examples: sectionPropertiesExamples },
    responses: { 200: { kind: 'json', schema: 'SectionPropertiesResponse', description: 'The section\'s properties.' }, ...SECTION_REFUSALS },
  },
  {
    method: 'post',
    path: '/v1/section-properties/diagram',
    operationId: 'drawSection',
    tag: 'section-properties',
    summary: 'Draw a section as SVG',
    description:
      'The section to scale with its voids, centroid, principal axes, plastic neutral axes and extents. The SVG document ends with a ' +
      'one-line attribution comment.',
    access: 'counted',
    body: { schema: 'SectionDiagramRequest', examples: sectionDiagramExamples },
    responses: { 200: { kind: 'svg', description: 'The SVG document.' }, ...SECTION_REFUSALS },
  },
  {
    method: 'get',
    path: '/v1/standards',
    operationId: 'listStandards',
    tag: 'sections',
    summary: 'The six standards of the section library',
    description: 'Standards with their editions, type families and counts, the total and a coverage note.',
    access: 'counted',
    etag: true,
    responses: {
      200: { kind: 'json', schema: 'StandardsListing', description: 'The standards listing.' },
      400: problem('invalid_input', 'A query parameter was given; this endpoint takes none.'),
      ...COUNTED_REFUSALS,
    },
  },
  {
    method: 'get',
    path: '/v1/sections',
    operationId: 'searchSections',
    tag: 'sections',
    summary: 'Search the section library',
    description: 'Sections matching every filter given, in library order; `total` counts the matches before `limit`.',
    access: 'counted',
    etag: true,
    parameters: { schema: SectionListQuery },
    responses: {
      200: { kind: 'json', schema: 'SectionListResponse', description: 'The matching sections.' },
      400: problem('invalid_input', 'An unknown standard or type, an unknown parameter, or a limit out of range.'),
      ...COUNTED_REFUSALS,
    },
  },
  {
    method: 'get',
    path: '/v1/sections/{name}',
    operationId: 'getSection',
    tag: 'sections',
    summary: 'One section by designation',
    description: 'Exact designation first, then ignoring case and spaces. SI block in mm2, mm4, kg/m, mm; imperial in in2, in4, lb/ft, in.',
    access: 'counted',
    etag: true,
    parameters: { path: ['name'], schema: SectionLookupQuery },
    responses: {
      200: { kind: 'json', schema: 'SectionLookupResponse', description: 'The section.' },
      400: problem('invalid_input', 'An unknown standard or an unknown query parameter.'),
      404: problem('not_found', 'No such section; detail names up to three nearest designations.'),
      ...COUNTED_REFUSALS,
    },
  },
  {
    method: 'post',
    path: '/mcp',
    operationId: 'mcp',
    tag: 'mcp',
    summary: 'Model Context Protocol endpoint',
    description:
      'MCP over Streamable HTTP, stateless (no session id) with JSON responses: initialize, tools/list, tools/call. Tools take the ' +
      'same JSON as the HTTP bodies and return it as structuredContent plus a text copy; a refused call is a result with isError ' +
      'and the problem object. Send `Accept: application/json, text/event-stream`. Each tools/call counts against the caller\'s limits ' +
      'and sets the X-RateLimit-* headers. GET and DELETE are 405.',
    access: 'mcp',
    body: { schema: 'JsonRpcMessage', examples: mcpExamples },
    responses: {
      200: { kind: 'json', schema: 'JsonRpcResponse', description: 'The JSON-RPC response (a tool refusal is a result with isError).' },
      202: { kind: 'empty', description: 'A notification (no id) was accepted.' },
      400: { kind: 'jsonrpc-error', description: 'Not JSON, or not a JSON-RPC message.' },
      401: problem('unauthorized', 'The Authorization header is not "Bearer <valid key>".'),
      406: { kind: 'jsonrpc-error', description: 'The Accept header does not list both application/json and text/event-stream.' },
      413: { kind: 'jsonrpc-error', description: `The body is larger than ${MAX_BODY_BYTES} bytes.` },
      415: { kind: 'jsonrpc-error', description: 'The Content-Type is not application/json.' },
    },
  },
];

const PROBLEM_JSON = 'application/problem+json';

function responseObject(status: number, reply: Reply, op: Operation): JsonSchema {
  const headers: JsonSchema = { 'X-Engine-Version': header('X-Engine-Version') };
  const counted = op.access === 'counted' && status !== 401 && status !== 413;
  if (counted || (op.access === 'mcp' && status === 200)) {
    Object.assign(headers, {
      'X-RateLimit-Window': header('X-RateLimit-Window'),
      'X-RateLimit-Limit': header('X-RateLimit-Limit'),
      'X-RateLimit-Remaining': header('X-RateLimit-Remaining'),
    });
  }
  if (status === 429) headers['Retry-After'] = header('Retry-After');
  if (status === 401) headers['WWW-Authenticate'] = header('WWW-Authenticate');
  if (op.etag && status === 200) headers.ETag = header('ETag');

  switch (reply.kind) {
    case 'json':
      return { description: reply.description, headers, content: { 'application/json': { schema: ref(reply.schema) } } };
    case 'svg':
      return { description: reply.description, headers, content: { 'image/svg+xml': { schema: { type: 'string' } } } };
    case 'problem':
      return {
        description: `${problemTitle[reply.code]} (\`${reply.code}\`)${reply.description ? `: ${reply.description}` : '.'}`,
        headers,
        content: { [PROBLEM_JSON]: { schema: ref('Problem') } },
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
    responses['304'] = { description: 'If-None-Match holds the current ETag: no body.', headers: { ETag: header('ETag'), 'X-Engine-Version': header('X-Engine-Version') } };
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
  'Retry-After': integerHeader('Whole seconds until the full window resets (UTC).'),
  'WWW-Authenticate': { description: 'The Bearer challenge.', schema: { type: 'string' } },
  ETag: { description: 'Strong hash of the body.', schema: { type: 'string' } },
};

export function buildOpenApiDocument(baseUrl: string): JsonSchema {
  const paths: JsonSchema = {};
  for (const op of OPERATIONS) {
    const item = (paths[op.path] ??= {}) as JsonSchema;
    item[op.method] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Spanwise API',
      version: API_VERSION,
      summary: 'Beams, trusses, steel sections, load combinations and SVG diagrams.',
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

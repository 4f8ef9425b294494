/**
 * The route table: every endpoint once, with its method, path, who may call it (open, counted, or MCP
 * with per-call counting), what the OpenAPI document says of it, and its handler. The router, the
 * document and access control are all made from this list (ts/server/app.ts), so access is decided by
 * the route that matched and a new endpoint is one entry here plus its schema and handler.
 *
 * Paths are OpenAPI templates (`/v1/sections/{name}`); the router matches them exactly, case and
 * trailing slash included.
 */
import { finished } from 'node:stream';
import type { Middleware } from 'koa';
import type { Engine } from '../../engine/engine.js';
import { mcpRoute } from '../../mcp/index.js';
import {
  buildOpenApiDocument,
  COUNTED_REFUSALS,
  FRAME_REFUSALS,
  problem,
  SECTION_REFUSALS,
  SOLVE_REFUSALS,
  type DocumentedRoute,
} from '../../openapi/document.js';
import { frameAnalysisExamples } from '../../openapi/frame-analysis-examples.js';
import { sectionDiagramExamples, sectionPropertiesExamples } from '../../openapi/section-examples.js';
import {
  beamDiagramExamples,
  beamSolveExamples,
  frameDiagramExamples,
  frameSolveExamples,
  mcpExamples,
  trussDiagramExamples,
  trussSolveExamples,
} from '../../openapi/examples.js';
import type { SectionLibrary } from '../../sections/library.js';
import { SectionListQuery, SectionLookupQuery } from '../../schema/sections.js';
import type { Compute } from '../compute/settle.js';
import { FIGURE_TASKS, type TaskName } from '../compute/tasks.js';
import { release } from '../compute/release.js';
import { STORE_RETRY_AFTER_S } from '../middleware/access.js';
import { PNG_MIME_TYPE } from '../png.js';
import { MAX_BODY_BYTES } from '../middleware/body.js';
import { METRICS_PATH, type Metrics } from '../middleware/metrics.js';
import { listHandler, lookupHandler, standardsHandler } from './sections.js';
import { problemPageHandler } from './problem-pages.js';
import { calculatorAsset, calculatorPage } from './calculator.js';
import { calculatorIndexHandler, docsHandler, docsViewerHandler, DOCS_VIEWER_PATH, homeHandler } from './front-door.js';

/** What handlers are made from, once per app. */
export interface RouteDeps {
  engine: Engine;
  baseUrl: string;
  /** Where solves, figures and section properties run (the engine pool). */
  compute: Compute;
  sections?: SectionLibrary;
  /** The calculator's built files (dist/calculator: index.html and assets/). */
  calculatorDir: string;
  /** The whole table (the OpenAPI document describes it). */
  routes: readonly Route[];
  /** False while a configured counter store cannot be reached or does not answer a probe in time. */
  countersReachable: () => boolean | Promise<boolean>;
  /** The Prometheus registry GET /metrics answers (middleware/metrics.ts). */
  metrics?: Metrics;
  log?: (error: unknown) => void;
}

export interface Route extends DocumentedRoute {
  /** The last path parameter may span slashes (a designation such as L4X4X1/2, or a calculator asset path). */
  rest?: boolean;
  /** The handler reads the request body itself (the MCP transport); other routes with a `doc.body` get the JSON body reader. */
  readsOwnBody?: boolean;
  /** The route's middleware, or undefined when this app does not serve it (the library routes without a library). */
  handler: (deps: RouteDeps) => Middleware | undefined;
}

/** The router's form of a path template: `{name}` becomes `:name`, or `*name` for a parameter spanning slashes. */
export function routerPath(route: Route): string {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)];
  const last = params.at(-1)?.[1];
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => (route.rest && name === last ? `*${name}` : `:${name}`));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A response body as Koa takes bytes (a Buffer over the same memory, no copy). */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A route that runs an engine task on the request body (read by the JSON body reader before the handler, parsed
 * on the engine thread) and answers its JSON bytes, SVG or PNG.
 */
function computed(name: TaskName): (deps: RouteDeps) => Middleware {
  return ({ compute, baseUrl }) =>
    async (ctx) => {
      // a figure is rasterised (on its engine thread) when `Accept` prefers PNG (decisions.md 23)
      const figure = FIGURE_TASKS.has(name);
      if (figure) ctx.vary('Accept');
      const png = figure && ctx.accepts(SVG_TYPE, PNG_MIME_TYPE) === PNG_MIME_TYPE;
      const json = ctx.state.json as Uint8Array;
      const answer = await compute.run({ name, json, baseUrl, ...(png && { png }) }, `${ctx.method} ${ctx.path}`);
      if (answer.kind === 'svg') {
        ctx.type = SVG_TYPE;
        ctx.body = answer.text;
        return;
      }
      // the header itself: `ctx.type = 'json'` looks the name up in the MIME table on every request
      ctx.set('Content-Type', answer.kind === 'json' ? JSON_TYPE : PNG_MIME_TYPE);
      ctx.body = asBuffer(answer.bytes);
      // bytes in an engine thread's shared memory are its again once the socket has taken them (or the client left)
      if (answer.kind === 'json' && answer.done) finished(ctx.res, answer.done);
      // bytes moved here are freed once the last of them is written to the socket; an aborted response leaves them
      // to the collector
      else ctx.res.once('finish', () => release(answer.bytes));
    };
}

const SVG_TYPE = 'image/svg+xml';

function health({ engine, compute, countersReachable }: RouteDeps): Middleware {
  return async (ctx) => {
    const ok = await countersReachable();
    // A load balancer takes the instance out while it cannot count requests (every counted one would be a 503).
    ctx.status = ok ? 200 : 503;
    if (!ok) ctx.set('Retry-After', String(STORE_RETRY_AFTER_S));
    ctx.body = {
      ok,
      engineVersion: engine.version,
      timestamp: new Date().toISOString(),
      engine: compute.status(),
      ...(!ok && { detail: 'The shared counter store is unreachable or not answering; counted requests are refused until it is back.' }),
    };
  };
}

function openApi({ baseUrl, routes }: RouteDeps): Middleware {
  const text = JSON.stringify(buildOpenApiDocument(baseUrl, routes));
  return (ctx) => {
    ctx.type = JSON_TYPE;
    ctx.body = text;
  };
}

export const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/v1/health',
    access: 'open',
    handler: health,
    doc: {
      operationId: 'health',
      tag: 'service',
      summary: 'Liveness',
      description: 'Whether the service is up and can count requests, and the engine build it runs.',
      responses: {
        200: { kind: 'json', schema: 'HealthResponse', description: 'The service is up.' },
        503: {
          kind: 'json',
          schema: 'HealthResponse',
          description: 'The configured counter store (Redis) is unreachable: `ok` is false and `detail` says so.',
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/openapi.json',
    access: 'open',
    handler: openApi,
    doc: {
      operationId: 'openapi',
      tag: 'service',
      summary: 'This document',
      description: 'The OpenAPI 3.1 description of the service, generated from the schemas that validate requests.',
      responses: { 200: { kind: 'json', schema: 'OpenApiDocument', description: 'The OpenAPI 3.1.0 document.' } },
    },
  },
  // The page each problem `type` URI names; not part of the API document, not counted.
  { method: 'GET', path: '/problems/{code}', access: 'open', handler: ({ baseUrl }) => problemPageHandler(baseUrl) },
  // The front door (decisions.md 23): pages for people, open, not counted, not part of the API document.
  { method: 'GET', path: '/', access: 'open', handler: ({ baseUrl, engine }) => homeHandler(baseUrl, engine.version) },
  { method: 'GET', path: '/docs', access: 'open', handler: docsHandler },
  { method: 'GET', path: DOCS_VIEWER_PATH, access: 'open', handler: docsViewerHandler },
  { method: 'GET', path: '/calculator', access: 'open', handler: ({ engine }) => calculatorIndexHandler(engine.version) },
  // Operations (docs/operations.md): Prometheus metrics, open and uncounted, not part of the API document.
  { method: 'GET', path: METRICS_PATH, access: 'open', handler: ({ metrics }) => metrics?.handler },
  // The calculator links.view leads to (decisions.md 16): static files, not part of the API document, not counted.
  { method: 'GET', path: '/calculator/{kind}', access: 'open', handler: ({ calculatorDir }) => calculatorPage(calculatorDir) },
  {
    method: 'GET',
    path: '/calculator/assets/{file}',
    access: 'open',
    rest: true,
    handler: ({ calculatorDir }) => calculatorAsset(calculatorDir),
  },
  {
    method: 'POST',
    path: '/v1/beam/solve',
    access: 'counted',
    handler: computed('beam.solve'),
    doc: {
      operationId: 'solveBeam',
      tag: 'beam',
      summary: 'Solve a multi-span beam',
      description:
        'Reactions, shear, moment, rotation and deflection diagrams and exact extremes of a continuous beam; with `combinations`, ' +
        "also the envelope over a design standard's combinations. Loads are negative downward; applied moments clockwise positive.",
      body: { schema: 'BeamSolveRequest', examples: beamSolveExamples },
      responses: { 200: { kind: 'json', schema: 'BeamSolveResponse', description: 'The solved beam.' }, ...SOLVE_REFUSALS },
    },
  },
  {
    method: 'POST',
    path: '/v1/beam/diagram',
    access: 'counted',
    handler: computed('beam.diagram'),
    doc: {
      operationId: 'drawBeam',
      tag: 'beam',
      summary: 'Draw a beam as SVG',
      description:
        'Solves the beam and draws the chosen view: problem, setup (default), results, or the shear, moment and deflection charts. ' +
        'The SVG document ends with a one-line attribution comment.',
      body: { schema: 'BeamDiagramRequest', examples: beamDiagramExamples },
      responses: { 200: { kind: 'svg', description: 'The SVG document.' }, ...SOLVE_REFUSALS },
    },
  },
  {
    method: 'POST',
    path: '/v1/truss/solve',
    access: 'counted',
    handler: computed('truss.solve'),
    doc: {
      operationId: 'solveTruss',
      tag: 'truss',
      summary: 'Solve a plane truss',
      description:
        'Reactions, member axial forces (tension positive) and node displacements of a pin-jointed plane truss; materials may name ' +
        'a library section. With `combinations`, also the envelope. fy is negative downward.',
      body: { schema: 'TrussSolveRequest', examples: trussSolveExamples },
      responses: { 200: { kind: 'json', schema: 'TrussSolveResponse', description: 'The solved truss.' }, ...SOLVE_REFUSALS },
    },
  },
  {
    method: 'POST',
    path: '/v1/truss/diagram',
    access: 'counted',
    handler: computed('truss.diagram'),
    doc: {
      operationId: 'drawTruss',
      tag: 'truss',
      summary: 'Draw a truss as SVG',
      description:
        'Solves the truss and draws the chosen view: problem, or results (default; member forces coloured tension red, compression ' +
        'blue, and the deflected shape). The SVG document ends with a one-line attribution comment.',
      body: { schema: 'TrussDiagramRequest', examples: trussDiagramExamples },
      responses: { 200: { kind: 'svg', description: 'The SVG document.' }, ...SOLVE_REFUSALS },
    },
  },
  {
    method: 'POST',
    path: '/v1/frame/solve',
    access: 'counted',
    handler: computed('frame.solve'),
    doc: {
      operationId: 'solveFrame',
      tag: 'frame',
      summary: 'Solve a plane frame',
      description:
        'Reactions, joint displacements and rotations, and for each member its end forces, exact extremes and axial, shear, moment ' +
        "and deflection diagrams in local axes (x' from start to end, y' turned 90 degrees counter-clockwise; beam conventions read " +
        "along x'), of a rigid-jointed plane frame with optional end moment releases; materials may name a library section. With " +
        '`combinations`, also the envelope. fy and global-y loads are negative downward; moments clockwise positive. `analysis` ' +
        'asks for a second-order analysis (P-Δ and P-δ, exact beam-column members) and the lowest elastic critical load factors.',
      body: { schema: 'FrameSolveRequest', examples: { ...frameSolveExamples, ...frameAnalysisExamples } },
      responses: { 200: { kind: 'json', schema: 'FrameSolveResponse', description: 'The solved frame.' }, ...FRAME_REFUSALS },
    },
  },
  {
    method: 'POST',
    path: '/v1/frame/diagram',
    access: 'counted',
    handler: computed('frame.diagram'),
    doc: {
      operationId: 'drawFrame',
      tag: 'frame',
      summary: 'Draw a plane frame as SVG',
      description:
        'Solves the frame and draws the chosen view: problem (geometry, hinges, supports, loads), results (default: reactions and ' +
        'the deflected shape), deflected (the deflected shape magnified), or the axial, shear and moment diagrams drawn on the ' +
        "frame's geometry (moment on the tension side), or buckling (a mode shape and its critical factor). The SVG document ends with " +
        'a one-line attribution comment.',
      body: { schema: 'FrameDiagramRequest', examples: frameDiagramExamples },
      responses: { 200: { kind: 'svg', description: 'The SVG document.' }, ...FRAME_REFUSALS },
    },
  },

  {
    method: 'POST',
    path: '/v1/section-properties',
    access: 'counted',
    handler: computed('section.properties'),
    doc: {
      operationId: 'sectionProperties',
      tag: 'section-properties',
      summary: 'Properties of a section built from shapes',
      description:
        'Area, centroid, Ix, Iy, Ixy about the centroid, principal axes, radii of gyration, elastic moduli per extreme fibre and the ' +
        'governing Zx, Zy, plastic neutral axes and plastic moduli Sx, Sy, and extents of 1 to 200 rectangles, circles and polygons: ' +
        'solids are unioned, voids removed. SI lengths in mm, imperial in in; y up. J, Cw and the shear centre by finite elements, with an error estimate in notes (torsion: false skips them).',
      body: { schema: 'SectionPropertiesRequest', examples: sectionPropertiesExamples },
      responses: {
        200: { kind: 'json', schema: 'SectionPropertiesResponse', description: "The section's properties." },
        ...SECTION_REFUSALS,
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/section-properties/diagram',
    access: 'counted',
    handler: computed('section.diagram'),
    doc: {
      operationId: 'drawSection',
      tag: 'section-properties',
      summary: 'Draw a section as SVG',
      description:
        'The section to scale with its voids, centroid, principal axes, plastic neutral axes and extents. The SVG document ends with a ' +
        'one-line attribution comment.',
      body: { schema: 'SectionDiagramRequest', examples: sectionDiagramExamples },
      responses: { 200: { kind: 'svg', description: 'The SVG document.' }, ...SECTION_REFUSALS },
    },
  },
  {
    method: 'GET',
    path: '/v1/standards',
    access: 'counted',
    handler: ({ sections }) => sections && standardsHandler(sections),
    doc: {
      operationId: 'listStandards',
      tag: 'sections',
      summary: 'The six standards of the section library',
      description: 'Standards with their editions, type families and counts, the total and a coverage note.',
      etag: true,
      responses: {
        200: { kind: 'json', schema: 'StandardsListing', description: 'The standards listing.' },
        400: problem('invalid_input', 'A query parameter was given; this endpoint takes none.'),
        ...COUNTED_REFUSALS,
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/sections',
    access: 'counted',
    handler: ({ sections }) => sections && listHandler(sections),
    doc: {
      operationId: 'searchSections',
      tag: 'sections',
      summary: 'Search the section library',
      description: 'Sections matching every filter given, in library order; `total` counts the matches before `limit`.',
      etag: true,
      parameters: { schema: SectionListQuery },
      responses: {
        200: { kind: 'json', schema: 'SectionListResponse', description: 'The matching sections.' },
        400: problem('invalid_input', 'An unknown standard or type, an unknown parameter, or a limit out of range.'),
        ...COUNTED_REFUSALS,
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/sections/{name}',
    access: 'counted',
    rest: true,
    handler: ({ sections }) => sections && lookupHandler(sections),
    doc: {
      operationId: 'getSection',
      tag: 'sections',
      summary: 'One section by designation',
      description:
        'Exact designation first, then ignoring case and spaces. SI block in mm2, mm4, kg/m, mm; imperial in in2, in4, lb/ft, in.',
      etag: true,
      parameters: { path: ['name'], schema: SectionLookupQuery },
      responses: {
        200: { kind: 'json', schema: 'SectionLookupResponse', description: 'The section.' },
        400: problem('invalid_input', 'An unknown standard or an unknown query parameter.'),
        404: problem('not_found', 'No such section; detail names up to three nearest designations.'),
        ...COUNTED_REFUSALS,
      },
    },
  },
  {
    method: 'POST',
    path: '/mcp',
    access: 'mcp',
    readsOwnBody: true,
    handler: ({ engine, compute, baseUrl, sections, log }) =>
      mcpRoute({ context: { compute, baseUrl, ...(sections && { sections }) }, version: engine.version, ...(log && { log }) }),
    doc: {
      operationId: 'mcp',
      tag: 'mcp',
      summary: 'Model Context Protocol endpoint',
      description:
        'MCP over Streamable HTTP, stateless (no session id) with JSON responses: initialize, tools/list, tools/call. Tools take the ' +
        'same JSON as the HTTP bodies and return it as structuredContent plus a text copy; a refused call is a result with isError ' +
        "and the problem object. Send `Accept: application/json, text/event-stream`. Each tools/call counts against the caller's limits " +
        'and sets the X-RateLimit-* headers. GET and DELETE are 405.',
      body: { schema: 'JsonRpcMessage', examples: mcpExamples },
      responses: {
        200: { kind: 'json', schema: 'JsonRpcResponse', description: 'The JSON-RPC response (a tool refusal is a result with isError).' },
        202: { kind: 'empty', description: 'A notification (no id) was accepted.' },
        400: { kind: 'jsonrpc-error', description: 'Not JSON, or not a JSON-RPC message.' },
        401: problem('unauthorized', 'The Authorization header is not "Bearer <valid key>".'),
        503: COUNTED_REFUSALS[503],
        406: { kind: 'jsonrpc-error', description: 'The Accept header does not list both application/json and text/event-stream.' },
        413: { kind: 'jsonrpc-error', description: `The body is larger than ${MAX_BODY_BYTES} bytes.` },
        415: { kind: 'jsonrpc-error', description: 'The Content-Type is not application/json.' },
      },
    },
  },
];

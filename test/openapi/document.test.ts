/**
 * GET /v1/openapi.json: a valid OpenAPI 3.1.0 document (checked by an OpenAPI schema validator from npm), made
 * from the TypeBox schemas that validate requests, and whose every request example the service accepts.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../ts/server/routes/table.js';
import { buildOpenApiDocument } from '../../ts/openapi/index.js';
import { BeamSolveRequest } from '../../ts/schema/beam.js';
import { toJsonSchema } from '../../ts/schema/json-schema.js';
import { SectionListQuery } from '../../ts/schema/sections.js';
import { BASE_URL, MCP_HEADERS, startService, type RunningService } from '../mcp/service.js';
import { violations } from './schemas.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking a JSON document

let service: RunningService;
let served: Json;

beforeAll(async () => {
  service = await startService();
  const res = await fetch(`${service.url}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  // Not a counted endpoint (decisions.md 10).
  expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  served = (await res.json()) as Json;
});
afterAll(() => service.close());

describe('the document', () => {
  it('is valid OpenAPI 3.1 by the OpenAPI schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(served);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is OpenAPI 3.1.0, interface version 1.0.0, built for the public base URL', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served.info.version).toBe('1.0.0');
    expect(served.servers).toEqual([{ url: BASE_URL }]);
    expect(served).toEqual(buildOpenApiDocument(BASE_URL, ROUTES));
  });

  it('describes request bodies and parameters with the very schemas that validate them', () => {
    expect(served.components.schemas.BeamSolveRequest).toEqual(toJsonSchema(BeamSolveRequest));
    const solve = served.paths['/v1/beam/solve'].post;
    expect(solve.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/BeamSolveRequest' });
    const search = served.paths['/v1/sections'].get.parameters as Json[];
    const query = search.filter((p) => p.in === 'query');
    expect(query.map((p) => p.name)).toEqual(Object.keys(SectionListQuery.properties));
    expect(query.find((p) => p.name === 'limit')?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 500, default: 50 });
  });

  it('documents output on the three solve bodies, with an example of it each (decisions.md 22)', () => {
    for (const kind of ['Beam', 'Truss', 'Frame']) {
      const output = served.components.schemas[`${kind}SolveRequest`].properties.output as Json;
      expect(output.properties.diagrams).toMatchObject({ type: 'boolean', default: true });
      expect(output.properties.precision).toMatchObject({ type: 'integer', minimum: 3, maximum: 15, default: 15 });
      const examples = served.paths[`/v1/${kind.toLowerCase()}/solve`].post.requestBody.content['application/json'].examples as Json;
      expect(
        Object.values(examples).some((e) => (e as Json).value.output !== undefined),
        kind,
      ).toBe(true);
    }
  });

  it('documents the PNG answer of every diagram route beside the SVG, with a PNG example (decisions.md 23)', () => {
    for (const path of ['/v1/beam/diagram', '/v1/truss/diagram', '/v1/frame/diagram', '/v1/section-properties/diagram']) {
      const ok = served.paths[path].post.responses['200'] as Json;
      expect(Object.keys(ok.content), path).toEqual(['image/svg+xml', 'image/png']);
      expect(ok.description, path).toMatch(/Accept: image\/png/);
    }
    for (const path of ['/v1/beam/diagram', '/v1/truss/diagram', '/v1/frame/diagram']) {
      const examples = served.paths[path].post.requestBody.content['application/json'].examples as Json;
      expect(examples.png?.summary, path).toMatch(/Accept: image\/png/);
    }
  });

  it('offers the bearer key as optional on counted endpoints and asks none of health and the document', () => {
    expect(served.components.securitySchemes.bearerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(served.paths['/v1/beam/solve'].post.security).toEqual([{}, { bearerKey: [] }]);
    expect(served.paths['/v1/health'].get.security).toEqual([]);
    expect(served.paths['/v1/openapi.json'].get.security).toEqual([]);
  });

  it('documents the rate-limit headers on counted responses and Retry-After on 429', () => {
    const solve = served.paths['/v1/beam/solve'].post.responses;
    expect(Object.keys(solve['200'].headers)).toEqual(
      expect.arrayContaining(['X-Engine-Version', 'X-RateLimit-Window', 'X-RateLimit-Limit', 'X-RateLimit-Remaining']),
    );
    expect(Object.keys(solve['429'].headers)).toContain('Retry-After');
    expect(solve['400'].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
  });
});

/** Every example of every request body in the document, with where it goes. */
function requestExamples(document: Json): { method: string; path: string; name: string; value: unknown; ok: Json }[] {
  const found = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const examples = (operation as Json).requestBody?.content?.['application/json']?.examples ?? {};
      const ok = (operation as Json).responses['200'] as Json;
      for (const [name, example] of Object.entries(examples as Json))
        found.push({ method, path, name, value: (example as Json).value, ok });
    }
  }
  return found;
}

describe('request examples', () => {
  it('exist for every request body', () => {
    const withBody = Object.entries(served.paths as Json).filter(([, item]) =>
      Object.values(item as Json).some((op) => (op as Json).requestBody),
    );
    for (const [path] of withBody) expect(requestExamples(served).some((e) => e.path === path)).toBe(true);
  });

  it('are each accepted by their endpoint, and answered as the 200 response documents', async () => {
    const examples = requestExamples(served);
    expect(examples.length).toBeGreaterThanOrEqual(6);
    for (const example of examples) {
      const res = await fetch(`${service.url}${example.path}`, {
        method: example.method.toUpperCase(),
        headers: example.path === '/mcp' ? MCP_HEADERS : { 'Content-Type': 'application/json' },
        body: JSON.stringify(example.value),
      });
      expect(res.status, `${example.path} ${example.name}`).toBe(200);
      const [mediaType, media] = Object.entries(example.ok.content as Json)[0] as [string, Json];
      expect(res.headers.get('content-type')?.split(';')[0]).toBe(mediaType);
      const text = await res.text();
      // JSON answers (the envelopes of the combination examples included) must fit the documented schema.
      if (media.schema.$ref) expect(violations(media.schema.$ref as string, JSON.parse(text)), example.name).toEqual([]);
      if (example.path === '/mcp') {
        const reply = JSON.parse(text) as { error?: unknown; result?: CallToolResult };
        expect(reply.error, example.name).toBeUndefined();
        expect(reply.result?.isError, example.name).toBeFalsy();
      }
    }
  });
});

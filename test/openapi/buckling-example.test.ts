/**
 * The OpenAPI document's example of a buckled combination (ts/openapi/frame-analysis-examples.ts) is the service's
 * own answer to its request, and the document shows it under the frame routes' 422.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bucklingProblemExamples, bucklingRequest } from '../../ts/openapi/frame-analysis-examples.js';
import { buildOpenApiDocument } from '../../ts/openapi/index.js';
import { ROUTES } from '../../ts/server/routes/table.js';
import { testApp } from '../support/app.js';

describe('the buckling 422 example', () => {
  it('is what POST /v1/frame/solve answers to its request', async () => {
    const app = await testApp({ baseUrl: 'http://localhost:3000' });
    const res = await request(app.callback()).post('/v1/frame/solve').send(bucklingRequest);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(bucklingProblemExamples.buckled!.value);
  });

  it('is documented under the 422 of both frame routes', () => {
    const document = buildOpenApiDocument('http://localhost:3000', ROUTES) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document
    for (const path of ['/v1/frame/solve', '/v1/frame/diagram']) {
      const content = document.paths[path].post.responses['422'].content['application/problem+json'];
      expect(content.examples.buckled.value.mechanism.kind).toBe('buckling');
    }
  });
});

/** GET /v1/openapi.json: the document is made once per app (it depends only on the public base URL). */
import type Router from '@koa/router';
import { buildOpenApiDocument } from './document.js';

export function openApiRoute(router: Router, baseUrl: string): void {
  const text = JSON.stringify(buildOpenApiDocument(baseUrl));
  router.get('/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = text;
  });
}

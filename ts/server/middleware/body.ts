/**
 * Reads a JSON request body, refusing it with 413 as soon as it passes the limit while it streams in
 * (never buffering an oversized body), and with 400 when it is not JSON.
 */
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { Problem } from '../problem.js';

export const MAX_BODY_BYTES = 102400;

export function jsonBody(limit = MAX_BODY_BYTES): Middleware {
  return async function readJson(ctx, next) {
    if (ctx.method !== 'POST' || !ctx.path.startsWith('/v1/')) return next();
    let raw: string;
    try {
      raw = await getRawBody(ctx.req, { limit, encoding: 'utf8', length: ctx.get('Content-Length') || undefined });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') {
        throw new Problem('payload_too_large', `The body is larger than ${limit} bytes.`);
      }
      throw Problem.invalid([{ path: '', message: 'the body could not be read' }], 'The request body could not be read.');
    }
    if (!ctx.is('application/json')) {
      throw Problem.invalid(
        [{ path: '', message: `Content-Type must be application/json (got ${ctx.get('Content-Type') || 'none'})` }],
        'The request body must be JSON.',
      );
    }
    try {
      ctx.state.body = JSON.parse(raw) as unknown;
    } catch (error) {
      throw Problem.invalid([{ path: '', message: `not valid JSON: ${(error as Error).message}` }], 'The request body is not valid JSON.');
    }
    return next();
  };
}

/**
 * Reads a JSON request body, refusing it with 413 as soon as it passes the limit while it streams in
 * (never buffering an oversized body), and with 400 when it is not JSON. The reader keeps the body's bytes
 * (`ctx.state.json`); `parseJson` reads them where the work is done: on the engine thread for the routes that
 * run the engine, so the main thread neither parses a large model nor copies its object graph to the thread.
 *
 * The reader is a few lines over the request stream rather than a general body parser: bodies here
 * are small JSON, and on a small beam the general parser's decoder and bookkeeping were a visible
 * share of the request.
 */
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { Problem } from '../../problem/index.js';

export const MAX_BODY_BYTES = 102400;

const tooLarge = (limit: number) => new Problem('payload_too_large', `The body is larger than ${limit} bytes.`);
const unreadable = (message: string) => Problem.invalid([{ path: '', message }], 'The request body could not be read.');

/**
 * The body's bytes. A declared length over the limit is refused before reading; a body that grows
 * past it is refused at that chunk, and the rest is left unread. A body of declared length is read into one
 * buffer of its own, which the engine pool can then move to its thread without a copy (compute/pool.ts).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  if (declared !== undefined && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const body = new BodyBytes(declared);
    const finish = (error: Problem | undefined) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (error) {
        req.pause();
        reject(error);
      } else {
        resolve(body.bytes());
      }
    };
    const onData = (chunk: Buffer) => {
      if (body.received + chunk.length > limit) finish(tooLarge(limit));
      else if (!body.add(chunk)) finish(unreadable('the body is longer than its Content-Length'));
    };
    const onEnd = () =>
      finish(declared !== undefined && body.received !== declared ? unreadable('the body is shorter than its Content-Length') : undefined);
    const onError = () => finish(unreadable('the body could not be read'));
    const onAborted = () => finish(unreadable('the client stopped sending the body'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}

/** A body's bytes as they arrive: into one buffer when its length is declared, else kept as chunks. */
class BodyBytes {
  received = 0;
  private readonly whole: Buffer | undefined;
  private readonly chunks: Buffer[] = [];

  constructor(declared: number | undefined) {
    // its own memory, not a slice of Node's shared pool, so that it can move to another thread
    this.whole = declared === undefined ? undefined : Buffer.allocUnsafeSlow(declared);
  }

  /** False when the chunk runs past the declared length. */
  add(chunk: Buffer): boolean {
    if (this.whole) {
      if (this.received + chunk.length > this.whole.length) return false;
      chunk.copy(this.whole, this.received);
    } else {
      this.chunks.push(chunk);
    }
    this.received += chunk.length;
    return true;
  }

  bytes(): Buffer {
    if (this.whole) return this.whole;
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.received);
  }
}

/** `application/json`, with or without parameters, in any case. */
function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/** Reads the body into `ctx.state.json` (its bytes, unparsed) when it is declared JSON. */
export function jsonBody(limit = MAX_BODY_BYTES): Middleware {
  return async function readJson(ctx, next) {
    const bytes = await readBody(ctx.req, limit);
    if (!isJson(ctx.get('Content-Type'))) {
      throw Problem.invalid(
        [{ path: '', message: `Content-Type must be application/json (got ${ctx.get('Content-Type') || 'none'})` }],
        'The request body must be JSON.',
      );
    }
    ctx.state.json = bytes;
    return next();
  };
}

// UTF-8 as the body is sent; the decoder drops a leading byte order mark (not JSON, but some clients send one)
const utf8 = new TextDecoder();

/** The request body's value, or a 400 when its bytes are not JSON. */
export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes)) as unknown;
  } catch (error) {
    throw Problem.invalid([{ path: '', message: `not valid JSON: ${(error as Error).message}` }], 'The request body is not valid JSON.');
  }
}

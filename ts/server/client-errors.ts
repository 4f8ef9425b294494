/**
 * Requests Node's HTTP parser refuses before Koa sees them (a negative Content-Length, headers past the
 * size limit, bytes that are not HTTP): answered in the service's form, problem+json with X-Engine-Version,
 * while the socket can still take an answer; a client that has gone away is let go without a word in the log.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Problem } from '../problem/index.js';

/** The problem for a parser error code (Node's `HPE_*`); anything else the parser refuses is a 400. */
function problemOf(code: string | undefined): Problem {
  if (code === 'HPE_HEADER_OVERFLOW') return new Problem('headers_too_large', 'The request headers are larger than the server accepts.');
  return Problem.invalid([{ path: '', message: 'the request is not valid HTTP/1.1' }], 'The request could not be read.');
}

export function answerClientErrors(server: Server, engineVersion: string, baseUrl: string): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // Node's own note: once a response has begun, or the peer is gone, nothing more can be said on this socket.
    if (!socket.writable || error.code === 'ECONNRESET' || (socket as { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const problem = problemOf(error.code);
    const body = JSON.stringify(problem.body(baseUrl));
    socket.end(
      `HTTP/1.1 ${problem.status} ${problem.body(baseUrl).title}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Engine-Version: ${engineVersion}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}

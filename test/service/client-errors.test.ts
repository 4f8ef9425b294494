/**
 * Issue 12, defects 7 and 9: what Node's HTTP parser refuses before Koa sees it is answered in the service's
 * form (problem+json with X-Engine-Version) where the socket allows, and a client that aborts or sends bytes
 * that are not HTTP writes nothing to the log (it wrote a 6-line "Parse Error" stack trace each).
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerClientErrors } from '../../ts/server/client-errors.js';
import { testApp } from '../support/app.js';

const BASE_URL = 'http://localhost:3000';
let server: Server;
let port: number;
let version: string;
const faults: unknown[] = [];

beforeAll(async () => {
  const app = await testApp({ log: (error) => faults.push(error) });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  version = (await (await fetch(`http://127.0.0.1:${port}/v1/health`)).json()).engineVersion as string;
  answerClientErrors(server, version, BASE_URL);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Raw bytes to the server; the whole reply once the server closes (or after `abortAfterMs`, when we hang up). */
function raw(text: string, abortAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (abortAfterMs !== undefined) setTimeout(() => socket.destroy(), abortAfterMs);
    });
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk));
    socket.on('close', () => resolve(reply));
    socket.on('error', () => resolve(reply));
  });
}

function parse(reply: string): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const [head = '', body = ''] = reply.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as Record<string, unknown> };
}

describe("Node's own rejections (defect 7)", () => {
  it('Content-Length: -1 is a 400 invalid_input problem with X-Engine-Version', async () => {
    const reply = parse(
      await raw('POST /v1/beam/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n'),
    );
    expect(reply.status).toBe(400);
    expect(reply.headers['content-type']).toBe('application/problem+json');
    expect(reply.headers['x-engine-version']).toBe(version);
    expect(reply.body).toMatchObject({ code: 'invalid_input', status: 400, type: `${BASE_URL}/problems/invalid_input` });
  });

  it('a 20 KB header is a 431 headers_too_large problem with X-Engine-Version', async () => {
    const reply = parse(await raw(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(reply.status).toBe(431);
    expect(reply.headers['content-type']).toBe('application/problem+json');
    expect(reply.headers['x-engine-version']).toBe(version);
    expect(reply.body).toMatchObject({ code: 'headers_too_large', status: 431, title: 'Request headers too large' });
  });
});

describe('aborted and broken connections (defect 9)', () => {
  it('write nothing to the log, however many', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const aborted = 'POST /v1/beam/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"spans":';
      const pipelinedGarbage = 'GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n\u0000\u0001not http';
      for (let i = 0; i < 20; i++) await Promise.all([raw(aborted, 20), raw(pipelinedGarbage), raw('HELLO\r\n\r\n')]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(printed).not.toHaveBeenCalled();
      expect(faults).toEqual([]);
    } finally {
      printed.mockRestore();
    }
  });
});

/**
 * What a user of the service waits for, set against the engine's own work for the same request, measured side by
 * side in one run (issue 38). For each request:
 * - **engine**: the very engine calls the pipeline makes for it (recorded once through a wrapped engine, then
 *   replayed), in this process: the model described to the binding, the solve, every result read out;
 * - **in process**: the pipeline the engine threads run, JSON.parse of the body to the response's UTF-8 bytes;
 * - **HTTP, engine in the service's thread** and **HTTP, engine pool** (as deployed): the request written
 *   (JSON.stringify of the request object), sent to a service in its own process, the answer read and parsed
 *   (JSON.parse). The pool's figure is the target's; the gap between the two HTTP figures is the thread hop (the
 *   body cloned to an engine thread, the answer's bytes cloned back);
 * - **the client's floor**, what no server can save its client: the request written (JSON.stringify) and the
 *   answer's bytes parsed (UTF-8 decoded, JSON.parse), in this process.
 * The sides take turns in short rounds, so a busy spell on the shared machine weighs on all of them.
 */
import { request as httpRequest, Agent } from 'node:http';
import type { Engine } from '../ts/engine/engine.js';
import type { SolveContext } from '../ts/solve/context.js';
import { responseBody } from '../ts/solve/json-text.js';
import { median, warmUp } from './timing.js';

/** The engine methods that solve; a request's replay is every call to them the pipeline made, in order. */
const SOLVES = new Set<string | symbol>(['analyseBeam', 'solveTruss', 'solveFrame']);

/** The engine calls `solve` makes for one request, as a function that makes them again. */
export function recordEngineCalls(engine: Engine, solve: (context: SolveContext) => unknown): () => void {
  const calls: (() => unknown)[] = [];
  const recording = new Proxy(engine, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function' || !SOLVES.has(key)) return value;
      return (...args: unknown[]) => {
        calls.push(() => (value as (...a: unknown[]) => unknown).apply(target, args));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  solve({ engine: recording, baseUrl: 'http://localhost:3000' });
  if (calls.length === 0) throw new Error('the pipeline made no engine call');
  return () => {
    for (const call of calls) call();
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

type Answer = { status: number; bytes: number; answer: unknown; raw: Buffer };

/**
 * One request as a client makes it: the body written from the object, the answer read and parsed. A kept-alive
 * connection the server closed while the benchmark worked in process is reset on reuse: sent again once, as
 * Node's documentation advises.
 */
export function postJson(url: string, body: object): Promise<Answer> {
  return post(url, body).catch((error: { code?: string; reused?: boolean }) => {
    if (error.code === 'ECONNRESET' && error.reused) return post(url, body);
    throw error;
  });
}

/** The client's reading of an answer: its UTF-8 bytes decoded and parsed. */
function readAnswer(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString('utf8'));
}

function post(url: string, body: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = writeRequest(body);
    const req = httpRequest(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: all.length, answer: readAnswer(all), raw: all });
      });
      res.on('error', reject);
    });
    req.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
    req.end(text);
  });
}

/** Milliseconds of each request, one at a time, until `budgetMs` has passed (at least `least` requests). */
async function timeRequests(url: string, body: object, budgetMs: number, least = 3): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  while (times.length < least || performance.now() - start < budgetMs) {
    const t = performance.now();
    const { status, answer } = await postJson(url, body);
    times.push(performance.now() - t);
    if (status !== 200) throw new Error(`${url}: ${status} ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return times;
}

/** Milliseconds of each run of `run`, until `budgetMs` has passed (at least `least` runs). */
function timeRuns(run: () => unknown, budgetMs: number, least = 3): number[] {
  const times: number[] = [];
  const start = performance.now();
  while (times.length < least || performance.now() - start < budgetMs) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  return times;
}

export interface Case {
  label: string;
  /** The route, e.g. `/v1/frame/solve`. */
  path: string;
  request: object;
  /** The pipeline in process, from the parsed body to the response object. */
  solve: (body: unknown, context: SolveContext) => unknown;
}

export interface SideBySide {
  engineMs: number;
  inProcessMs: number;
  inlineMs: number;
  poolMs: number;
  /** The client's own work on this request, its floor: the request written plus the answer parsed (their medians). */
  floorMs: number;
  /** Of which the answer's parse. */
  parseMs: number;
  bytes: number;
}

/** The client's writing of a request. */
function writeRequest(body: object): string {
  return JSON.stringify(body);
}

/** The four figures of one case, medians over `rounds` rounds in which each side runs for about `roundMs`. */
export async function sideBySide(
  engine: Engine,
  servers: { inline: string; pool: string },
  c: Case,
  rounds = 7,
  roundMs = 300,
): Promise<SideBySide> {
  const replay = recordEngineCalls(engine, (context) => c.solve(structuredClone(c.request), context));
  const text = JSON.stringify(c.request);
  const context: SolveContext = { engine, baseUrl: 'http://localhost:3000' };
  const inProcess = () => responseBody(c.solve(JSON.parse(text), context));
  const [inlineUrl, poolUrl] = [servers.inline + c.path, servers.pool + c.path];
  const { bytes, status, raw } = await postJson(poolUrl, c.request);
  if (status !== 200) throw new Error(`${c.label}: ${status}`);
  const write = () => writeRequest(c.request);
  const parse = () => readAnswer(raw);
  warmUp(replay);
  warmUp(inProcess);
  warmUp(write);
  warmUp(parse);
  await timeRequests(inlineUrl, c.request, 1000);
  await timeRequests(poolUrl, c.request, 1000);
  const [e, p, i, h, f, a] = [[], [], [], [], [], []] as number[][] as [number[], number[], number[], number[], number[], number[]];
  for (let round = 0; round < rounds; round++) {
    e.push(...timeRuns(replay, roundMs));
    p.push(...timeRuns(inProcess, roundMs));
    f.push(...timeRuns(write, roundMs / 2));
    a.push(...timeRuns(parse, roundMs / 2));
    i.push(...(await timeRequests(inlineUrl, c.request, roundMs)));
    h.push(...(await timeRequests(poolUrl, c.request, roundMs)));
  }
  return {
    engineMs: median(e),
    inProcessMs: median(p),
    inlineMs: median(i),
    poolMs: median(h),
    floorMs: median(f) + median(a),
    parseMs: median(a),
    bytes,
  };
}

export function closeClient(): void {
  agent.destroy();
}

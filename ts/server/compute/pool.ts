/**
 * Where the engine runs for the service: a pool of worker threads (piscina), one engine instance each, made
 * from one compiled module. The main thread parses, authenticates, counts and answers; a task runs on a
 * thread under a deadline, so no request holds the process and `/v1/health` answers while a large model
 * solves. A thread whose task overruns is ended (piscina replaces it); an instance that trapped or grew past
 * its memory bound is replaced inside its thread (run.ts).
 */
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import { compileEngineModule } from '../../engine/node.js';
import { Problem } from '../../problem/index.js';
import type { Task, TaskAnswer } from './tasks.js';
import type { Outcome } from './run.js';
import type { EngineThreadData, ThreadOutcome } from './worker.js';
import { SharedAnswerViews } from './shared-answers.js';
import { bodyHash } from './body-hash.js';
import { FaultRecord, settle, type Compute, type ComputeStatus } from './settle.js';

export interface EnginePoolOptions {
  /** Engine threads; default the machine's parallelism (ENGINE_THREADS overrides it in main.ts). */
  threads?: number;
  /** The most one task may run, in ms (default 5000). */
  deadlineMs?: number;
  /** Requests that may wait for a free thread before the service answers 503 (default 32 per thread). */
  maxWaiting?: number;
  /** Where faults are reported (one line each). */
  log?: (message: string) => void;
}

export const DEFAULT_DEADLINE_MS = 5000;

/**
 * How far, in percent, a heap's old generation may grow past what its last full collection kept before the next
 * one: V8 itself chooses up to 300% when collecting is cheap beside the program's own work. An engine thread's
 * request leaves 0.5-2 MB of dead objects in its old generation (what survived the collections of the young one
 * made during the request), so at 300% a thread keeping 21 MB swung between 54 and 147 MB, about a quarter of
 * the service's resident memory, and its first requests read far below its settled ones; at 50% it stays within
 * 72-85 MB. The setting is V8's and the process's: the main thread (some 35 MB kept) follows it too.
 */
export const HEAP_GROWING_PERCENT = 50;
/** How often a running task's deadline is looked at. */
const DEADLINE_POLL_MS = 50;

/** The worker module beside this one: its TypeScript source under tsx and vitest, its build under dist/. */
function workerModule(): { filename: string; execArgv: string[] } {
  const source = import.meta.url.endsWith('.ts');
  return {
    filename: new URL(source ? './worker.ts' : './worker.js', import.meta.url).href,
    execArgv: source ? ['--import', 'tsx'] : [],
  };
}

export class EnginePool implements Compute {
  private readonly threads: Piscina;
  private readonly size: number;
  private readonly deadlineMs: number;
  private readonly maxWaiting: number;
  private readonly faults: FaultRecord;
  private busy = 0;
  /** Requests waiting for a thread, oldest first: piscina's own queue stays empty, so a deadline times only the run. */
  private readonly waiting: (() => void)[] = [];
  /**
   * The free start flags, in one shared buffer made once: a running task holds one (at most one task runs on
   * each thread), which its thread sets when it starts the task.
   */
  private readonly flags: Int32Array[];
  private readonly deadlines: DeadlineWatch;
  /** The engine threads' answer slots (shared-answers.ts). */
  private readonly shared = new SharedAnswerViews();

  constructor(options: EnginePoolOptions = {}) {
    setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    this.size = Math.max(1, options.threads ?? availableParallelism());
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.maxWaiting = options.maxWaiting ?? 32 * this.size;
    this.faults = new FaultRecord(options.log ?? ((line) => console.error(line)));
    const shared = new SharedArrayBuffer(4 * this.size);
    this.flags = Array.from({ length: this.size }, (_, k) => new Int32Array(shared, 4 * k, 1));
    this.deadlines = new DeadlineWatch(this.deadlineMs);
    const threadData: EngineThreadData = { module: compileEngineModule() };
    this.threads = new Piscina({
      ...workerModule(),
      minThreads: this.size,
      maxThreads: this.size,
      idleTimeout: Infinity,
      workerData: threadData,
    });
    this.threads.on('workerDestroy', (thread: { id: number }) => this.shared.forget(thread.id));
  }

  async run(task: Task, origin: string): Promise<TaskAnswer> {
    await this.admit();
    const started = this.flags.pop()!;
    const deadline = this.deadlines.start(started);
    let outcome: Outcome;
    try {
      const { moving, transferList } = crossing(task, started);
      outcome = this.received((await this.threads.run(moving, { signal: deadline.signal, transferList })) as ThreadOutcome);
    } catch (error) {
      if (deadline.signal.aborted) throw this.overrun();
      // the thread itself died (not the instance: run.ts catches what the engine throws); a body whose bytes
      // moved to it went with it
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const body = task.json?.byteLength === 0 ? 'unknown (the bytes went with the thread)' : bodyHash(task);
      outcome = { kind: 'fault', trapped: false, message, renewed: true, body };
    } finally {
      this.deadlines.stop(deadline);
      this.flags.push(started);
      this.release();
    }
    return settle(outcome, task, origin, this.faults);
  }

  /** The outcome with an answer left in a thread's shared memory as its bytes there, freed once sent. */
  private received(outcome: ThreadOutcome): Outcome {
    if (outcome.kind !== 'answer' || outcome.answer.kind !== 'shared') return outcome as Outcome;
    return { ...outcome, answer: { kind: 'json', ...this.shared.receive(outcome.answer) } };
  }

  status(): ComputeStatus {
    return { mode: 'pool', threads: this.size, busy: this.busy, waiting: this.waiting.length, ...this.faults.summary() };
  }

  async close(): Promise<void> {
    await this.threads.destroy();
  }

  /** A thread for this request, or 503 when too many already wait (or this one waited two whole deadlines). */
  private admit(): Promise<void> {
    if (this.busy < this.size) {
      this.busy++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(busyProblem());
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        this.busy++;
        resolve();
      };
      // a request may wait as long as two deadlines: the time for the threads to finish what they run
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(busyProblem());
      }, 2 * this.deadlineMs);
      this.waiting.push(turn);
    });
  }

  private release(): void {
    this.busy--;
    this.waiting.shift()?.();
  }

  private overrun(): Problem {
    return new Problem(
      'engine_error',
      `The model is too costly: its analysis did not finish within ${this.deadlineMs / 1000} s, the most one request may take. ` +
        'Split it, or send fewer combinations or a coarser model.',
    );
  }
}

/**
 * The task and what moves rather than copies to the thread: the body's bytes, in the buffer they came in when
 * they own all of it (body.ts reads a body of declared length into one; the bytes are the engine thread's from
 * then on), else a copy (bytes the socket gave may share their buffer with other requests'). Moving them keeps
 * the main thread from holding a second copy of every waiting body: V8 counts buffers toward its full
 * collections of the main thread's heap (the whole app, ~30 MB), which were about a fifth of the main thread's
 * time in a profile of a pool whose tasks took 1 ms; moving rather than copying cut their number by a quarter.
 */
function crossing(task: Task, started: Int32Array): { moving: Task; transferList: ArrayBuffer[] } {
  Atomics.store(started, 0, 0);
  if (!task.json) return { moving: { ...task, started }, transferList: [] };
  const owned = task.json.byteOffset === 0 && task.json.byteLength === task.json.buffer.byteLength;
  const json = owned ? task.json : new Uint8Array(task.json);
  return { moving: { ...task, json, started }, transferList: [json.buffer as ArrayBuffer] };
}

/** A running task's deadline: its abort signal, and when its thread started it (once its flag is set). */
interface Deadline {
  started: Int32Array;
  since?: number;
  controller: AbortController;
  signal: AbortSignal;
}

/**
 * The deadlines of the running tasks, looked at together by one timer that runs while any task runs (a timer
 * and a shared buffer per request were about 3% of the main thread's time on a 300-node truss in a profile). A task's time counts from the
 * moment its thread set its `started` flag: a thread that is still starting (the first task, or one replaced
 * after an overrun) does not spend the request's time.
 */
class DeadlineWatch {
  private readonly running = new Set<Deadline>();
  private poll: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deadlineMs: number) {}

  start(started: Int32Array): Deadline {
    const controller = new AbortController();
    const deadline: Deadline = { started, controller, signal: controller.signal };
    this.running.add(deadline);
    this.poll ??= setInterval(() => this.look(), DEADLINE_POLL_MS);
    return deadline;
  }

  stop(deadline: Deadline): void {
    this.running.delete(deadline);
    if (this.running.size === 0 && this.poll !== undefined) {
      clearInterval(this.poll);
      this.poll = undefined;
    }
  }

  private look(): void {
    const now = Date.now();
    for (const deadline of this.running) {
      if (deadline.since === undefined) {
        if (Atomics.load(deadline.started, 0) === 1) deadline.since = now - DEADLINE_POLL_MS / 2;
      } else if (now - deadline.since >= this.deadlineMs) {
        deadline.controller.abort();
      }
    }
  }
}

function busyProblem(): Problem {
  return new Problem('service_unavailable', 'Every engine thread is busy and too many requests are waiting; retry shortly.', {
    headers: { 'Retry-After': '1' },
  });
}

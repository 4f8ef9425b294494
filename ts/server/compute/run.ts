/**
 * One task on one engine instance, and what the instance looks like afterwards. Whatever the task does, the
 * instance is left fit for the next one: a fault that is not a refusal of the request (a trap: a Rust panic
 * aborts as `unreachable`; or any other unplanned error raised mid-call) replaces it, and so does a request
 * that grew its memory past the bound (WebAssembly memory never shrinks).
 */
import { Problem, type ProblemData } from '../../problem/index.js';
import type { SolveContext } from '../../solve/context.js';
import { parseJson } from '../middleware/body.js';
import { rasterise } from '../png.js';
import { TASKS, type Task, type TaskAnswer } from './tasks.js';
import { bodyHash } from './body-hash.js';

/** Linear memory past which an instance is replaced after its request (a large frame with combinations needs ~40 MB). */
export const MEMORY_BOUND_BYTES = 256 * 1024 * 1024;

/** What running a task came to; `renewed` says the instance was replaced afterwards. */
export type Outcome =
  | { kind: 'answer'; answer: TaskAnswer; renewed: boolean }
  | { kind: 'problem'; problem: ProblemData; renewed: boolean }
  | { kind: 'fault'; trapped: boolean; message: string; renewed: true; body: string };

/**
 * Runs `task` with the thread's context (its engine and section library) and the task's own site; the
 * instance is replaced afterwards when its memory passed `memoryBound` bytes.
 */
export function runTask(thread: Omit<SolveContext, 'baseUrl'>, task: Task, memoryBound = MEMORY_BOUND_BYTES): Outcome {
  if (task.started) Atomics.store(task.started, 0, 1);
  const context: SolveContext = { ...thread, baseUrl: task.baseUrl };
  const engine = context.engine;
  try {
    const body = task.json ? parseJson(task.json) : task.body;
    const drawn = TASKS[task.name](body, context);
    const answer: TaskAnswer = task.png && drawn.kind === 'svg' ? { kind: 'png', bytes: rasterise(drawn.text) } : drawn;
    return { kind: 'answer', answer, renewed: renewIfGrown(context, memoryBound) };
  } catch (error) {
    if (error instanceof Problem) return { kind: 'problem', problem: error.toData(), renewed: renewIfGrown(context, memoryBound) };
    engine.reset();
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { kind: 'fault', trapped: error instanceof WebAssembly.RuntimeError, message, renewed: true, body: bodyHash(task) };
  }
}

function renewIfGrown({ engine }: Pick<SolveContext, 'engine'>, memoryBound: number): boolean {
  if (engine.memoryBytes() <= memoryBound) return false;
  engine.reset();
  return true;
}

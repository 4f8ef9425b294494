/**
 * An engine thread of the pool (pool.ts): its own instance of the engine, made from the module the main
 * thread compiled once, and its own section library. Piscina awaits the exported promise before it hands
 * the thread a task.
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { loadEngine } from '../../engine/node.js';
import { loadSectionLibrary } from '../section-files.js';
import type { SolveContext } from '../../solve/context.js';
import { runTask, type Outcome } from './run.js';
import type { Task } from './tasks.js';
import { AnswerSlots, type SharedAnswer } from './shared-answers.js';

/** What every thread is started with (structured-cloned per thread). */
export interface EngineThreadData {
  module: WebAssembly.Module;
}

/** An outcome as it reaches the main thread: a route's JSON answer may wait in the thread's shared memory. */
export type ThreadOutcome = Outcome | { kind: 'answer'; answer: SharedAnswer; renewed: boolean };

/**
 * The outcome as it goes back: an HTTP route's JSON answer in one of the thread's shared slots
 * (shared-answers.ts) when one is free and it fits; else an answer's bytes move to the main thread rather than
 * being copied, when they own their whole buffer (a small Buffer may share Node's pool with others, which must
 * stay here).
 */
function returning(outcome: Outcome, task: Task, slots: AnswerSlots): ThreadOutcome | ReturnType<typeof move> {
  if (outcome.kind !== 'answer' || outcome.answer.kind === 'svg') return outcome;
  const { bytes } = outcome.answer;
  // only a route's task (its body came as bytes) frees a slot once its response is sent; an MCP tool reads the answer
  const shared = task.json && outcome.answer.kind === 'json' ? slots.place(bytes) : undefined;
  if (shared) return { ...outcome, answer: shared };
  if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) return outcome;
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: outcome });
}

async function start(): Promise<(task: Task) => ThreadOutcome | ReturnType<typeof move>> {
  const { module } = workerData as EngineThreadData;
  const thread: Omit<SolveContext, 'baseUrl'> = { engine: await loadEngine(module), sections: loadSectionLibrary() };
  const slots = new AnswerSlots();
  return (task) => returning(runTask(thread, task), task, slots);
}

export default start();

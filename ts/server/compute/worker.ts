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

/** What every thread is started with (structured-cloned per thread). */
export interface EngineThreadData {
  module: WebAssembly.Module;
}

/**
 * The outcome as it goes back: an answer's bytes move to the main thread rather than being copied, when
 * they own their whole buffer (a small Buffer may share Node's pool with others, which must stay here).
 */
function returning(outcome: Outcome): Outcome | ReturnType<typeof move> {
  if (outcome.kind !== 'answer' || outcome.answer.kind === 'svg') return outcome;
  const { bytes } = outcome.answer;
  if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) return outcome;
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: outcome });
}

async function start(): Promise<(task: Task) => Outcome | ReturnType<typeof move>> {
  const { module } = workerData as EngineThreadData;
  const thread: Omit<SolveContext, 'baseUrl'> = { engine: await loadEngine(module), sections: loadSectionLibrary() };
  return (task) => returning(runTask(thread, task));
}

export default start();

/**
 * An engine thread of the pool (pool.ts): its own instance of the engine, made from the module the main
 * thread compiled once, and its own section library. Piscina awaits the exported promise before it hands
 * the thread a task.
 */
import { workerData } from 'piscina';
import { loadEngine } from '../../engine/node.js';
import { loadSectionLibrary } from '../section-files.js';
import type { SolveContext } from '../../solve/context.js';
import { runTask, type Outcome } from './run.js';
import type { Task } from './tasks.js';

/** What every thread is started with (structured-cloned per thread). */
export interface EngineThreadData {
  module: WebAssembly.Module;
}

async function start(): Promise<(task: Task) => Outcome> {
  const { module } = workerData as EngineThreadData;
  const thread: Omit<SolveContext, 'baseUrl'> = { engine: await loadEngine(module), sections: loadSectionLibrary() };
  return (task) => runTask(thread, task);
}

export default start();

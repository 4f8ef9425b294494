/**
 * The engine in the service's own thread: no hop, no isolation from other requests and no deadline. The
 * benchmark (bench/pool.ts) sets it against the pool for small requests; the service itself uses the pool.
 */
import type { SolveContext } from '../../solve/context.js';
import { MEMORY_BOUND_BYTES, runTask } from './run.js';
import { FaultRecord, settle, type Compute, type ComputeStatus } from './settle.js';
import type { Task, TaskAnswer } from './tasks.js';

export class InlineCompute implements Compute {
  private readonly faults: FaultRecord;

  constructor(
    private readonly thread: Omit<SolveContext, 'baseUrl'>,
    log: (line: string) => void = (line) => console.error(line),
    /** Memory past which the instance is replaced after a request (default run.ts's bound; tests set less). */
    private readonly memoryBound = MEMORY_BOUND_BYTES,
  ) {
    this.faults = new FaultRecord(log);
  }

  run(task: Task, origin: string): Promise<TaskAnswer> {
    try {
      return Promise.resolve(settle(runTask(this.thread, task, this.memoryBound), task, origin, this.faults));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  status(): ComputeStatus {
    return { mode: 'inline', threads: 1, busy: 0, waiting: 0, ...this.faults.summary() };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * What the service does with a task's outcome, wherever it ran: the answer, the request's own refusal
 * (a Problem made again from its data), or an engine fault. A fault is the service's failure, not the
 * caller's: a 500 `internal_error`, counted like a served request (the request was taken and the engine
 * spent on it), logged once with the route and a hash of the body, and remembered for `/v1/health`.
 */
import { Problem } from '../../problem/index.js';
import type { Outcome } from './run.js';
import type { Task, TaskAnswer } from './tasks.js';

/** How long `/v1/health` remembers a fault. */
export const FAULT_WINDOW_MS = 10 * 60 * 1000;

/** What `/v1/health` says of the engine. */
export interface ComputeStatus {
  mode: 'pool' | 'inline';
  threads: number;
  busy: number;
  waiting: number;
  /** Engine faults (traps included) in the last `faultWindowMinutes`, and how many of them were traps. */
  faults: number;
  traps: number;
  faultWindowMinutes: number;
  /** Instances replaced since start: after a fault, or after a request grew their memory past the bound. */
  renewed: number;
}

/** Runs tasks: on engine threads (EnginePool) or in this thread (InlineCompute). */
export interface Compute {
  /** The task's answer; throws Problem for every refusal. `origin` names the route or tool, for the log. */
  run(task: Task, origin: string): Promise<TaskAnswer>;
  status(): ComputeStatus;
  close(): Promise<void>;
}

/** The 500 of an engine fault: counted like a served request (ts/server/middleware/access.ts). */
export class EngineFault extends Problem {
  constructor() {
    super('internal_error', 'The engine failed on this request and was replaced; the failure is logged. Other requests are unaffected.');
  }
}

export class FaultRecord {
  private readonly times: { at: number; trapped: boolean }[] = [];
  private renewals = 0;

  constructor(private readonly log: (line: string) => void) {}

  renewed(): void {
    this.renewals++;
  }

  fault(origin: string, task: Task, trapped: boolean, message: string, body: string): void {
    this.times.push({ at: Date.now(), trapped });
    this.log(`engine ${trapped ? 'trap' : 'fault'}: ${origin} (${task.name}), body sha256 ${body}: ${message}; instance replaced`);
  }

  summary(): Pick<ComputeStatus, 'faults' | 'traps' | 'faultWindowMinutes' | 'renewed'> {
    const since = Date.now() - FAULT_WINDOW_MS;
    while (this.times.length > 0 && this.times[0]!.at < since) this.times.shift();
    return {
      faults: this.times.length,
      traps: this.times.filter((t) => t.trapped).length,
      faultWindowMinutes: FAULT_WINDOW_MS / 60_000,
      renewed: this.renewals,
    };
  }
}

export function settle(outcome: Outcome, task: Task, origin: string, faults: FaultRecord): TaskAnswer {
  if (outcome.renewed) faults.renewed();
  if (outcome.kind === 'answer') return outcome.answer;
  if (outcome.kind === 'problem') throw Problem.fromData(outcome.problem);
  faults.fault(origin, task, outcome.trapped, outcome.message, outcome.body);
  throw new EngineFault();
}

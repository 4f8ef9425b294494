/**
 * Engine failures as problems: a mechanism is 422 `unstable_structure` saying where; anything else the
 * engine refuses is 422 `engine_error` (a non-finite number about to leave is stopped in the units
 * table, ts/units). Never a 500.
 */
import { EngineFailure } from '../engine/engine.js';
import type { EngineErrorValue } from '../engine/types.js';
import { Problem } from '../problem/index.js';
import type { Mechanism } from './mechanism.js';

/** What a pipeline says of a mechanism: the detail, and the `mechanism` member when it can name the place. */
export type MechanismReport = string | { detail: string; mechanism: Mechanism };

export function engineProblem(
  error: unknown,
  describeMechanism: (e: Extract<EngineErrorValue, { kind: 'mechanism' }>) => MechanismReport,
): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof EngineFailure) {
    const e = error.error;
    if (e.kind === 'mechanism') {
      const report = describeMechanism(e);
      return typeof report === 'string'
        ? new Problem('unstable_structure', report)
        : new Problem('unstable_structure', report.detail, { mechanism: report.mechanism });
    }
    if (e.kind === 'buckling') return new Problem('unstable_structure', `${error.message}: the loads buckle the frame.`);
    return new Problem('engine_error', `The engine could not solve this model: ${e.message}.`);
  }
  throw error;
}

/** Formats a number for a message: up to 6 significant figures, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/**
 * Formats a length for a message so that pasting it back lands on it: 12 significant figures are within
 * 5e-12 of the value, well inside the 1e-9 (relative) that every end and position check allows.
 */
export function formatLength(value: number): string {
  return String(Number(value.toPrecision(12)));
}

/**
 * Engine failures as problems: a mechanism is 422 `unstable_structure` saying where; anything else the
 * engine refuses, or a non-finite number about to leave, is 422 `engine_error`. Never a 500.
 */
import { EngineFailure } from '../engine/engine.js';
import type { EngineErrorValue } from '../engine/types.js';
import { Problem } from '../server/problem.js';

export function engineProblem(error: unknown, describeMechanism: (e: Extract<EngineErrorValue, { kind: 'mechanism' }>) => string): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof EngineFailure) {
    const e = error.error;
    if (e.kind === 'mechanism') return new Problem('unstable_structure', describeMechanism(e));
    return new Problem('engine_error', `The engine could not solve this model: ${e.message}.`);
  }
  throw error;
}

/** Throws `engine_error` if any number in `value` is NaN or infinite. */
export function assertFinite(value: unknown, path = ''): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new Problem('engine_error', `The result overflowed (a non-finite number at ${path || 'the top level'}); check the model's magnitudes.`);
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => assertFinite(v, path ? `${path}.${i}` : String(i)));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) assertFinite(v, path ? `${path}.${k}` : k);
  }
}

/** Formats a number for a message: up to 6 significant figures, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}

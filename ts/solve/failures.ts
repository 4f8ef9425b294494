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

/** True when every number in `value` is finite. */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) {
    for (const v of value) if (!allFinite(v)) return false;
    return true;
  }
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) if (!allFinite(v)) return false;
  }
  return true;
}

/** Dotted path of the first non-finite number (only sought once one is known to exist). */
function firstNonFinite(value: unknown, path: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = firstNonFinite(v, path ? `${path}.${k}` : k);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Throws `engine_error` if any number in `value` is NaN or infinite. */
export function assertFinite(value: unknown): void {
  if (allFinite(value)) return;
  const path = firstNonFinite(value, '') || 'the top level';
  throw new Problem('engine_error', `The result overflowed (a non-finite number at ${path}); check the model's magnitudes.`);
}

/** Formats a number for a message: up to 6 significant figures, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}

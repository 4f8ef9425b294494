/** `meta` of every solve response (interface-spec.md "Meta"). */
import { unitLabels, type Quantity, type UnitSystem } from '../units/index.js';

export interface Meta {
  engineVersion: string;
  units: UnitSystem;
  unitLabels: Readonly<Record<string, string>>;
  computeMs: number;
  attribution: string;
  warnings: string[];
  /** Self-checks of a structure's result (decisions.md section 15); not on section properties. */
  check?: { equilibrium: number };
  /** Frames with `analysis` (decisions.md 18): the order run and its iterations for the unfactored loads. */
  analysis?: { order: 'first' | 'second'; iterations: number };
}

export function attribution(baseUrl: string): string {
  return `Computed by Spanwise - ${baseUrl}`;
}

export function meta(
  engineVersion: string,
  units: UnitSystem,
  labels: Record<string, Quantity>,
  computeMs: number,
  baseUrl: string,
  warnings: string[],
  equilibrium?: number,
): Meta {
  return {
    engineVersion,
    units,
    unitLabels: unitLabels(units, labels),
    computeMs: Math.round(computeMs * 1000) / 1000,
    attribution: attribution(baseUrl),
    warnings,
    ...(equilibrium !== undefined && { check: { equilibrium } }),
  };
}

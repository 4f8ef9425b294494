/**
 * Property filters of a library search (decisions.md 20): `minIx=...` keeps the sections whose Ix is at least
 * that, `maxMass=...` those at most that heavy. Values are in the SI block's units unless `units=imperial`
 * (in, in2, in3, in4, lb/ft), converted with the one units table. A section lacking a filtered property is left out.
 */
import { toSI, type Quantity, type UnitSystem } from '../units/index.js';
import type { PropertyKey, SectionRow } from './types.js';

type Filtered = 'A' | 'Ix' | 'Iy' | 'mass' | PropertyKey;

/** Each filter parameter: the row field it bounds, which bound, and the quantity its value is in. */
export const PROPERTY_FILTERS = {
  minA: ['A', 'min', 'area'],
  minIx: ['Ix', 'min', 'inertia'],
  minIy: ['Iy', 'min', 'inertia'],
  minZx: ['Zx', 'min', 'sectionModulus'],
  minZy: ['Zy', 'min', 'sectionModulus'],
  minSx: ['Sx', 'min', 'sectionModulus'],
  minSy: ['Sy', 'min', 'sectionModulus'],
  minrx: ['rx', 'min', 'dimension'],
  minry: ['ry', 'min', 'dimension'],
  minJ: ['J', 'min', 'inertia'],
  maxMass: ['mass', 'max', 'massPerLength'],
} as const satisfies Record<string, readonly [Filtered, 'min' | 'max', Quantity]>;

export type PropertyFilterName = keyof typeof PROPERTY_FILTERS;
export const PROPERTY_FILTER_NAMES = Object.keys(PROPERTY_FILTERS) as PropertyFilterName[];

/** One bound on a row field, in the data files' SI units. */
export interface Bound {
  key: Filtered;
  min?: number;
  max?: number;
}

/** The bounds a query asks for, converted to SI; parameters not given (or not numbers) add none. */
export function boundsOf(query: Partial<Record<PropertyFilterName, unknown>>, units: UnitSystem): Bound[] {
  const bounds: Bound[] = [];
  for (const name of PROPERTY_FILTER_NAMES) {
    const value = query[name];
    if (typeof value !== 'number') continue;
    const [key, side, quantity] = PROPERTY_FILTERS[name];
    const si = toSI(quantity, value, units);
    bounds.push(side === 'min' ? { key, min: si } : { key, max: si });
  }
  return bounds;
}

/** Whether a row meets every bound; a row without the bounded property meets none. */
export function withinBounds(row: SectionRow, bounds: readonly Bound[]): boolean {
  for (const { key, min, max } of bounds) {
    const value = row[key];
    if (value === undefined) return false;
    if (min !== undefined && !(value >= min)) return false;
    if (max !== undefined && !(value <= max)) return false;
  }
  return true;
}

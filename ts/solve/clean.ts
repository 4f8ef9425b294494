/**
 * Clean numbers (decisions.md section 15): a result whose magnitude is below 1e-12 of the largest
 * magnitude of the same quantity in that response is round-off of the solve (a 5e-15 mm deflection at
 * a support), and is written as 0.
 *
 * A value's quantity is read from its place in the response: the nearest key on its path, from the
 * value up, that the table names. Beam, truss and frame responses share the table; a pipeline with other
 * field names passes its own.
 */
import { SeriesData } from './json-text.js';

/** A key's quantity, or null where the numbers under the key are no result (ids, combination factors). */
export type QuantityOfKey = Readonly<Record<string, string | null>>;

/** Below this fraction of the largest magnitude of its quantity a result is round-off. */
export const NOISE_FRACTION = 1e-12;

export const RESULT_QUANTITIES: QuantityOfKey = {
  position: 'length',
  vertical: 'force',
  horizontal: 'force',
  force: 'force',
  memberForces: 'force',
  shear: 'force',
  axial: 'force',
  moment: 'moment',
  maxSagging: 'moment',
  maxHogging: 'moment',
  deflection: 'displacement',
  displacements: 'displacement',
  dx: 'displacement',
  dy: 'displacement',
  rotation: 'rotation',
  // ids and factors are numbers but not results
  node: null,
  member: null,
  from: null,
  to: null,
  factors: null,
  meta: null,
  links: null,
};

/** Where a number sits: `holder[key]`. */
type Holder = Record<string | number, unknown> & ArrayLike<unknown>;
type Visit = (quantity: string, holder: Holder | Float64Array, key: string | number) => void;

/** Every number under `value` whose quantity the table knows, with that quantity. */
function walk(value: unknown, quantity: string | undefined, quantities: QuantityOfKey, visit: Visit): void {
  if (value instanceof SeriesData) {
    // a diagram: positions, then values of the diagram's own quantity
    const length = quantities.position;
    for (let k = 0; k < value.xy.length; k++) {
      const q = k % 2 === 0 ? length : quantity;
      if (q) visit(q, value.xy, k);
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const holder = value as Holder;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) step(holder, i, quantity, quantities, visit);
  } else {
    for (const key of Object.keys(value)) {
      const own = key in quantities ? quantities[key] : quantity;
      if (own !== null) step(holder, key, own, quantities, visit);
    }
  }
}

function step(holder: Holder, key: string | number, quantity: string | undefined, quantities: QuantityOfKey, visit: Visit): void {
  const child = holder[key];
  if (typeof child === 'number') {
    if (quantity !== undefined) visit(quantity, holder, key);
  } else walk(child, quantity, quantities, visit);
}

/**
 * Writes as 0, in place, every number under the given parts of a response whose magnitude is below
 * NOISE_FRACTION of the largest magnitude of its quantity across all of them. Pass every part of one
 * response together (results and envelope): "the same quantity in that response" spans both.
 */
export function cleanNumbers(parts: readonly unknown[], quantities: QuantityOfKey = RESULT_QUANTITIES): void {
  const largest = new Map<string, number>();
  for (const part of parts) {
    walk(part, undefined, quantities, (q, holder, key) => {
      const magnitude = Math.abs(holder[key as number] as number);
      if (magnitude > (largest.get(q) ?? 0)) largest.set(q, magnitude);
    });
  }
  for (const part of parts) {
    walk(part, undefined, quantities, (q, holder, key) => {
      const value = holder[key as number] as number;
      if (value !== 0 && Math.abs(value) < NOISE_FRACTION * largest.get(q)!) holder[key as number] = 0;
    });
  }
}

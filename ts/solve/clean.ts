/**
 * Clean numbers (decisions.md section 15): a result whose magnitude is below 1e-12 of the largest
 * magnitude of the same quantity in that response is round-off of the solve (a 5e-15 mm deflection at
 * a support), and is written as 0.
 *
 * A value's quantity is read from its place in the response: the nearest key on its path, from the
 * value up, that the table names. Beam, truss and frame responses share the table; a pipeline with other
 * field names passes its own.
 */
import { ColumnRows } from './column-rows.js';
import { decimalExponent, POWERS } from './decimal.js';
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
  // a governing arrangement names pieces (cases, members, nodes, a beam's stretch ends), no result
  pattern: null,
  meta: null,
  links: null,
};

/** Where a number sits: `holder[key]`. */
type Holder = Record<string | number, unknown>;

/**
 * One quantity's largest magnitude, its smallest that is not 0, and once measured the magnitude below which a value
 * of it is round-off.
 */
class Magnitude {
  most = 0;
  least = Infinity;
  noise = NaN;
}

/**
 * A response's quantities as the walks read them: each key of the table as its quantity's Magnitude (null: not a
 * result). The walks carry the Magnitude itself from a key down to its numbers, so a number costs no lookup by
 * quantity name (a frame answer with combinations holds half a million numbers).
 */
class Magnitudes {
  readonly ofKey = new Map<string, Magnitude | null>();
  private readonly all: Magnitude[] = [];

  constructor(quantities: QuantityOfKey) {
    const byQuantity = new Map<string, Magnitude>();
    for (const [key, quantity] of Object.entries(quantities)) {
      if (quantity === null) {
        this.ofKey.set(key, null);
        continue;
      }
      let m = byQuantity.get(quantity);
      if (m === undefined) byQuantity.set(quantity, (m = new Magnitude()));
      this.ofKey.set(key, m);
    }
    this.all = [...byQuantity.values()];
  }

  /** Each quantity's noise set; whether any value measured is below it (else the second walk has nothing to zero). */
  settle(): boolean {
    let any = false;
    for (const m of this.all) {
      m.noise = NOISE_FRACTION * m.most;
      if (m.least < m.noise) any = true;
    }
    return any;
  }
}

/**
 * `value` rounded to `digits` significant digits, exactly `Number(value.toPrecision(digits))` (the double nearest
 * that decimal, so it prints with at most `digits` digits), several times faster: a beam answer holds thousands of
 * numbers. Scaled by an exact power of ten, rounded to an integer and divided back. The scaled value is itself
 * rounded to a double, but by less than half its ulp, and below 2^52 its distance from a half-integer is a whole
 * number of ulps: so it rounds as the exact product would, except when it lands exactly on a half, where the
 * exact `toPrecision` decides.
 */
export function significant(value: number, digits: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  let shift = digits - 1 - decimalExponent(magnitude);
  // beyond 10^±22 a power of ten is no longer exact (below 1e-7 or above 1e22 at 15 digits; subnormals)
  if (shift > 22 || shift < -22) return Number(value.toPrecision(digits));
  let scaled = shift >= 0 ? magnitude * POWERS[shift]! : magnitude / POWERS[-shift]!;
  // the scaled value must have exactly `digits` integer digits
  if (scaled >= POWERS[digits]! || scaled < POWERS[digits - 1]!) {
    shift += scaled >= POWERS[digits]! ? -1 : 1;
    if (shift > 22 || shift < -22) return Number(value.toPrecision(digits));
    scaled = shift >= 0 ? magnitude * POWERS[shift]! : magnitude / POWERS[-shift]!;
  }
  const whole = Math.floor(scaled);
  const fraction = scaled - whole;
  if (fraction === 0.5) return Number(value.toPrecision(digits));
  const rounded = fraction > 0.5 ? whole + 1 : whole;
  const result = shift >= 0 ? rounded / POWERS[shift]! : rounded * POWERS[-shift]!;
  return value < 0 ? -result : result;
}

/** What the second walk does: round-off to 0 (when any was found), then every other number to `digits`. */
interface Finish {
  zero: boolean;
  digits: number | undefined;
}

/**
 * Every number under `value` whose key is not an id or factor: measured into its quantity's Magnitude (`finish`
 * absent), or finished (round-off written as 0, the rest rounded). Numbers are handled where they are met rather
 * than through a callback per number: a truss response holds a few thousand of them. `quantity` is undefined
 * under no key the table names: such numbers are rounded, never measured nor zeroed.
 */
function walk(value: unknown, quantity: Magnitude | undefined, magnitudes: Magnitudes, finish?: Finish): void {
  if (value instanceof SeriesData) {
    // a diagram: positions, then values of the diagram's own quantity
    numbers(value.xy, 0, 2, magnitudes.ofKey.get('position') ?? undefined, finish);
    numbers(value.xy, 1, 2, quantity, finish);
    return;
  }
  if (value instanceof ColumnRows) {
    for (const column of value.columns) {
      // the nearest key on the value's path, from the value up, that the table names
      const path = column.path;
      let own: Magnitude | null | undefined;
      for (let i = path.length - 1; i >= 0 && own === undefined; i--) own = magnitudes.ofKey.get(path[i]!);
      if (own === null) continue;
      if ('values' in column) numbers(column.values, 0, 1, own ?? quantity, finish);
      else for (const piece of column.pieces) walk(piece, own ?? quantity, magnitudes, finish);
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const holder = value as Holder;
  if (Array.isArray(value)) {
    let shape: RowShape | undefined;
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child === 'number') number(holder, i, child, quantity, finish);
      else if (value.length >= ROWS && isRecord(child))
        rows(child, (shape ??= new RowShape(child, quantity, magnitudes)), magnitudes, finish);
      else walk(child, quantity, magnitudes, finish);
    }
    return;
  }
  // for-in rather than Object.keys: no array of keys per object (a frame's envelope has a few hundred thousand)
  for (const key in holder) {
    const named = magnitudes.ofKey.get(key);
    const own = named === undefined ? quantity : named;
    if (own === null) continue;
    const child = holder[key];
    if (typeof child === 'number') number(holder, key, child, own, finish);
    else walk(child, own, magnitudes, finish);
  }
}

/** Arrays of this many items or more have their rows' keys looked up once, from the first row (`RowShape`). */
const ROWS = 16;

/** An object `walk` reads key by key: not an array, not a series. */
function isRecord(value: unknown): value is Holder {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof SeriesData) && !(value instanceof ColumnRows)
  );
}

/**
 * A long array's rows as its first row has them: each key in order, its quantity under the array's (null: not a
 * result) and, for a nested object, that object's shape. A frame answer is a few hundred thousand objects of a few
 * shapes (members, their ends and extremes, per combination): a row that has the first row's keys is walked
 * without a lookup in the table per key.
 */
class RowShape {
  readonly keys: string[] = [];
  readonly quantities: (Magnitude | null | undefined)[] = [];
  readonly inner: (RowShape | undefined)[] = [];

  /** The quantity the rows sit under: the array's, or the key's above them. */
  constructor(
    row: Holder,
    readonly quantity: Magnitude | undefined,
    magnitudes: Magnitudes,
  ) {
    for (const key in row) {
      const named = magnitudes.ofKey.get(key);
      const own = named === undefined ? quantity : named;
      const child = row[key];
      this.keys.push(key);
      this.quantities.push(own);
      this.inner.push(own !== null && isRecord(child) ? new RowShape(child, own, magnitudes) : undefined);
    }
  }
}

/** `walk` over one row, its keys' quantities taken from the shape while the row's keys are the shape's. */
function rows(row: Holder, shape: RowShape, magnitudes: Magnitudes, finish: Finish | undefined): void {
  const { keys, quantities, inner } = shape;
  let n = 0;
  let same = true;
  for (const key in row) {
    // from the first key the shape does not have, each key is looked up as `walk` does
    if (same && key !== keys[n]) same = false;
    let own: Magnitude | null | undefined;
    if (same) own = quantities[n];
    else {
      const named = magnitudes.ofKey.get(key);
      own = named === undefined ? shape.quantity : named;
    }
    n++;
    if (own === null) continue;
    const child = row[key];
    if (typeof child === 'number') number(row, key, child, own, finish);
    else if (same && inner[n - 1] !== undefined && isRecord(child)) rows(child, inner[n - 1]!, magnitudes, finish);
    else walk(child, own, magnitudes, finish);
  }
}

function number(holder: Holder, key: string | number, value: number, quantity: Magnitude | undefined, finish: Finish | undefined): void {
  if (value === 0) return;
  const magnitude = Math.abs(value);
  if (finish === undefined) {
    if (quantity !== undefined) {
      if (magnitude > quantity.most) quantity.most = magnitude;
      if (magnitude < quantity.least) quantity.least = magnitude;
    }
    return;
  }
  if (finish.zero && quantity !== undefined && magnitude < quantity.noise) holder[key] = 0;
  else if (finish.digits !== undefined) {
    // a double stored into an object is a new heap number: none when rounding leaves it as it was
    const rounded = significant(value, finish.digits);
    if (rounded !== value) holder[key] = rounded;
  }
}

/**
 * Every `step`th number of a column from `first` (a series' positions from 0 and values from 1 in steps of 2, a
 * column of rows in steps of 1), of `quantity` if known.
 */
function numbers(xy: Float64Array, first: number, step: number, quantity: Magnitude | undefined, finish: Finish | undefined): void {
  if (finish !== undefined) {
    const noise = finish.zero && quantity !== undefined ? quantity.noise : 0;
    const digits = finish.digits;
    for (let k = first; k < xy.length; k += step) {
      const v = xy[k]!;
      if (v === 0) continue;
      if (Math.abs(v) < noise) xy[k] = 0;
      else if (digits !== undefined) xy[k] = significant(v, digits);
    }
    return;
  }
  if (quantity === undefined) return;
  let [most, least] = [quantity.most, quantity.least];
  for (let k = first; k < xy.length; k += step) {
    const magnitude = Math.abs(xy[k]!);
    if (magnitude > most) most = magnitude;
    if (magnitude !== 0 && magnitude < least) least = magnitude;
  }
  [quantity.most, quantity.least] = [most, least];
}

/**
 * Writes as 0, in place, every number under the given parts of a response whose magnitude is below
 * NOISE_FRACTION of the largest magnitude of its quantity across all of them, and with `digits` rounds every
 * other result number to that many significant digits (decisions.md 22). Pass every part of one response
 * together (results and envelope): "the same quantity in that response" spans both.
 */
export function cleanNumbers(parts: readonly unknown[], quantities: QuantityOfKey = RESULT_QUANTITIES, digits?: number): void {
  const magnitudes = new Magnitudes(quantities);
  for (const part of parts) walk(part, undefined, magnitudes);
  const zero = magnitudes.settle();
  if (!zero && digits === undefined) return;
  for (const part of parts) walk(part, undefined, magnitudes, { zero, digits });
}

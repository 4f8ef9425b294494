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
type Holder = Record<string | number, unknown>;
/** The table as a Map: one lookup per key (a keyed `in` on the table object cost more than the rest of the walk). */
type Table = ReadonlyMap<string, string | null>;

const tables = new WeakMap<QuantityOfKey, Table>();
function asMap(quantities: QuantityOfKey): Table {
  let table = tables.get(quantities);
  if (!table) tables.set(quantities, (table = new Map(Object.entries(quantities))));
  return table;
}

/** One quantity's largest magnitude, and its smallest that is not 0. */
class Magnitude {
  most = 0;
  least = Infinity;
}

/**
 * Magnitudes per quantity. When no quantity's smallest is below NOISE_FRACTION of its largest, nothing is
 * round-off and the second walk is not needed. One map lookup per value (a frame answer has tens of thousands).
 */
class Magnitudes {
  private readonly of = new Map<string, Magnitude>();

  add(quantity: string, most: number, least: number): void {
    let m = this.of.get(quantity);
    if (m === undefined) this.of.set(quantity, (m = new Magnitude()));
    if (most > m.most) m.most = most;
    if (least < m.least) m.least = least;
  }

  /** The magnitude below which a value of `quantity` is round-off. */
  noise(quantity: string): number {
    return NOISE_FRACTION * (this.of.get(quantity)?.most ?? NaN);
  }

  anyNoise(): boolean {
    for (const m of this.of.values()) if (m.least < NOISE_FRACTION * m.most) return true;
    return false;
  }
}

/** Exact powers of ten: every 10^k up to 10^22 is a double. */
const POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

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
  // the decimal exponent from the binary one, to within one: a third faster than Math.log10 with the rest of
  // this function, and every answer rounds each of its thousands of numbers here
  let shift = digits - 1 - Math.floor(binaryExponent(magnitude) * LOG10_2);
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

const LOG10_2 = Math.log10(2);
/** A double's bits, read as two 32-bit words; the high word's index follows the platform's byte order. */
const BITS = new Float64Array(1);
const WORDS = new Uint32Array(BITS.buffer);
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/** floor(log2) of a positive normal double (-1023 for a subnormal, whose scaled value then falls out of range). */
function binaryExponent(magnitude: number): number {
  BITS[0] = magnitude;
  return (WORDS[HIGH]! >>> 20) - 1023;
}

/** What the second walk does: round-off to 0 (when any was found), then every other number to `digits`. */
interface Finish {
  zero: boolean;
  digits: number | undefined;
}

/**
 * Every number under `value` whose key is not an id or factor: measured per quantity (`finish` absent), or
 * finished (round-off written as 0, the rest rounded). Numbers are handled where they are met rather than
 * through a callback per number: a truss response holds a few thousand of them.
 */
function walk(value: unknown, quantity: string | undefined, table: Table, magnitudes: Magnitudes, finish?: Finish): void {
  if (value instanceof SeriesData) {
    // a diagram: positions, then values of the diagram's own quantity
    series(value.xy, 0, table.get('position') ?? undefined, magnitudes, finish);
    series(value.xy, 1, quantity, magnitudes, finish);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const holder = value as Holder;
  if (Array.isArray(value)) {
    let shape: RowShape | undefined;
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child === 'number') number(holder, i, child, quantity, magnitudes, finish);
      else if (value.length >= ROWS && isRecord(child))
        rows(child, (shape ??= new RowShape(child, quantity, table)), table, magnitudes, finish);
      else walk(child, quantity, table, magnitudes, finish);
    }
    return;
  }
  // for-in rather than Object.keys: no array of keys per object (a frame's envelope has a few hundred thousand)
  for (const key in holder) {
    const named = table.get(key);
    const own = named === undefined ? quantity : named;
    if (own === null) continue;
    const child = holder[key];
    if (typeof child === 'number') number(holder, key, child, own, magnitudes, finish);
    else walk(child, own, table, magnitudes, finish);
  }
}

/** Arrays of this many items or more have their rows' keys looked up once, from the first row (`RowShape`). */
const ROWS = 16;

/** An object `walk` reads key by key: not an array, not a series. */
function isRecord(value: unknown): value is Holder {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof SeriesData);
}

/**
 * A long array's rows as its first row has them: each key in order, its quantity under the array's (null: not a
 * result) and, for a nested object, that object's shape. A frame answer is a few hundred thousand objects of a few
 * shapes (members, their ends and extremes, per combination): a row that has the first row's keys is walked
 * without a lookup in the table per key.
 */
class RowShape {
  readonly keys: string[] = [];
  readonly quantities: (string | null | undefined)[] = [];
  readonly inner: (RowShape | undefined)[] = [];

  /** The quantity the rows sit under: the array's, or the key's above them. */
  constructor(
    row: Holder,
    readonly quantity: string | undefined,
    table: Table,
  ) {
    for (const key in row) {
      const named = table.get(key);
      const own = named === undefined ? quantity : named;
      const child = row[key];
      this.keys.push(key);
      this.quantities.push(own);
      this.inner.push(own !== null && isRecord(child) ? new RowShape(child, own, table) : undefined);
    }
  }
}

/** `walk` over one row, its keys' quantities taken from the shape while the row's keys are the shape's. */
function rows(row: Holder, shape: RowShape, table: Table, magnitudes: Magnitudes, finish: Finish | undefined): void {
  const { keys, quantities, inner } = shape;
  let n = 0;
  let same = true;
  for (const key in row) {
    // from the first key the shape does not have, each key is looked up as `walk` does
    if (same && key !== keys[n]) same = false;
    let own: string | null | undefined;
    if (same) own = quantities[n];
    else {
      const named = table.get(key);
      own = named === undefined ? shape.quantity : named;
    }
    n++;
    if (own === null) continue;
    const child = row[key];
    if (typeof child === 'number') number(row, key, child, own, magnitudes, finish);
    else if (same && inner[n - 1] !== undefined && isRecord(child)) rows(child, inner[n - 1]!, table, magnitudes, finish);
    else walk(child, own, table, magnitudes, finish);
  }
}

function number(
  holder: Holder,
  key: string | number,
  value: number,
  quantity: string | undefined,
  magnitudes: Magnitudes,
  finish: Finish | undefined,
): void {
  if (value === 0) return;
  const magnitude = Math.abs(value);
  if (finish === undefined) {
    if (quantity !== undefined) magnitudes.add(quantity, magnitude, magnitude);
    return;
  }
  if (finish.zero && quantity !== undefined && magnitude < magnitudes.noise(quantity)) holder[key] = 0;
  else if (finish.digits !== undefined) {
    // a double stored into an object is a new heap number: none when rounding leaves it as it was
    const rounded = significant(value, finish.digits);
    if (rounded !== value) holder[key] = rounded;
  }
}

/** Every other number of a series from `first` (positions from 0, values from 1), of `quantity` if known. */
function series(xy: Float64Array, first: number, quantity: string | undefined, magnitudes: Magnitudes, finish: Finish | undefined): void {
  if (finish !== undefined) {
    const noise = finish.zero && quantity ? magnitudes.noise(quantity) : 0;
    const digits = finish.digits;
    for (let k = first; k < xy.length; k += 2) {
      const v = xy[k]!;
      if (v === 0) continue;
      if (Math.abs(v) < noise) xy[k] = 0;
      else if (digits !== undefined) xy[k] = significant(v, digits);
    }
    return;
  }
  if (!quantity) return;
  let [most, least] = [0, Infinity];
  for (let k = first; k < xy.length; k += 2) {
    const magnitude = Math.abs(xy[k]!);
    if (magnitude > most) most = magnitude;
    if (magnitude !== 0 && magnitude < least) least = magnitude;
  }
  magnitudes.add(quantity, most, least);
}

/**
 * Writes as 0, in place, every number under the given parts of a response whose magnitude is below
 * NOISE_FRACTION of the largest magnitude of its quantity across all of them, and with `digits` rounds every
 * other result number to that many significant digits (decisions.md 22). Pass every part of one response
 * together (results and envelope): "the same quantity in that response" spans both.
 */
export function cleanNumbers(parts: readonly unknown[], quantities: QuantityOfKey = RESULT_QUANTITIES, digits?: number): void {
  const table = asMap(quantities);
  const magnitudes = new Magnitudes();
  for (const part of parts) walk(part, undefined, table, magnitudes);
  const zero = magnitudes.anyNoise();
  if (!zero && digits === undefined) return;
  for (const part of parts) walk(part, undefined, table, magnitudes, { zero, digits });
}

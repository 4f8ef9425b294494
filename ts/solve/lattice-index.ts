/**
 * What the lattice pipelines (truss, frame) look up per member and node on every request, made without
 * garbage: an engine thread that answers a 300-node, 1,000-member truss left ~1.45 MB per request to V8's
 * collector (a sampled allocation profile), whose helper threads then took CPU from the other engine thread.
 */

/** Ids up to this many times the count (plus a little) are indexed by a table; sparser ones by a Map. */
const DENSE = 4;

/**
 * The position of each item by its id. Ids are the user's positive integers, nearly always 1..n: a table of
 * positions indexed by id is a tenth of the memory of a Map of 1,000 entries (its hash table and the copies
 * it grows through: 170 KB per truss request in the profile), and a lookup is one load.
 */
export class IdIndex {
  private readonly table: Int32Array | undefined;
  private readonly map: Map<number, number> | undefined;

  /** Each id's first position; `duplicate(position, first)` hears of every later one. */
  constructor(items: readonly { id: number }[], duplicate?: (position: number, first: number) => void) {
    let most = 0;
    for (const { id } of items) if (Number.isSafeInteger(id) && id > most) most = id;
    const dense = items.every(({ id }) => Number.isSafeInteger(id) && id >= 0) && most <= DENSE * items.length + 64;
    if (dense) {
      // -1: no item has that id
      this.table = new Int32Array(most + 1).fill(-1);
      items.forEach(({ id }, i) => {
        const first = this.table![id]!;
        if (first >= 0) duplicate?.(i, first);
        else this.table![id] = i;
      });
    } else {
      this.map = new Map();
      items.forEach(({ id }, i) => {
        const first = this.map!.get(id);
        if (first !== undefined) duplicate?.(i, first);
        else this.map!.set(id, i);
      });
    }
  }

  /** The position of the item with `id`, or undefined. */
  get(id: number): number | undefined {
    if (this.map !== undefined) return this.map.get(id);
    const at = Number.isInteger(id) && id >= 0 && id < this.table!.length ? this.table![id]! : -1;
    return at >= 0 ? at : undefined;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }
}

/**
 * `Math.hypot(x, y)` to the last bit, by V8's own arithmetic for it (src/builtins/math.tq: both magnitudes over
 * the larger, squared and Kahan-summed from 0, the root times the larger; for two terms the Kahan sum's
 * compensation is exactly 0, so it is the plain sum), without the array of arguments the builtin allocates per
 * call: a large lattice's members are measured a few thousand times per request. Same doubles, so no answer's
 * digits move (test/solve/lattice-index.test.ts holds it to Math.hypot).
 */
export function distance(x: number, y: number): number {
  const a = Math.abs(x);
  const b = Math.abs(y);
  if (a === Infinity || b === Infinity) return Infinity;
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  const max = a > b ? a : b;
  if (max === 0) return 0;
  const n = a / max;
  const m = b / max;
  return Math.sqrt(n * n + m * m) * max;
}

/**
 * Editing a beam span's length moves what stands at or beyond its far end by the change, as every beam tool
 * does (issue 36): the supports, the point loads and moments, and the ends of distributed loads there. What
 * stands inside the edited span stays where it is; a distributed load that starts before the far end and ends
 * at or after it is stretched (its `to` moves), so a load over the whole beam stays over the whole beam. The
 * spans' joints follow by themselves (they are the spans' lengths). A support that ends up past the beam's end
 * is the validator's issue at its field, as for any other position.
 */
import type { Model, Row } from './columns.js';

/** Positions the edit moves, by the shape of a load. */
const MOVED: Record<string, readonly string[]> = { point: ['position'], moment: ['position'], udl: ['from', 'to'], area: ['from', 'to'] };

/** A length of the model, or undefined when the field holds no positive number (mid-typing, or blank). */
function lengthOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** `x` moved by `delta`, without the binary noise a sum leaves (20.099999999999998 for 18 + 2.1). */
function moved(x: number, delta: number): number {
  return Number((x + delta).toPrecision(12));
}

/**
 * The model with span `index`'s length changed from `before` to `after` (both in the model's units): every
 * support and load position at or beyond the span's far end (as it stood) moved by `after - before`.
 */
export function moveBeyondSpan(model: Model, index: number, before: number, after: number): Model {
  const spans = Array.isArray(model.spans) ? (model.spans as Row[]) : [];
  const lengths = spans.map((s) => lengthOf(s.length));
  if (lengths.some((l, i) => l === undefined && i !== index)) return model;
  const total = lengths.reduce<number>((sum, l, i) => sum + (i === index ? before : l!), 0);
  const end = lengths.slice(0, index).reduce<number>((sum, l) => sum + l!, 0) + before;
  const delta = after - before;
  const beyond = (x: unknown): x is number => typeof x === 'number' && x >= end - 1e-9 * total;
  const shift = (row: Row, fields: readonly string[]): Row => {
    const out = { ...row };
    for (const field of fields) if (beyond(row[field])) out[field] = moved(row[field], delta);
    return out;
  };
  const rows = (key: string) => (Array.isArray(model[key]) ? (model[key] as Row[]) : undefined);
  const supports = rows('supports');
  const loads = rows('loads');
  return {
    ...model,
    ...(supports && { supports: supports.map((s) => shift(s, ['position'])) }),
    ...(loads && { loads: loads.map((l) => shift(l, MOVED[String(l.type)] ?? [])) }),
  };
}

/**
 * Remembers each span's last positive length, so that a length typed through a blank or half-typed field
 * (6 -> '' -> 8) moves the beam by 2 when it reads 8 again.
 */
export class SpanLengths {
  private last = new Map<number, number>();

  /** Forgets every length: after a change the page did not make by typing a length (rows, units, import). */
  reset(): void {
    this.last.clear();
  }

  /**
   * The model after span `index`'s length field changed from `previous` to `next`: moved beyond the span when
   * `next` is a length and differs from the last length the span had.
   */
  edit(model: Model, index: number, previous: unknown, next: unknown): Model {
    const before = this.last.get(index) ?? lengthOf(previous);
    const after = lengthOf(next);
    if (after === undefined) {
      if (before !== undefined) this.last.set(index, before);
      return model;
    }
    this.last.set(index, after);
    return before === undefined || before === after ? model : moveBeyondSpan(model, index, before, after);
  }
}

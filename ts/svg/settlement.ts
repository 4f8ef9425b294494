/**
 * An imposed support displacement (a settlement) written beside its support, on truss and frame figures: the
 * components the request gave, in its units. Beams draw theirs as a dropped support (beam.ts).
 */
import { quantity } from './format.js';
import type { Candidate } from './labels.js';
import type { Point } from './scene.js';

export interface Settlement {
  x?: number | undefined;
  y?: number | undefined;
  rotation?: number | undefined;
}

/** `Δx 5 mm`, `Δy -10 mm`, `Δx 5, Δy -10 mm`, `Δθ 0.002 rad`...; none when every component is zero. */
export function settlementLabel(settlement: Settlement | undefined, units: { length: string }): string | undefined {
  const parts = (['x', 'y'] as const)
    .filter((axis) => (settlement?.[axis] ?? 0) !== 0)
    .map((axis) => `\u0394${axis} ${quantity(settlement![axis]!)}`);
  const translation = parts.length === 0 ? [] : [`${parts.join(', ')} ${units.length}`];
  const rotation = settlement?.rotation ?? 0;
  const all = rotation === 0 ? translation : [...translation, `\u0394\u03b8 ${quantity(rotation)} rad`];
  return all.length === 0 ? undefined : all.join(', ');
}

/**
 * Candidates round a support: at `reach` pixels right and left first, then below and above, then the diagonals;
 * then the same ring twice as far out, past a reaction's arrows and arc.
 */
export function roundSupport(p: Point, reach: number): Candidate[] {
  return [...ring(p, reach), ...ring(p, 2 * reach), ...ring(p, 3 * reach)];
}

function ring(p: Point, reach: number): Candidate[] {
  return [
    { at: { x: p.x + reach, y: p.y + reach / 2 }, anchor: 'start' },
    { at: { x: p.x - reach, y: p.y + reach / 2 }, anchor: 'end' },
    { at: { x: p.x, y: p.y + reach + 12 }, anchor: 'middle' },
    { at: { x: p.x, y: p.y - reach }, anchor: 'middle' },
    { at: { x: p.x + reach, y: p.y + reach + 10 }, anchor: 'start' },
    { at: { x: p.x - reach, y: p.y + reach + 10 }, anchor: 'end' },
    { at: { x: p.x + reach, y: p.y - reach }, anchor: 'start' },
    { at: { x: p.x - reach, y: p.y - reach }, anchor: 'end' },
  ];
}

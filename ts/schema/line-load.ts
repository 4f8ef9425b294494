/**
 * What a distributed beam load is along the beam: a udl's intensity, or an area load's pressure times
 * its tributary width, each linear between `from` and `to`, so the line load is a quadratic in
 * `s = x - from`. It is what the `udl` and `area` fields of beam.ts mean, so it lives beside them, below
 * both readers: the solver (`ts/solve`) integrates it and the renderer (`ts/svg`) draws it.
 */
import type { BeamLoadInput } from './beam.js';

export type DistributedLoad = Extract<BeamLoadInput, { type: 'udl' | 'area' }>;

/** `[c0, c1, c2]` with q(s) = c0 + c1 s + c2 s² (units of the load's own system, per length). */
export function lineLoadCoefficients(l: DistributedLoad): [number, number, number] {
  const span = l.to - l.from;
  const slope = (a: number, b: number | undefined) => ((b ?? a) - a) / span;
  if (l.type === 'udl') return [l.start, slope(l.start, l.end), 0];
  const dp = slope(l.start, l.end);
  const dw = slope(l.width, l.endWidth);
  return [l.start * l.width, l.start * dw + dp * l.width, dp * dw];
}

/** The line load at position `x` (from the left end of the beam). */
export function lineLoadAt(l: DistributedLoad, x: number): number {
  const [c0, c1, c2] = lineLoadCoefficients(l);
  const s = x - l.from;
  return c0 + s * (c1 + s * c2);
}

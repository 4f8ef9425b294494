/**
 * Serviceability at a glance (issue 36): each span's largest deflection and its span/deflection ratio, the
 * number engineers set against L/360 or L/250, for the unfactored analysis, each combination, and the SLS
 * envelope (the combination whose deflection in that span is largest, and its ratio).
 */
import { toEngine, toSI, type UnitSystem } from '../units/index.js';

/** A value and where it is (the envelope's ExtremeEntry, which this module's caller imports). */
interface ExtremeEntry {
  value: number;
  position: number;
}

/** One span of the beam, `from` and `to` its ends (m | ft), and its deflection of largest magnitude (mm | in). */
export interface SpanDeflection<E extends ExtremeEntry = ExtremeEntry> {
  from: number;
  to: number;
  deflection: E;
  /** Span length over |deflection| (L/ratio); absent where the span does not deflect. */
  ratio?: number;
}

/**
 * A deflection at or below this fraction of the beam's largest is round-off of the solve (decisions.md 15's clean
 * numbers, which write it as 0): it has no ratio.
 */
const ROUND_OFF = 1e-12;

/**
 * A deflection's extremes as the API gives them (decisions.md 3 and 13): `max` is whichever of the largest (up) and
 * smallest (down) has the larger magnitude, the downward one on a tie.
 */
export function deflectionExtremes<E extends ExtremeEntry>(maxUp: E, maxDown: E): { max: E; maxUp: E; maxDown: E } {
  return { max: downwardGoverns(maxUp.value, maxDown.value) ? maxDown : maxUp, maxUp, maxDown };
}

/** Whether the largest downward deflection is `max` beside the largest upward one (a tie goes downward). */
export function downwardGoverns(up: number, down: number): boolean {
  return Math.abs(down) >= Math.abs(up);
}

/** Span length over |deflection|, each in the response's units (m | ft and mm | in), as a pure number. */
export function spanRatio(length: number, deflection: number, units: UnitSystem): number {
  return toEngine('length', toSI('length', length, units)) / toEngine('displacement', toSI('displacement', Math.abs(deflection), units));
}

/**
 * Each span's entry from its largest and smallest deflection (response units; `ends` the spans' ends along the
 * beam, m | ft): the one of larger magnitude, as `deflection.max` is chosen for the whole beam.
 */
export function spanDeflections(
  ranges: readonly { max: ExtremeEntry; min: ExtremeEntry }[],
  ends: readonly number[],
  units: UnitSystem,
): SpanDeflection[] {
  const largestOf = (r: { max: ExtremeEntry; min: ExtremeEntry }) => deflectionExtremes(r.max, r.min).max;
  const largest = Math.max(0, ...ranges.map((r) => Math.abs(largestOf(r).value)));
  return ranges.map((range, i) => {
    const [from, to] = [i === 0 ? 0 : ends[i - 1]!, ends[i]!];
    const deflection = largestOf(range);
    const deflects = Math.abs(deflection.value) > ROUND_OFF * largest;
    return { from, to, deflection, ...(deflects && { ratio: spanRatio(to - from, deflection.value, units) }) };
  });
}

/** Per span, the combination with the largest deflection there (the first on a tie), its deflection and ratio. */
export function spanEnvelope(
  perRun: readonly (readonly SpanDeflection[])[],
  ids: readonly string[],
): SpanDeflection<ExtremeEntry & { combination: string }>[] {
  const first = perRun[0] ?? [];
  return first.map((span, i) => {
    let best = 0;
    perRun.forEach((spans, k) => {
      if (Math.abs(spans[i]!.deflection.value) > Math.abs(perRun[best]![i]!.deflection.value)) best = k;
    });
    const chosen = perRun[best]![i]!;
    return {
      from: span.from,
      to: span.to,
      deflection: { ...chosen.deflection, combination: ids[best]! },
      ...(chosen.ratio !== undefined && { ratio: chosen.ratio }),
    };
  });
}

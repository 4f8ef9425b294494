/**
 * The values a beam chart labels, read from one curve: the value at every support, point load and applied
 * moment (both sides' values where the curve jumps there), each span's own peak, and where the moment changes
 * sign inside a span. Pure numbers: `chart.ts` turns them into labels, and an envelope reads the marks of each
 * of its two curves.
 */
import { quantity } from './format.js';

export type MarkRole = 'support' | 'jump' | 'peak' | 'zero';

export interface ChartMark {
  role: MarkRole;
  position: number;
  value: number;
  /** which side of a jump the value belongs to; `both` where the curve is continuous */
  side: 'left' | 'right' | 'both';
}

export interface MarkInput {
  series: readonly [number, number][];
  /** span ends, 0 first */
  ends: readonly number[];
  supports: readonly number[];
  /** positions of point loads and applied moments */
  loads: readonly number[];
  /** label span peaks (moment, deflection; shear peaks are at its jumps) */
  peaks: boolean;
  /** label interior sign changes (the moment's points of contraflexure) */
  zeros: boolean;
  /** exact extremes known from the solve: they replace a span's sampled peak of the same sense */
  exact?: readonly { value: number; position: number }[];
}

/** The vertex of the parabola through three samples: exact for a quadratic (a uniformly loaded span's moment). */
function vertex(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number]): [number, number] {
  const d1 = (b[1] - a[1]) / (b[0] - a[0]);
  const d2 = (c[1] - b[1]) / (c[0] - b[0]);
  const curvature = (d2 - d1) / (c[0] - a[0]);
  if (curvature === 0) return [b[0], b[1]];
  // slope of the parabola at b is d1 + curvature * (b - a); it is zero at x = b - slope / (2 curvature)
  const slope = d1 + curvature * (b[0] - a[0]);
  const x = Math.min(c[0], Math.max(a[0], b[0] - slope / (2 * curvature)));
  return [x, b[1] + slope * (x - b[0]) + curvature * (x - b[0]) ** 2];
}

/** The root between b and c of the parabola through a, b, c (linear when only two points are known). */
function root(points: readonly (readonly [number, number])[]): number {
  const [b, c] = points.slice(-2) as [readonly [number, number], readonly [number, number]];
  const linear = b[0] - (b[1] * (c[0] - b[0])) / (c[1] - b[1]);
  if (points.length < 3) return linear;
  const a = points[0]!;
  // Newton steps on the interpolating parabola, from the linear estimate
  let x = linear;
  for (let i = 0; i < 3; i++) {
    const f =
      (a[1] * ((x - b[0]) * (x - c[0]))) / ((a[0] - b[0]) * (a[0] - c[0])) +
      (b[1] * ((x - a[0]) * (x - c[0]))) / ((b[0] - a[0]) * (b[0] - c[0])) +
      (c[1] * ((x - a[0]) * (x - b[0]))) / ((c[0] - a[0]) * (c[0] - b[0]));
    const df =
      (a[1] * (2 * x - b[0] - c[0])) / ((a[0] - b[0]) * (a[0] - c[0])) +
      (b[1] * (2 * x - a[0] - c[0])) / ((b[0] - a[0]) * (b[0] - c[0])) +
      (c[1] * (2 * x - a[0] - b[0])) / ((c[0] - a[0]) * (c[0] - b[0]));
    if (df === 0) break;
    x -= f / df;
  }
  return Math.min(c[0], Math.max(b[0], x));
}

/** Index of the first sample at or after x (samples sorted by position), or the length when none is. */
function firstAtOrAfter(series: readonly (readonly [number, number])[], x: number): number {
  let [lo, hi] = [0, series.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (series[mid]![0] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function chartMarks(input: MarkInput): ChartMark[] {
  const { series, ends } = input;
  const total = ends[ends.length - 1] ?? 0;
  const tolerance = 1e-9 * Math.max(total, 1);
  let largest = 0;
  for (const [, v] of series) largest = Math.max(largest, Math.abs(v));
  const same = (a: number, b: number) => a === b || quantity(a, largest) === quantity(b, largest);
  const marks: ChartMark[] = [];

  // supports and loads: the samples at that position, the first the value from the left, the last from the right
  const keys = [...new Set([...input.supports, ...input.loads])].sort((a, b) => a - b);
  const supports = new Set(input.supports);
  for (const k of keys) {
    let i = firstAtOrAfter(series, k - tolerance);
    const first = series[i];
    if (!first || first[0] > k + tolerance) continue;
    while (i + 1 < series.length && series[i + 1]![0] <= k + tolerance) i++;
    const role: MarkRole = supports.has(k) ? 'support' : 'jump';
    const [left, right] = [first[1], series[i]![1]];
    if (same(left, right)) marks.push({ role, position: k, value: right, side: 'both' });
    else marks.push({ role, position: k, value: left, side: 'left' }, { role, position: k, value: right, side: 'right' });
  }
  const keyed = keys.map((k) => [k, 0] as const);
  const marked = (x: number) => {
    const i = firstAtOrAfter(keyed, x - 1e-6 * Math.max(total, 1));
    return i < keys.length && keys[i]! <= x + 1e-6 * Math.max(total, 1);
  };

  for (let s = 0; s + 1 < ends.length; s++) {
    const a = ends[s]!;
    const b = ends[s + 1]!;
    const from = firstAtOrAfter(series, a - tolerance);
    const to = firstAtOrAfter(series, b + tolerance * 1.5);
    const within = series.slice(from, to);
    const inside = within.filter(([x]) => x > a + tolerance && x < b - tolerance);
    if (input.peaks) {
      let [high, low]: ([number, number] | undefined)[] = [undefined, undefined];
      for (let i = 1; i + 1 < within.length; i++) {
        const p = within[i - 1]!;
        const q = within[i]!;
        const r = within[i + 1]!;
        if (q[0] <= a + tolerance || q[0] >= b - tolerance || p[0] === q[0] || q[0] === r[0]) continue;
        if (q[1] >= p[1] && q[1] >= r[1] && q[1] > 0 && (q[1] > p[1] || q[1] > r[1])) {
          const v = vertex(p, q, r);
          if (!high || v[1] > high[1]) high = v;
        }
        if (q[1] <= p[1] && q[1] <= r[1] && q[1] < 0 && (q[1] < p[1] || q[1] < r[1])) {
          const v = vertex(p, q, r);
          if (!low || v[1] < low[1]) low = v;
        }
      }
      for (const e of input.exact ?? []) {
        if (e.position <= a + tolerance || e.position >= b - tolerance) continue;
        if (e.value > 0 && high) high = [e.position, e.value];
        if (e.value < 0 && low) low = [e.position, e.value];
      }
      // a free end (a cantilever's tip) is its span's extreme
      for (const [x, sample] of [
        [a, s === 0 ? series[0] : undefined],
        [b, s + 2 === ends.length ? series[series.length - 1] : undefined],
      ] as const) {
        if (!sample || input.supports.some((p) => Math.abs(p - x) <= tolerance) || Math.abs(sample[1]) <= 1e-9 * largest) continue;
        if (sample[1] > 0 && (!high || sample[1] > high[1])) high = [x, sample[1]];
        if (sample[1] < 0 && (!low || sample[1] < low[1])) low = [x, sample[1]];
      }
      for (const peak of [high, low]) {
        if (peak && !marked(peak[0])) marks.push({ role: 'peak', position: peak[0], value: peak[1], side: 'both' });
      }
    }
    if (input.zeros) {
      const span = b - a;
      for (let i = 1; i < inside.length; i++) {
        const p = inside[i - 1]!;
        const q = inside[i]!;
        if (p[0] === q[0] || !(p[1] * q[1] < 0) || Math.abs(p[1]) <= 1e-9 * largest || Math.abs(q[1]) <= 1e-9 * largest) continue;
        const previous = inside[i - 2];
        const x = root(previous && previous[0] !== p[0] ? [previous, p, q] : [p, q]);
        if (x - a > 0.05 * span && b - x > 0.05 * span) marks.push({ role: 'zero', position: x, value: 0, side: 'both' });
      }
    }
  }
  return marks;
}

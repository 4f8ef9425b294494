/**
 * The frame envelope (decisions.md 14) over per-combination results already in API shape: reaction and
 * member extremes over ULS combinations, joint displacements over SLS ones; on a tie the first
 * combination in id order governs (decisions.md 13). Same selection rules as ./envelope.ts.
 */
import {
  bounds,
  column,
  describe,
  governing,
  headerOf,
  larger,
  mismatch,
  ofKind,
  reactionBounds,
  smaller,
  type Better,
  type Bounds,
  type CombinationRun,
  type ExtremeEntry,
  type Governed,
  type GovernedExtreme,
  type Series,
} from './envelope.js';
import type { ArrangedValue, FramePatternBounds, FramePiece, PatternSummary } from './pattern.js';
import type { Combination, CombinationsHeader } from './types.js';

export interface FrameReaction {
  node: number;
  horizontal: number;
  vertical: number;
  moment: number;
}

export interface FrameDisplacement {
  node: number;
  dx: number;
  dy: number;
  rotation: number;
}

export interface FrameMemberExtremes {
  axial: Bounds<ExtremeEntry>;
  shear: Bounds<ExtremeEntry>;
  moment: { maxSagging: ExtremeEntry; maxHogging: ExtremeEntry };
  /** Displacement along y', as a beam's deflection extremes. */
  deflection: { max: ExtremeEntry; maxUp: ExtremeEntry; maxDown: ExtremeEntry };
}

/**
 * One combination's member extremes, member by member in the request's order: the pipeline holds them as the
 * engine's columns (a frame with combinations has hundreds of thousands), the envelope reads them one at a time.
 */
export interface FrameMemberExtremesList {
  readonly length: number;
  /** The id of the `k`th member (a function that needs no `this`). */
  readonly member: (k: number) => number;
  /** The `k`th member's extremes (a function that needs no `this`). */
  readonly extremes: (k: number) => FrameMemberExtremes;
}

/** What the envelope reads of one combination's frame results (with a pattern, its bounds over every arrangement too). */
export interface FrameCombinationResult {
  reactions: FrameReaction[];
  displacements: FrameDisplacement[];
  members: FrameMemberExtremesList;
  pattern?: FramePatternBounds;
}

export type FrameRun = CombinationRun<FrameCombinationResult>;

export interface FrameEnvelopeCombination extends Combination, Omit<FrameCombinationResult, 'pattern'> {}

export interface FrameMemberEnvelope {
  member: number;
  axial: Bounds<GovernedExtreme>;
  shear: Bounds<GovernedExtreme>;
  moment: { maxSagging: GovernedExtreme; maxHogging: GovernedExtreme };
}

export interface FrameEnvelope extends CombinationsHeader {
  combinations: FrameEnvelopeCombination[];
  pattern?: PatternSummary<FramePiece>;
  uls?: {
    reactions: { node: number; horizontal: Bounds<Governed>; vertical: Bounds<Governed>; moment: Bounds<Governed> }[];
    members: FrameMemberEnvelope[];
  };
  sls?: { displacements: { node: number; dx: Bounds<Governed>; dy: Bounds<Governed>; rotation: Bounds<Governed> }[] };
}

/** A governing bound that names no arrangement, patterned: that of no piece (its combination has no patterned case). */
function noPieces<G extends Governed>(governed: G): G {
  if (governed.pattern !== undefined) return governed;
  const { combination, ...bound } = governed;
  // `pattern` before `combination`, so that the answer writes it as it writes a bound the engine arranged
  return { ...bound, pattern: [], combination } as Governed as G;
}

/**
 * Bounds of each named field over the combinations' items of one node or support; patterned, a combination takes its
 * bounds over every arrangement (`arranged[c]`) instead of its value, or when it has none (no patterned case in it,
 * so every arrangement is itself) its value with no piece present.
 */
function fieldBounds<T, K extends keyof T & string>(
  items: readonly T[],
  ids: readonly string[],
  keys: readonly K[],
  arranged?: readonly (Partial<Record<K, Bounds<ArrangedValue>>> | undefined)[],
): Record<K, Bounds<Governed>> {
  const out = {} as Record<K, Bounds<Governed>>;
  for (const key of keys) {
    const values = items.map((item) => item[key] as number);
    out[key] =
      arranged === undefined
        ? bounds(values, ids)
        : eitherNoPieces(
            reactionBounds(
              values,
              arranged.map((a) => a?.[key]),
              ids,
            ),
          );
  }
  return out;
}

/** `noPieces` on both bounds. */
function eitherNoPieces(b: Bounds<Governed>): Bounds<Governed> {
  return { max: noPieces(b.max), min: noPieces(b.min) };
}

/** A combination's member extremes as the envelope takes them: over every arrangement where it has them. */
function adverseMember(extremes: FrameMemberExtremes, arranged: NonNullable<FramePatternBounds['members']>[number] | undefined) {
  return arranged === undefined ? extremes : { ...extremes, axial: arranged.axial, shear: arranged.shear, moment: arranged.moment };
}

/**
 * A member's extremes over the combinations: the largest max and the smallest min, each with its position (patterned,
 * each with its arrangement).
 */
function memberEnvelope(
  member: number,
  all: readonly FrameMemberExtremes[],
  ids: readonly string[],
  patterned: boolean,
): FrameMemberEnvelope {
  const pick = (entry: (e: FrameMemberExtremes) => ExtremeEntry, better: Better) => {
    const governed = governing(all.map(entry), ids, better);
    return patterned ? noPieces(governed) : governed;
  };
  return {
    member,
    axial: { max: pick((e) => e.axial.max, larger), min: pick((e) => e.axial.min, smaller) },
    shear: { max: pick((e) => e.shear.max, larger), min: pick((e) => e.shear.min, smaller) },
    moment: { maxSagging: pick((e) => e.moment.maxSagging, larger), maxHogging: pick((e) => e.moment.maxHogging, smaller) },
  };
}

/**
 * The envelope of `runs`, every one listed fully loaded. With `pattern`, each bound is over every arrangement (a run's
 * `result.pattern`, or with none its own result, no piece present) and the runs `pattern.outdone` marks (see
 * `dominated`) govern none.
 */
export function frameEnvelope(
  header: CombinationsHeader,
  runs: readonly FrameRun[],
  pattern?: { outdone: readonly boolean[] },
): FrameEnvelope {
  const outdone = pattern?.outdone ?? [];
  const envelope: FrameEnvelope = {
    ...headerOf(header),
    combinations: runs.map(({ combination, result }) => ({
      ...describe(combination),
      reactions: result.reactions,
      displacements: result.displacements,
      members: result.members,
    })),
  };
  const candidates = runs.filter((_, k) => !outdone[k]);
  const uls = ofKind(candidates, 'ULS');
  if (uls.length > 0) {
    const ids = uls.map((run) => run.combination.id);
    const supports = column(
      uls.map((run) => run.result.reactions),
      (r) => r.node,
      'frame supports',
    );
    const members = uls.map((run) => run.result.members);
    const [count, memberOf] = [members[0]!.length, members[0]!.member];
    const extremesOf = members.map((list) => list.extremes);
    for (const list of members) {
      const other = list.member;
      for (let k = 0; k < count; k++)
        if (list.length !== count || other(k) !== memberOf(k)) throw mismatch('frame members differ between combinations');
    }
    envelope.uls = {
      reactions: supports.map((rs, s) => ({
        node: rs[0]!.node,
        ...fieldBounds(
          rs,
          ids,
          ['horizontal', 'vertical', 'moment'] as const,
          pattern && uls.map((run) => run.result.pattern?.reactions?.[s]),
        ),
      })),
      members: Array.from({ length: count }, (_, k) =>
        memberEnvelope(
          memberOf(k),
          extremesOf.map((extremes, c) => adverseMember(extremes(k), uls[c]!.result.pattern?.members?.[k])),
          ids,
          pattern !== undefined,
        ),
      ),
    };
  }
  const sls = ofKind(candidates, 'SLS');
  if (sls.length > 0) {
    const ids = sls.map((run) => run.combination.id);
    const nodes = column(
      sls.map((run) => run.result.displacements),
      (d) => d.node,
      'frame nodes',
    );
    envelope.sls = {
      displacements: nodes.map((ds, n) => ({
        node: ds[0]!.node,
        ...fieldBounds(ds, ids, ['dx', 'dy', 'rotation'] as const, pattern && sls.map((run) => run.result.pattern?.displacements?.[n])),
      })),
    };
  }
  return envelope;
}

/** A series' values just left and just right of `x`: its two values at a jump, its own value at a sample, else read on the line between samples. */
function sidesAt(series: Series, x: number): [number, number] {
  let lo = 0;
  let hi = series.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (series[mid]![0] < x) lo = mid + 1;
    else hi = mid;
  }
  const next = series[lo];
  if (next === undefined) {
    const last = series[series.length - 1]![1];
    return [last, last];
  }
  if (next[0] === x) {
    let end = lo;
    while (series[end + 1]?.[0] === x) end++;
    return [next[1], series[end]![1]];
  }
  const before = series[lo - 1];
  if (before === undefined) return [next[1], next[1]];
  const value = before[1] + ((next[1] - before[1]) * (x - before[0])) / (next[0] - before[0]);
  return [value, value];
}

/**
 * Pointwise bounds of series each sampled at positions of its own (the engine samples a frame member only as
 * finely as the combination's loads on it need: an unloaded member is two points, exactly its straight line).
 * The bounds are taken at every position of any series, each series read between its samples on the line
 * joining them; where any series jumps, both sides of the jump are kept.
 */
export function unionSeriesBounds(all: readonly Series[]): Bounds<Series> {
  const positions = [...new Set(all.flatMap((series) => series.map(([x]) => x)))].sort((a, b) => a - b);
  const max: Series = [];
  const min: Series = [];
  for (const x of positions) {
    const sides = all.map((series) => sidesAt(series, x));
    const jump = sides.some(([left, right]) => left !== right);
    for (const side of jump ? [0, 1] : [0]) {
      const values = sides.map((s) => s[side]!);
      max.push([x, Math.max(...values)]);
      min.push([x, Math.min(...values)]);
    }
  }
  return { max, min };
}

/**
 * Each member's pointwise bounds of one diagram over some combinations' results (`runs[c][member]` is a series):
 * the envelope curves a frame figure draws. The response carries no member series, so only figures call this.
 */
export function memberSeriesBounds(runs: readonly (readonly Series[])[], label: string): Bounds<Series>[] {
  return column(runs, () => label, `${label} members`).map((all) => unionSeriesBounds(all));
}

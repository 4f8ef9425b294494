/**
 * Envelopes over per-combination results that are already in API shape (units converted, signs
 * of decisions.md section 2 applied), so the same arithmetic serves SI and imperial responses.
 * Output is the `envelope` object of decisions.md section 4. Forces are enveloped over ULS
 * combinations only, deflections and displacements over SLS combinations only; on a tie the
 * first combination in the order given (id order) governs (decisions.md section 13).
 */
import { spanEnvelope, type SpanDeflection } from './serviceability.js';
import { Problem } from '../problem/index.js';
import type { ArrangedValue, Arrangement, BeamPatternBounds, PatternSummary } from './pattern.js';
import type { Combination, CombinationsHeader, LimitState } from './types.js';

/** `[position, value]` pairs; at a jump a position appears twice (left value, then right). */
export type Series = Array<[number, number]>;

export interface ExtremeEntry {
  value: number;
  position: number;
}

export interface BeamExtremes {
  shear: { max: ExtremeEntry; min: ExtremeEntry };
  moment: { maxSagging: ExtremeEntry; maxHogging: ExtremeEntry };
  deflection: { max: ExtremeEntry; maxUp: ExtremeEntry; maxDown: ExtremeEntry };
  /** Each span's largest deflection and span/deflection ratio (ts/combinations/serviceability.ts). */
  spans: SpanDeflection[];
}

export interface BeamReaction {
  type: string;
  position: number;
  vertical: number;
  moment: number;
}

/**
 * The diagrams. `S` is the form of a series: `Series` data, or (in the solve pipeline) the same
 * series already written as JSON text.
 */
export interface BeamDiagrams<S = Series> {
  shear: S;
  moment: S;
  rotation: S;
  deflection: S;
}

/** One combination's beam results, in the shape of the top-level beam solve response. */
export interface BeamResult<S = Series> {
  reactions: BeamReaction[];
  diagrams: BeamDiagrams<S>;
  extremes: BeamExtremes;
}

export interface TrussReaction {
  node: number;
  horizontal: number;
  vertical: number;
}

export interface MemberForce {
  member: number;
  from: number;
  to: number;
  force: number;
}

export interface NodeDisplacement {
  node: number;
  dx: number;
  dy: number;
}

/** One combination's truss results, in the shape of the top-level truss solve response. */
export interface TrussResult {
  reactions: TrussReaction[];
  memberForces: MemberForce[];
  displacements: NodeDisplacement[];
}

export interface CombinationRun<R> {
  combination: Combination;
  result: R;
}
export type BeamRun = CombinationRun<BeamResult>;
export type TrussRun = CombinationRun<TrussResult>;

/** A bound and the id of the combination that gives it (and, patterned, the pieces present in its arrangement). */
export interface Governed {
  value: number;
  pattern?: Arrangement;
  combination: string;
}

/** An extreme with its position and the id of the combination that gives it (and, patterned, its arrangement). */
export interface GovernedExtreme extends ExtremeEntry {
  pattern?: Arrangement;
  combination: string;
}

export interface Bounds<T> {
  max: T;
  min: T;
}

export interface BeamReactionEnvelope {
  type: string;
  position: number;
  vertical: Bounds<Governed>;
  moment: Bounds<Governed>;
}

export interface BeamUlsEnvelope<S = Series> {
  shear: Bounds<S>;
  moment: Bounds<S>;
  extremes: {
    shear: Bounds<GovernedExtreme>;
    moment: { maxSagging: GovernedExtreme; maxHogging: GovernedExtreme };
  };
  reactions: BeamReactionEnvelope[];
}

export interface BeamSlsEnvelope<S = Series> {
  deflection: Bounds<S>;
  extremes: {
    deflection: { max: GovernedExtreme; maxUp: GovernedExtreme; maxDown: GovernedExtreme };
    spans: SpanDeflection<GovernedExtreme>[];
  };
}

export interface BeamEnvelopeCombination extends Combination {
  reactions: BeamReaction[];
  extremes: BeamExtremes;
}

export interface BeamEnvelope<S = Series> extends CombinationsHeader {
  combinations: BeamEnvelopeCombination[];
  pattern?: PatternSummary;
  uls?: BeamUlsEnvelope<S>;
  sls?: BeamSlsEnvelope<S>;
}

export interface TrussReactionEnvelope {
  node: number;
  horizontal: Bounds<Governed>;
  vertical: Bounds<Governed>;
}

export interface MemberForceEnvelope {
  member: number;
  max: Governed;
  min: Governed;
}

export interface DisplacementEnvelope {
  node: number;
  dx: Bounds<Governed>;
  dy: Bounds<Governed>;
}

export interface TrussEnvelopeCombination extends Combination {
  reactions: TrussReaction[];
  memberForces: MemberForce[];
}

export interface TrussEnvelope extends CombinationsHeader {
  combinations: TrussEnvelopeCombination[];
  uls?: { memberForces: MemberForceEnvelope[]; reactions: TrussReactionEnvelope[] };
  sls?: { displacements: DisplacementEnvelope[] };
}

// ---------------------------------------------------------------------------------------------
// Selection with the tie rule: a later combination replaces the current choice only when it is
// strictly better, so the first of equals stays.

export type Better = (candidate: number, incumbent: number) => boolean;
export const larger: Better = (a, b) => a > b;
export const smaller: Better = (a, b) => a < b;
const largerMagnitude: Better = (a, b) => Math.abs(a) > Math.abs(b);

export function governing<T extends { value: number }>(
  entries: readonly T[],
  ids: readonly string[],
  better: Better,
): T & { combination: string } {
  let best = 0;
  entries.forEach((entry, i) => {
    if (better(entry.value, entries[best]!.value)) best = i;
  });
  const entry = entries[best];
  const combination = ids[best];
  if (entry === undefined || combination === undefined) throw mismatch('no combination to envelope');
  return { ...entry, combination };
}

/** `governing` over bare values, without an entry object per value: a truss's envelope takes a thousand members' bounds. */
function governed(values: readonly number[], ids: readonly string[], better: Better): Governed {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (better(values[i]!, values[best]!)) best = i;
  const value = values[best];
  const combination = ids[best];
  if (value === undefined || combination === undefined) throw mismatch('no combination to envelope');
  return { value, combination };
}

export function bounds(values: readonly number[], ids: readonly string[]): Bounds<Governed> {
  return { max: governed(values, ids, larger), min: governed(values, ids, smaller) };
}

/** The pipeline promised aligned results; a misalignment is our bug, not the caller's. */
export function mismatch(what: string): Problem {
  return new Problem('internal_error', `Combination results do not line up: ${what}.`);
}

/**
 * Pointwise max and min of series sampled at the same positions in the same order. One pass with
 * plain loops: this runs over every combination's samples (hundreds of pairs each), so it allocates
 * nothing but the two results.
 */
export function seriesBounds(all: readonly Series[], label: string): Bounds<Series> {
  const first = all[0];
  if (first === undefined) throw mismatch(`no ${label} series`);
  const length = first.length;
  if (all.some((series) => series.length !== length)) throw mismatch(`${label} series sampled at different positions`);
  const max: Series = new Array(length);
  const min: Series = new Array(length);
  for (let i = 0; i < length; i++) {
    const position = first[i]![0];
    let high = -Infinity;
    let low = Infinity;
    for (const series of all) {
      const [at, value] = series[i]!;
      if (at !== position) throw mismatch(`${label} series sampled at different positions`);
      if (value > high) high = value;
      if (value < low) low = value;
    }
    max[i] = [position, high];
    min[i] = [position, low];
  }
  return { max, min };
}

/** The i-th item of every run, checked to be the same support, node or member. */
export function column<T, K>(lists: readonly (readonly T[])[], key: (item: T) => K, label: string): T[][] {
  const first = lists[0] ?? [];
  return first.map((item, i) =>
    lists.map((list) => {
      const other = list[i];
      if (list.length !== first.length || other === undefined || key(other) !== key(item)) {
        throw mismatch(`${label} differ between combinations`);
      }
      return other;
    }),
  );
}

export function ofKind<R>(runs: readonly CombinationRun<R>[], kind: LimitState): CombinationRun<R>[] {
  return runs.filter((run) => run.combination.kind === kind);
}

export function headerOf(header: CombinationsHeader): CombinationsHeader {
  const head: CombinationsHeader = { standard: header.standard, occupancy: header.occupancy };
  if (header.snowZone !== undefined) head.snowZone = header.snowZone;
  return head;
}

export function describe(combination: Combination): Combination {
  const { id, name, kind, factors } = combination;
  return { id, name, kind, factors: { ...factors } };
}

/**
 * The envelope alone (`output.combinations: "envelope"`, decisions.md 22): each combination by id, name and kind, its
 * factors and own results left out (the name spells the factors, combinations.md 0.2; a custom one's are the
 * caller's own); every governing value in `uls` and `sls` still names its combination. Typed as the envelope it
 * came from: only the answer's JSON reads it.
 */
export function envelopeAlone<E extends { combinations: readonly Combination[] }>(envelope: E): E {
  const named = envelope.combinations.map((combination) => {
    const { id, name, kind } = combination;
    // a frame combination's critical load factors (decisions.md 19) are bounded by no envelope, so they stay
    const { buckling } = combination as { buckling?: unknown };
    return buckling === undefined ? { id, name, kind } : { id, name, kind, buckling };
  });
  return { ...envelope, combinations: named };
}

// ---------------------------------------------------------------------------------------------
// Beam

/**
 * A combination's beam results as the envelope reads them: its diagrams are bounded separately. With a
 * pattern, `pattern` holds its bounds over every arrangement, which the envelope takes instead.
 */
export interface BeamCombinationResult {
  reactions: BeamReaction[];
  extremes: BeamExtremes;
  pattern?: BeamPatternBounds;
}

/** A combination's extremes as the envelope takes them: over every arrangement where it has them. */
function adverseExtremes(r: BeamCombinationResult): BeamExtremes {
  const arranged = r.pattern?.extremes;
  return {
    shear: arranged?.shear ?? r.extremes.shear,
    moment: arranged?.moment ?? r.extremes.moment,
    deflection: arranged?.deflection ?? r.extremes.deflection,
    // each span's deflection stays the fully loaded combination's: the arrangements bound the whole beam only
    spans: r.extremes.spans,
  };
}

/** Bounds of one reaction component over the combinations, each over its arrangements where it has them. */
export function reactionBounds(
  full: readonly number[],
  arranged: readonly (Bounds<ArrangedValue> | undefined)[],
  ids: readonly string[],
): Bounds<Governed> {
  return {
    max: governing(
      full.map((value, k) => arranged[k]?.max ?? { value }),
      ids,
      larger,
    ),
    min: governing(
      full.map((value, k) => arranged[k]?.min ?? { value }),
      ids,
      smaller,
    ),
  };
}

/** Pointwise bounds of the combinations' diagrams: shear and moment over ULS rows, deflection over SLS rows. */
export interface BeamEnvelopeSeries<S = Series> {
  uls?: { shear: Bounds<S>; moment: Bounds<S> };
  sls?: { deflection: Bounds<S> };
}

function beamUls<S>(runs: readonly CombinationRun<BeamCombinationResult>[], series: BeamEnvelopeSeries<S>['uls']): BeamUlsEnvelope<S> {
  if (series === undefined) throw mismatch('ULS combinations ran without shear and moment series');
  const ids = runs.map((run) => run.combination.id);
  const results = runs.map((run) => ({ ...run.result, extremes: adverseExtremes(run.result) }));
  const arranged = runs.map((run) => run.result.pattern?.reactions);
  const supports = column(
    results.map((r) => r.reactions),
    (reaction) => reaction.position,
    'beam supports',
  );
  return {
    shear: series.shear,
    moment: series.moment,
    extremes: {
      shear: {
        max: governing(
          results.map((r) => r.extremes.shear.max),
          ids,
          larger,
        ),
        min: governing(
          results.map((r) => r.extremes.shear.min),
          ids,
          smaller,
        ),
      },
      moment: {
        maxSagging: governing(
          results.map((r) => r.extremes.moment.maxSagging),
          ids,
          larger,
        ),
        maxHogging: governing(
          results.map((r) => r.extremes.moment.maxHogging),
          ids,
          smaller,
        ),
      },
    },
    reactions: supports.map((reactions, i) => {
      const { type, position } = reactions[0]!;
      return {
        type,
        position,
        vertical: reactionBounds(
          reactions.map((r) => r.vertical),
          arranged.map((a) => a?.[i]?.vertical),
          ids,
        ),
        moment: reactionBounds(
          reactions.map((r) => r.moment),
          arranged.map((a) => a?.[i]?.moment),
          ids,
        ),
      };
    }),
  };
}

function beamSls<S>(runs: readonly CombinationRun<BeamCombinationResult>[], series: BeamEnvelopeSeries<S>['sls']): BeamSlsEnvelope<S> {
  if (series === undefined) throw mismatch('SLS combinations ran without deflection series');
  const ids = runs.map((run) => run.combination.id);
  const deflections = runs.map((run) => adverseExtremes(run.result).deflection);
  return {
    deflection: series.deflection,
    extremes: {
      deflection: {
        // The envelope's largest-magnitude deflection is the largest |max| of any combination.
        max: governing(
          deflections.map((d) => d.max),
          ids,
          largerMagnitude,
        ),
        maxUp: governing(
          deflections.map((d) => d.maxUp),
          ids,
          larger,
        ),
        maxDown: governing(
          deflections.map((d) => d.maxDown),
          ids,
          smaller,
        ),
      },
      spans: spanEnvelope(
        runs.map((run) => run.result.extremes.spans),
        ids,
      ),
    },
  };
}

/** The diagrams an envelope bounds: shear and moment over ULS rows, deflection over SLS rows. */
export type EnvelopedDiagram = 'shear' | 'moment' | 'deflection';

/** How to bound one diagram over some combinations' results. */
export type DiagramBounds<R> = (results: readonly R[], name: EnvelopedDiagram) => Bounds<Series>;

/** Bounds of results that carry their diagrams as `[position, value]` series (API or engine units). */
export function diagramBounds(
  results: readonly { diagrams: Pick<BeamDiagrams, EnvelopedDiagram> }[],
  name: EnvelopedDiagram,
): Bounds<Series> {
  return seriesBounds(
    results.map((r) => r.diagrams[name]),
    name,
  );
}

/** The diagram bounds an envelope needs, by `boundsOf` over the ULS and the SLS runs. */
export function beamSeriesBounds<R>(runs: readonly CombinationRun<R>[], boundsOf: DiagramBounds<R>): BeamEnvelopeSeries {
  const results = (kind: 'ULS' | 'SLS') => ofKind(runs, kind).map((run) => run.result);
  const uls = results('ULS');
  const sls = results('SLS');
  const series: BeamEnvelopeSeries = {};
  if (uls.length > 0) series.uls = { shear: boundsOf(uls, 'shear'), moment: boundsOf(uls, 'moment') };
  if (sls.length > 0) series.sls = { deflection: boundsOf(sls, 'deflection') };
  return series;
}

export function beamEnvelope(header: CombinationsHeader, runs: readonly BeamRun[]): BeamEnvelope {
  return beamEnvelopeWithSeries(header, runs, beamSeriesBounds(runs, diagramBounds));
}

/**
 * The envelope from each combination's reactions and extremes plus diagram bounds computed
 * elsewhere. The solve pipeline bounds the engine's series before converting units (every unit
 * conversion is a positive scale, so it commutes with max and min) and never presents a
 * combination's diagrams, which the response does not carry.
 */
export function beamEnvelopeWithSeries<S>(
  header: CombinationsHeader,
  runs: readonly CombinationRun<BeamCombinationResult>[],
  series: BeamEnvelopeSeries<S>,
): BeamEnvelope<S> {
  const envelope: BeamEnvelope<S> = {
    ...headerOf(header),
    combinations: runs.map(({ combination, result }) => ({
      ...describe(combination),
      reactions: result.reactions,
      extremes: result.extremes,
    })),
  };
  const uls = ofKind(runs, 'ULS');
  const sls = ofKind(runs, 'SLS');
  if (uls.length > 0) envelope.uls = beamUls(uls, series.uls);
  if (sls.length > 0) envelope.sls = beamSls(sls, series.sls);
  return envelope;
}

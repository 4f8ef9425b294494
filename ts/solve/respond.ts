/**
 * The end of every solve, its one presentation path: the results, then `envelope` when combinations ran,
 * `meta`, and `links` when the model fits in a link and the caller wants one (decisions.md 4 and 5), in that
 * order. Here round-off becomes 0 (clean numbers, decisions.md 15), the caller's `output` (decisions.md 22)
 * drops the diagram series, or with combinations all but the envelope, and rounds every result number, in results
 * and envelope alike.
 */
import { envelopeAlone } from '../combinations/envelope.js';
import type { Combination } from '../combinations/types.js';
import { PRECISION, type Output } from '../schema/common.js';
import type { Quantity, UnitSystem } from '../units/index.js';
import type { SolveContext } from './context.js';
import { viewLink, type Links, type ViewKind } from './links.js';
import { cleanNumbers, RESULT_QUANTITIES, significant } from './clean.js';
import { ColumnRows } from './column-rows.js';
import { SeriesData } from './json-text.js';
import { meta, type Meta } from './meta.js';
import { PieceList } from './piece-list.js';

export interface Finishing {
  context: SolveContext;
  kind: ViewKind;
  units: UnitSystem;
  labels: Record<string, Quantity>;
  warnings: string[];
  /** `meta.check.equilibrium` of the unfactored analysis (equilibriumResidual, ts/solve/equilibrium.ts). */
  equilibrium: number;
  /** When the solve started, on the context's clock. */
  started: number;
  /** The SI, section-resolved request the link carries (its `output` is left out: the calculator shows everything). */
  si: object;
  /** What the caller asked the answer to carry; absent, every diagram at PRECISION.http digits. */
  output?: Output | undefined;
  /**
   * False where the pipeline put no diagram series in the results or the envelope (a truss; a frame, whose
   * member diagrams are sampled only when shown and whose envelope has none): `output.diagrams: false` then
   * strips nothing, and looking for series through a frame's envelope cost a tenth of its answer.
   */
  series?: boolean;
}

/** Whether a value is a diagram series, or an object holding only series (a beam's `diagrams`, an envelope's `{max, min}`). */
function isSeries(value: unknown): boolean {
  if (value instanceof SeriesData) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  let any = false;
  for (const key in value) {
    if (!isSeries((value as Record<string, unknown>)[key])) return false;
    any = true;
  }
  return any;
}

/**
 * The value without its diagram series, at any depth: the keys are absent, not empty (decisions.md 22). What
 * holds no series is the very same object, not a copy: a frame's envelope is a few hundred thousand small objects,
 * and copying them cost as much as writing them.
 */
export function withoutSeries<T>(value: T): T {
  if (
    typeof value !== 'object' ||
    value === null ||
    value instanceof SeriesData ||
    value instanceof ColumnRows ||
    value instanceof PieceList
  )
    return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const w = withoutSeries(v);
      if (w !== v) (copy ??= value.slice())[i] = w;
    }
    return (copy ?? value) as T;
  }
  const holder = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  let kept = 0;
  for (const key in holder) {
    const v = holder[key];
    const series = typeof v === 'object' && v !== null && isSeries(v);
    const w = series ? v : withoutSeries(v);
    if (out === undefined && (series || w !== v)) {
      // the first change: the keys before it, as they were
      out = {};
      let k = 0;
      for (const before in holder) {
        if (k++ === kept) break;
        out[before] = holder[before];
      }
    }
    if (!series && out !== undefined) out[key] = w;
    kept++;
  }
  return (out ?? value) as T;
}

export type Response<R, E> = R & { envelope?: E; meta: Meta; links?: Links };

export function respond<R extends object, E extends { combinations: readonly Combination[] }>(
  results: R,
  envelope: E | undefined,
  how: Finishing,
): Response<R, E> {
  const { context } = how;
  const now = context.now ?? (() => performance.now());
  const digits = how.output?.precision ?? PRECISION.http;
  // the envelope alone: the unfactored analysis and each combination's results are left out (decisions.md 22); typed as
  // R all the same, since what reads the results as R (the figures) never takes `output`
  const alone = how.output?.combinations === 'envelope' && envelope !== undefined;
  const [asked, envelopeAsked] = alone ? [{} as R, envelopeAlone(envelope)] : [results, envelope];
  const strip = how.output?.diagrams === false && how.series !== false;
  const [shown, enveloped] = strip ? [withoutSeries(asked), withoutSeries(envelopeAsked)] : [asked, envelopeAsked];
  cleanNumbers([shown, enveloped], RESULT_QUANTITIES, digits);
  const equilibrium = significant(how.equilibrium, digits);
  const response: Response<R, E> = {
    ...shown,
    ...(enveloped !== undefined && { envelope: enveloped }),
    meta: meta(context.engine.version, how.units, how.labels, now() - how.started, context.baseUrl, how.warnings, equilibrium),
  };
  if (context.link !== false) {
    const { output: _output, ...model } = how.si as { output?: unknown };
    const links = viewLink(context.baseUrl, how.kind, model, context.engine.linkDeflater);
    if (links) response.links = links;
  }
  return response;
}

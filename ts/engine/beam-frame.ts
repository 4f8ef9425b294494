/**
 * A beam request and its answer as flat arrays of numbers: the layout of crates/engine-wasm
 * `beam_frame` (the Rust side documents it field by field; the two change together). A small beam
 * solves in tens of microseconds, and JSON both ways cost as much again.
 */
import { caseCount, FrameWriter } from './frame.js';
import type {
  DiagramName,
  EngineBeamModel,
  EngineBeamResult,
  EngineEnvelopeRequest,
  EngineExtreme,
  EngineRange,
  EngineSupportKind,
} from './types.js';

const SUPPORT_KINDS: readonly EngineSupportKind[] = ['pin', 'roller', 'fixed'];
const LOAD_TYPES = ['point', 'moment', 'line'] as const;
export const DIAGRAMS: readonly DiagramName[] = ['shear', 'moment', 'rotation', 'deflection'];

/** The request frame: counts, spans, supports, loads, combinations, envelopes. */
export function encodeBeamRequest(
  model: EngineBeamModel,
  combinations: readonly number[][],
  envelopes: readonly EngineEnvelopeRequest[],
  keepDiagrams: number,
): Float64Array {
  const cases = caseCount(combinations);
  const size =
    7 +
    4 * model.spans.length +
    3 * model.supports.length +
    7 * model.loads.length +
    cases * combinations.length +
    envelopes.reduce((n, e) => n + 2 + e.combinations.length, 0);
  const writer = new FrameWriter(size);
  const put = (value: number) => writer.put(value);
  for (const n of [model.spans.length, model.supports.length, model.loads.length, cases, combinations.length, envelopes.length, keepDiagrams]) put(n);
  for (const s of model.spans) {
    put(s.length);
    put(s.e);
    put(s.i);
    put(s.hinge ? 1 : 0);
  }
  for (const s of model.supports) {
    put(SUPPORT_KINDS.indexOf(s.kind));
    put(s.position);
    put(s.settlement);
  }
  for (const l of model.loads) {
    put(LOAD_TYPES.indexOf(l.type));
    put(l.case);
    const [a, b, c, d, e] = l.type === 'point' ? [l.position, l.force, 0, 0, 0] : l.type === 'moment' ? [l.position, l.moment, 0, 0, 0] : [l.from, l.to, ...l.q];
    put(a);
    put(b);
    put(c);
    put(d);
    put(e);
  }
  writer.putFactors(combinations, cases);
  for (const e of envelopes) {
    put(DIAGRAMS.indexOf(e.diagram));
    put(e.combinations.length);
    for (const i of e.combinations) put(i);
  }
  return writer.frame;
}

/** One result without its series, and its series' pair counts. */
export interface AnswerResult {
  result: Omit<EngineBeamResult<never>, 'samples'>;
  pairs: number[];
}

/** The answer frame: each result's reactions, extremes and pair counts; envelope pair counts. */
export function decodeBeamAnswer(answer: Float64Array): { results: AnswerResult[]; envelopes: number[] } {
  let at = 0;
  const next = () => answer[at++]!;
  const list = <T>(read: () => T): T[] => Array.from({ length: next() }, read);
  const extreme = (): EngineExtreme => ({ value: next(), position: next() });
  const range = (): EngineRange => ({ max: extreme(), min: extreme() });
  const results = list((): AnswerResult => {
    const reactions = list(() => ({ kind: SUPPORT_KINDS[next()]!, position: next(), vertical: next(), moment: next() }));
    const extremes = { shear: range(), moment: range(), deflection: range() };
    return { result: { reactions, extremes }, pairs: [next(), next(), next(), next()] };
  });
  return { results, envelopes: list(next) };
}

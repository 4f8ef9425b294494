/**
 * The beam pipeline: validate -> semantic checks -> SI -> engine (one solve per load case present)
 * -> combine -> present in the request's units. Routes, MCP tools and the calculator all call this.
 */
import {
  beamEnvelopeWithSeries,
  factorVector,
  generateCombinations,
  patternWarnings,
  deflectionExtremes,
  presentCases,
  spanDeflections,
  UNFACTORED,
  type BeamCombinationResult,
  type BeamEnvelope,
  type BeamEnvelopeSeries,
  type BeamResult,
  type Bounds,
  type Combination,
  type CombinationRun,
  type CombinationsHeader,
  type LoadCase,
} from '../combinations/index.js';
import { caseIndex } from '../combinations/types.js';
import type {
  EngineBeamAnalysis,
  EngineBeamLoad,
  EngineBeamModel,
  EngineBeamResult,
  EngineEnvelopeRequest,
  EngineRange,
  Samples,
} from '../engine/types.js';
import { BeamSolveRequest, type BeamLoadInput } from '../schema/beam.js';
import { misdirectedTo } from '../schema/kinds.js';
import { lineLoadCoefficients } from '../schema/line-load.js';
import { compile } from '../schema/validate.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import { engineDivisors, fromEngine, toEngine, toSI, type Quantity, type UnitSystem } from '../units/index.js';
import type { SolveContext } from './context.js';
import { engineRangeIssues, type RequestNumbers } from './engine-range.js';
import { engineProblem, formatLength, formatNumber } from './failures.js';
import { SeriesData } from './json-text.js';
import type { Links } from './links.js';
import type { Meta } from './meta.js';
import { beamActions, beamScale, equilibriumResidual } from './equilibrium.js';
import { beamMechanism } from './mechanism.js';
import { overhangWarning } from './overhang.js';
import { beamPlausibility } from './plausibility.js';
import { cleanNumbers } from './clean.js';
import { respond } from './respond.js';
import { prepareBeam } from './self-weight.js';
import { noArrangement, patternSummary, presentPatternBounds, presentPieces } from './beam-pattern.js';
import { PieceTexts } from './piece-list.js';

export const beamValidator = compile(BeamSolveRequest, [], { misdirected: misdirectedTo('beam', 'solve') });

export interface BeamSolveResponse extends BeamResult<SeriesData> {
  envelope?: BeamEnvelope<SeriesData>;
  meta: Meta;
  links?: Links;
}

/** Labels of the quantities a beam response carries. */
export const BEAM_UNIT_LABELS = {
  length: 'length',
  force: 'force',
  moment: 'moment',
  deflection: 'displacement',
  rotation: 'rotation',
} as const;

const ALL_UPWARD_WARNING = 'Every load points upward (positive). Loads are negative downward: a gravity load should be negative.';

/** Every number of a beam request, for the engine-range check (the total length too: positions reach it). */
function beamNumbers(request: BeamSolveRequest): RequestNumbers {
  return (check) => {
    let total = 0;
    request.spans.forEach((s, i) => {
      check('length', s.length, () => `spans.${i}.length`);
      check('modulus', s.E, () => `spans.${i}.E`);
      check('inertia', s.I, () => `spans.${i}.I`);
      total += s.length;
    });
    if (request.spans.length > 1) check('length', total, () => 'spans');
    request.supports.forEach((s, i) => {
      check('length', s.position, () => `supports.${i}.position`);
      check('displacement', s.settlement, () => `supports.${i}.settlement`);
    });
    (request.loads ?? []).forEach((l, i) => {
      const at = (quantity: Quantity, value: number | undefined, field: string) => check(quantity, value, () => `loads.${i}.${field}`);
      if (l.type === 'point' || l.type === 'moment') {
        at(l.type === 'point' ? 'force' : 'moment', l.magnitude, 'magnitude');
        at('length', l.position, 'position');
        return;
      }
      const intensity = l.type === 'udl' ? 'lineLoad' : 'pressure';
      at(intensity, l.start, 'start');
      at(intensity, l.end, 'end');
      at('length', l.from, 'from');
      at('length', l.to, 'to');
      if (l.type === 'area') {
        at('length', l.width, 'width');
        at('length', l.endWidth, 'endWidth');
      }
    });
  };
}

/**
 * Everything of a beam request that is valid by schema but not by meaning, as issues (decisions.md 9, 13).
 * A number outside the engine's range is reported alone: the other checks would misread it.
 */
export function beamSemanticIssues(request: BeamSolveRequest): ProblemIssue[] {
  const range = engineRangeIssues(beamNumbers(request), request.units ?? 'SI');
  if (range.length > 0) return range;
  const issues: ProblemIssue[] = [];
  const total = request.spans.reduce((sum, s) => sum + s.length, 0);
  const tolerance = 1e-9 * total;
  const unit = request.units === 'imperial' ? 'ft' : 'm';
  // written only when a position is past the end: formatting the length costs more than every check
  const pastEnd = () => `lies past the end of the beam (total length ${formatLength(total)} ${unit})`;
  const hinges: number[] = [];
  let x = 0;
  request.spans.forEach((span, i) => {
    if (i > 0 && span.connection === 'hinge') hinges.push(x);
    x += span.length;
  });
  const atHinge = (p: number) => hinges.some((h) => Math.abs(h - p) <= tolerance);

  if (request.spans[0]?.connection === 'hinge') {
    issues.push({ path: 'spans.0.connection', message: 'the first span has no previous span to hinge to: it must be rigid' });
  }
  request.supports.forEach((s, i) => {
    if (s.position > total + tolerance) issues.push({ path: `supports.${i}.position`, message: pastEnd() });
    const twin = request.supports.findIndex((o, j) => j < i && Math.abs(o.position - s.position) <= tolerance);
    if (twin >= 0) issues.push({ path: `supports.${i}.position`, message: `supports.${twin} already stands at this position` });
    if (s.type === 'fixed' && atHinge(s.position)) {
      issues.push({ path: `supports.${i}.type`, message: 'a fixed support cannot stand at a hinge (neither side is defined)' });
    }
  });
  (request.loads ?? []).forEach((load, i) => {
    if (load.type === 'point' || load.type === 'moment') {
      if (load.position > total + tolerance) issues.push({ path: `loads.${i}.position`, message: pastEnd() });
      if (load.type === 'moment' && atHinge(load.position)) {
        issues.push({ path: `loads.${i}.position`, message: 'a moment cannot act exactly at a hinge (neither side is defined)' });
      }
    } else {
      // each number is in range, but an area load's pressure times its width may not be (in the engine's units, too)
      const units = request.units ?? 'SI';
      const perSi =
        load.type === 'area' ? toEngine('pressure', toSI('pressure', 1, units)) * toEngine('length', toSI('length', 1, units)) : 1;
      if (lineLoadCoefficients(load).some((c) => !Number.isFinite(c * perSi))) {
        issues.push({
          path: `loads.${i}`,
          message: 'the line load (pressure times width) is too large to represent: check start, end and width',
        });
      }
      if (load.from >= load.to) issues.push({ path: `loads.${i}.to`, message: 'must be greater than from' });
      if (load.from > total + tolerance) issues.push({ path: `loads.${i}.from`, message: pastEnd() });
      if (load.to > total + tolerance) issues.push({ path: `loads.${i}.to`, message: pastEnd() });
    }
  });
  return issues;
}

/** The request with every number in the API's SI units (`units: "SI"`); nothing else changes. */
export function beamRequestToSI(request: BeamSolveRequest): BeamSolveRequest {
  const units: UnitSystem = request.units ?? 'SI';
  if (units === 'SI') return request.units === 'SI' ? request : { ...request, units: 'SI' };
  const si = <T extends number | undefined>(q: Parameters<typeof toSI>[0], v: T): T => (v === undefined ? v : toSI(q, v, units)) as T;
  const load = (l: BeamLoadInput): BeamLoadInput => {
    switch (l.type) {
      case 'point':
        return { ...l, magnitude: si('force', l.magnitude), position: si('length', l.position) };
      case 'moment':
        return { ...l, magnitude: si('moment', l.magnitude), position: si('length', l.position) };
      case 'udl':
        return {
          ...l,
          start: si('lineLoad', l.start),
          ...(l.end !== undefined && { end: si('lineLoad', l.end) }),
          from: si('length', l.from),
          to: si('length', l.to),
        };
      case 'area':
        return {
          ...l,
          start: si('pressure', l.start),
          ...(l.end !== undefined && { end: si('pressure', l.end) }),
          from: si('length', l.from),
          to: si('length', l.to),
          width: si('length', l.width),
          ...(l.endWidth !== undefined && { endWidth: si('length', l.endWidth) }),
        };
    }
  };
  return {
    ...request,
    units: 'SI',
    spans: request.spans.map((s) => ({ ...s, length: si('length', s.length), E: si('modulus', s.E), I: si('inertia', s.I) })),
    supports: request.supports.map((s) => ({
      ...s,
      position: si('length', s.position),
      ...(s.settlement !== undefined && { settlement: si('displacement', s.settlement) }),
    })),
    ...(request.loads !== undefined && { loads: request.loads.map(load) }),
  };
}

/** The engine's model (kN, m, kN/m², m⁴; counter-clockwise moments) from an SI request. */
export function beamEngineModel(si: BeamSolveRequest): EngineBeamModel {
  const caseOf = (l: { case?: LoadCase }) => caseIndex(l.case ?? 'G');
  return {
    spans: si.spans.map((s) => ({
      length: s.length,
      // prepareBeam has filled every span's E and I (from its section when it names one)
      e: toEngine('modulus', s.E!),
      i: toEngine('inertia', s.I!),
      hinge: s.connection === 'hinge',
    })),
    supports: si.supports.map((s) => ({
      kind: s.type,
      position: s.position,
      settlement: toEngine('displacement', s.settlement ?? 0),
    })),
    pattern: (si.combinations?.pattern ?? []).map(caseIndex),
    loads: (si.loads ?? []).map((l): EngineBeamLoad => {
      switch (l.type) {
        case 'point':
          return { type: 'point', position: l.position, force: l.magnitude, case: caseOf(l) };
        case 'moment':
          // the API's clockwise-positive moment is the engine's negative (counter-clockwise) one
          return { type: 'moment', position: l.position, moment: -l.magnitude, case: caseOf(l) };
        default:
          return { type: 'line', from: l.from, to: l.to, q: lineLoadCoefficients(l), case: caseOf(l) };
      }
    }),
  };
}

type Converted = Parameters<typeof fromEngine>[0];

/**
 * An engine series taken to the response's units in place, each number by the units table's two
 * divisions (`fromEngine`, the same doubles), and stopped there if it would leave the finite range.
 */
export function inUnits(samples: Samples, quantity: Converted, units: UnitSystem): SeriesData {
  const [xToSi, xToUnits] = engineDivisors('length', units);
  const [vToSi, vToUnits] = engineDivisors(quantity, units);
  for (let k = 0; k < samples.length; k += 2) {
    const x = samples[k]! / xToSi / xToUnits;
    const v = samples[k + 1]! / vToSi / vToUnits;
    if (!Number.isFinite(x) || !Number.isFinite(v)) {
      throw new Problem('engine_error', `A result is too large to represent (${quantity}); check the model's magnitudes.`);
    }
    samples[k] = x;
    samples[k + 1] = v;
  }
  return new SeriesData(samples);
}

/** The quantity each diagram's values are. */
const DIAGRAM_QUANTITY = { shear: 'force', moment: 'moment', rotation: 'rotation', deflection: 'displacement' } as const;

/**
 * The envelope diagrams the engine bounds while it sums each combination: shear and moment over the
 * ULS combinations, deflection over the SLS ones (decisions.md 4). Indices count the unfactored
 * analysis first.
 */
function envelopeRequests(combinations: readonly Combination[]): EngineEnvelopeRequest[] {
  const of = (kind: 'ULS' | 'SLS') => combinations.flatMap((c, i) => (c.kind === kind ? [i + 1] : []));
  const [uls, sls] = [of('ULS'), of('SLS')];
  return [
    ...(uls.length > 0 ? (['shear', 'moment'] as const).map((diagram) => ({ combinations: uls, diagram })) : []),
    ...(sls.length > 0 ? [{ combinations: sls, diagram: 'deflection' as const }] : []),
  ];
}

/** One engine result's reactions and extremes in the response's units and the API's signs. */
export function presentBeamSummary(
  r: Omit<EngineBeamResult<unknown>, 'samples'>,
  units: UnitSystem,
  spanEnds: readonly number[],
): BeamCombinationResult {
  const x = (v: number) => fromEngine('length', v, units);
  const entry = (e: { value: number; position: number }, q: Converted) => ({
    value: fromEngine(q, e.value, units),
    position: x(e.position),
  });
  const range = (r: EngineRange, q: Converted) => ({ max: entry(r.max, q), min: entry(r.min, q) });
  const deflection = range(r.extremes.deflection, 'displacement');
  return {
    reactions: r.reactions.map((s) => ({
      type: s.kind,
      position: x(s.position),
      vertical: fromEngine('force', s.vertical, units),
      // the engine's counter-clockwise moment; the API reports reaction moments clockwise positive
      moment: s.moment === 0 ? 0 : -fromEngine('moment', s.moment, units),
    })),
    extremes: {
      shear: range(r.extremes.shear, 'force'),
      moment: (({ max, min }) => ({ maxSagging: max, maxHogging: min }))(range(r.extremes.moment, 'moment')),
      deflection: deflectionExtremes(deflection.max, deflection.min),
      spans: spanDeflections(
        r.extremes.spans.map((s) => range(s, 'displacement')),
        spanEnds,
        units,
      ),
    },
  };
}

/** One engine result in the response's units and the API's signs; `spanEnds` where each span ends (m | ft). */
export function presentBeamResult(r: EngineBeamResult, units: UnitSystem, spanEnds: readonly number[]): BeamResult<SeriesData> {
  const { reactions, extremes } = presentBeamSummary(r, units, spanEnds);
  const { shear, moment, rotation, deflection } = r.samples;
  return {
    reactions,
    diagrams: {
      shear: inUnits(shear, 'force', units),
      moment: inUnits(moment, 'moment', units),
      rotation: inUnits(rotation, 'rotation', units),
      deflection: inUnits(deflection, 'displacement', units),
    },
    extremes,
  };
}

/**
 * The envelope of the combinations' engine results. The response lists each combination's reactions
 * and extremes but none of its diagrams, so the diagrams are bounded in engine units and only the
 * bounds are converted: every unit conversion is a positive scale, which commutes with max and min.
 */
function presentBeamEnvelope(
  header: CombinationsHeader,
  runs: CombinationRun<EngineBeamResult>[],
  requests: readonly EngineEnvelopeRequest[],
  analysis: Pick<EngineBeamAnalysis, 'envelopes' | 'pieces'>,
  pattern: readonly LoadCase[] | undefined,
  units: UnitSystem,
  spanEnds: readonly number[],
): BeamEnvelope<SeriesData> {
  const bounds = analysis.envelopes;
  const bounded = (diagram: 'shear' | 'moment' | 'deflection'): Bounds<SeriesData> | undefined => {
    const b = bounds[requests.findIndex((r) => r.diagram === diagram)];
    const quantity = DIAGRAM_QUANTITY[diagram];
    return b && { max: inUnits(b.max, quantity, units), min: inUnits(b.min, quantity, units) };
  };
  const series: BeamEnvelopeSeries<SeriesData> = {};
  const [shear, moment, deflection] = [bounded('shear'), bounded('moment'), bounded('deflection')];
  if (shear && moment) series.uls = { shear, moment };
  if (deflection) series.sls = { deflection };
  const pieces = presentPieces(analysis.pieces, units);
  // each piece's text printed once for every combination's bounds
  const texts = new PieceTexts(pieces);
  const summaries = runs.map(({ combination, result }) => {
    const summary: BeamCombinationResult = presentBeamSummary(result, units, spanEnds);
    if (result.pattern) summary.pattern = presentPatternBounds(result.pattern, texts, units);
    else if (pattern) summary.pattern = noArrangement(summary);
    return { combination, result: summary };
  });
  const envelope = beamEnvelopeWithSeries(header, summaries, series);
  if (pattern) envelope.pattern = patternSummary([...pattern], pieces);
  return envelope;
}

/** Where each span ends along the beam, in the request's units. */
function endsOf(spans: readonly { length: number }[]): number[] {
  let x = 0;
  return spans.map((s) => (x += s.length));
}

/** Some force or distributed load, none of them downward, at least one upward (moments do not count). */
function allLoadsUpward(loads: readonly BeamLoadInput[]): boolean {
  let upward = false;
  for (const l of loads) {
    if (l.type === 'moment') continue;
    const [a, b] = l.type === 'point' ? [l.magnitude, l.magnitude] : [l.start, l.end ?? l.start];
    if (a < 0 || b < 0) return false;
    upward ||= a > 0 || b > 0;
  }
  return upward;
}

/** A validated request solved; throws Problem for every refusal. */
export function solveBeamRequest(request: BeamSolveRequest, context: SolveContext): BeamSolveResponse {
  return solveBeamDrawing(request, context).response;
}

/**
 * The solve, and for a figure the full results (diagrams too) of the combination whose id is `drawn`,
 * when the request generated it: the same engine run, which then keeps that combination's diagrams.
 */
export function solveBeamDrawing(
  given: BeamSolveRequest,
  context: SolveContext,
  drawn?: string,
): { response: BeamSolveResponse; drawn?: BeamResult<SeriesData> } {
  const now = context.now ?? (() => performance.now());
  const started = now();
  // sections fill E and I, and selfWeight adds its loads, before anything else reads the request
  const { request, warnings: sectionWarnings } = prepareBeam(given, context.sections);
  const semantic = beamSemanticIssues(request);
  if (semantic.length > 0) throw Problem.invalid(semantic);
  const units: UnitSystem = request.units ?? 'SI';
  const loads = request.loads ?? [];
  const set = request.combinations ? generateCombinations(request.combinations, presentCases(loads)) : undefined;

  const si = beamRequestToSI(request);
  const model = beamEngineModel(si);
  const requests = envelopeRequests(set?.combinations ?? []);
  const drawnIndex = set?.combinations.findIndex((c) => c.id === drawn) ?? -1;
  let analysis: EngineBeamAnalysis;
  try {
    const vectors = [[...UNFACTORED], ...(set?.combinations ?? []).map((c) => factorVector(c.factors))];
    // only the unfactored analysis keeps its diagrams (the response carries no combination's), and a drawn
    // combination its own: the engine keeps the first `keepDiagrams`, so those before it come along
    analysis = context.engine.analyseBeam(model, vectors, requests, drawnIndex + 2);
  } catch (error) {
    throw engineProblem(error, (m) => {
      const unit = units === 'SI' ? 'm' : 'ft';
      const mechanism = beamMechanism(request, unit);
      if (mechanism) return { detail: `The beam is a mechanism. ${mechanism.hint}`, mechanism };
      const where = `x = ${formatNumber(fromEngine('length', m.x, units))} ${unit}`;
      return m.direction === 'rotation'
        ? `The beam is a mechanism: it can rotate freely at ${where}. Add a fixed support or make a hinge rigid.`
        : `The beam is a mechanism: it can move vertically at ${where} with nothing to resist it (a free span or a hinge without support). Add a support or make a hinge rigid.`;
    });
  }
  const [first, ...combined] = analysis.results;
  const spanEnds = endsOf(request.spans);
  const unfactored = presentBeamResult(first!, units, spanEnds);
  const warnings = [...sectionWarnings, ...(set?.warnings ?? [])];
  const pattern = request.combinations?.pattern;
  if (pattern) warnings.push(...patternWarnings(pattern, [...presentCases(loads)]));
  if (allLoadsUpward(loads)) warnings.push(ALL_UPWARD_WARNING);
  warnings.push(...beamPlausibility(request, unfactored.extremes.deflection.max, units));
  const overhang = overhangWarning(request, units);
  if (overhang !== undefined) warnings.push(overhang);
  const scale = beamScale(si, unfactored.extremes.deflection.max.value, units);
  const equilibrium = equilibriumResidual(beamActions(request, unfactored.reactions), scale);

  let envelope: BeamEnvelope<SeriesData> | undefined;
  if (set) {
    const { combinations, warnings: _advisories, ...header } = set;
    const runs = combinations.map((combination, i) => ({ combination, result: combined[i]! }));
    envelope = presentBeamEnvelope(header, runs, requests, analysis, pattern, units, spanEnds);
  }
  const response = respond(unfactored, envelope, {
    context,
    kind: 'beam',
    units,
    labels: BEAM_UNIT_LABELS,
    warnings,
    equilibrium,
    started,
    si,
    output: request.output,
  });
  if (drawnIndex < 0) return { response };
  const figure = presentBeamResult(combined[drawnIndex]!, units, spanEnds);
  cleanNumbers([figure]);
  return { response, drawn: figure };
}

/** The whole pipeline from an untrusted body. */
export function solveBeam(body: unknown, context: SolveContext): BeamSolveResponse {
  return solveBeamRequest(beamValidator.check(body), context);
}

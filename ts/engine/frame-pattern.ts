/**
 * A patterned frame across the binding (crates/engine-wasm/src/frame_pattern.rs, decisions.md 17): each result's
 * bounds over every arrangement of the pieces, two columns (values and pieces) per part handed on as they are,
 * and the sampled member bounds a figure of the envelope draws.
 */
import { PATTERN_DIAGRAMS, type EngineFramePatterned, type FrameSeries, type PatternDiagram } from './frame-model.js';
import { PatternBounds } from './pattern-columns.js';

/** The binding's reads of one patterned solution. */
interface PatternColumns {
  patternValues(result: number, part: string): Float64Array;
  patternPieces(result: number, part: string): Uint32Array;
  patternSeries(result: number, diagram: string, max: boolean): Float64Array;
  patternSeriesPairs(result: number, diagram: string, max: boolean): Uint32Array;
}

/** Result `i`'s bounds (of a solution with `pieces` pieces); `series` when its flags asked for them. */
export function readFramePattern(solution: PatternColumns, i: number, pieces: number, series: boolean): EngineFramePatterned {
  const part = (name: string) => new PatternBounds(solution.patternValues(i, name), solution.patternPieces(i, name), pieces);
  const out: EngineFramePatterned = { reactions: part('reactions'), members: part('members'), displacements: part('displacements') };
  if (series) {
    const side = (d: PatternDiagram, max: boolean): FrameSeries => ({
      values: solution.patternSeries(i, d, max),
      pairs: solution.patternSeriesPairs(i, d, max),
    });
    out.series = Object.fromEntries(
      PATTERN_DIAGRAMS.map((d) => [d, { max: side(d, true), min: side(d, false) }]),
    ) as EngineFramePatterned['series'];
  }
  return out;
}

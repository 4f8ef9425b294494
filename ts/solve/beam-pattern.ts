/**
 * A beam's pattern loading (decisions.md 17) as the response gives it: the engine's pieces and each
 * combination's bounds over every arrangement, in the request's units and the API's signs.
 */
import {
  LOAD_CASES,
  type BeamCombinationResult,
  type BeamPatternBounds,
  type BeamPiece,
  type PatternSummary,
} from '../combinations/index.js';
import type { EnginePatterned, EnginePatternedRange, EnginePiece } from '../engine/types.js';
import { fromEngine, type UnitSystem } from '../units/index.js';
import { boundPresenters, type Converted } from './pattern-bounds.js';
import type { PieceTexts } from './piece-list.js';

/** The pieces, positions in the request's length unit. */
export function presentPieces(pieces: readonly EnginePiece[], units: UnitSystem): BeamPiece[] {
  return pieces.map((p) => ({
    case: LOAD_CASES[p.case]!,
    from: fromEngine('length', p.from, units),
    to: fromEngine('length', p.to, units),
  }));
}

/** `envelope.pattern`: the cases asked for and every piece. */
export function patternSummary(cases: PatternSummary['cases'], pieces: BeamPiece[]): PatternSummary<BeamPiece> {
  return { cases: [...new Set(cases)], pieces };
}

/** One combination's bounds over every arrangement, in the response's units and signs. */
export function presentPatternBounds(p: EnginePatterned, pieces: PieceTexts<BeamPiece>, units: UnitSystem): BeamPatternBounds {
  const { value, extreme } = boundPresenters(pieces, units);
  const range = (r: EnginePatternedRange, q: Converted) => ({ max: extreme(r.max, q), min: extreme(r.min, q) });
  const bounds: BeamPatternBounds = {
    extremes: {},
    reactions: p.reactions.map((r) => ({
      vertical: { max: value(r.vertical.max, 'force'), min: value(r.vertical.min, 'force') },
      // the engine's counter-clockwise moment; the API's is clockwise positive, so its bounds swap
      moment: { max: value(r.moment.min, 'moment', -1), min: value(r.moment.max, 'moment', -1) },
    })),
  };
  if (p.shear) bounds.extremes.shear = range(p.shear, 'force');
  if (p.moment) {
    const { max, min } = range(p.moment, 'moment');
    bounds.extremes.moment = { maxSagging: max, maxHogging: min };
  }
  if (p.deflection) {
    const { max: maxUp, min: maxDown } = range(p.deflection, 'displacement');
    bounds.extremes.deflection = { max: Math.abs(maxDown.value) >= Math.abs(maxUp.value) ? maxDown : maxUp, maxUp, maxDown };
  }
  return bounds;
}

/**
 * The bounds of a combination that has no piece to arrange (its patterned cases carry no load): its own values,
 * each under the empty arrangement, so that every bound of a patterned request names one.
 */
export function noArrangement(summary: BeamCombinationResult): BeamPatternBounds {
  const none = <T extends object>(entry: T) => ({ ...entry, pattern: [] });
  const { shear, moment, deflection } = summary.extremes;
  return {
    extremes: {
      shear: { max: none(shear.max), min: none(shear.min) },
      moment: { maxSagging: none(moment.maxSagging), maxHogging: none(moment.maxHogging) },
      deflection: { max: none(deflection.max), maxUp: none(deflection.maxUp), maxDown: none(deflection.maxDown) },
    },
    reactions: summary.reactions.map((r) => ({
      vertical: { max: { value: r.vertical, pattern: [] }, min: { value: r.vertical, pattern: [] } },
      moment: { max: { value: r.moment, pattern: [] }, min: { value: r.moment, pattern: [] } },
    })),
  };
}

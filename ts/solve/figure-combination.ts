/**
 * What a figure of a request with combinations draws (decisions.md 15): the unfactored analysis (said so in
 * the caption), one combination (its id from the solve's `envelope.combinations`), or the envelope. Here are
 * the checks of the figure fields that depend on the view and on the combinations the request generated,
 * and the captions. Each figure field a view cannot draw is a 400 at its path: a request never gets a
 * figure that silently leaves out something it asked for.
 */
import type { Combination, LimitState } from '../combinations/index.js';
import { ENVELOPE } from '../schema/diagram.js';
import { Problem, type ProblemIssue } from '../problem/index.js';

export const UNFACTORED_CAPTION = 'Unfactored analysis (combinations not applied)';

/** The caption of a figure of one combination: its id and name; the loads drawn are factored too. */
export function combinationCaption(combination: Combination): string {
  return `Combination ${combination.id}: ${combination.name} (loads factored)`;
}

export function envelopeCaption(kind: LimitState, what?: string): string {
  return `Envelope of ${kind} combinations${what ? `: ${what}` : ''}`;
}

/** The caption when no combination is chosen: only a request with combinations needs to say what it shows. */
export function plainCaption(request: { combinations?: unknown }): string | undefined {
  return request.combinations === undefined ? undefined : UNFACTORED_CAPTION;
}

/** The figure fields every structure shares, as a figure reads them. */
export interface FigureChoice {
  view: string;
  combination?: string | undefined;
  combinations?: unknown;
}

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/**
 * Checked before the solve: `combination` needs `combinations`, and the envelope is drawn only on the views in
 * `envelopeViews` (a view that draws one analysis, its loads and reactions, has no envelope to draw).
 */
export function combinationIssues(choice: FigureChoice, envelopeViews: readonly string[]): ProblemIssue[] {
  const { combination, combinations, view } = choice;
  if (combination === undefined) return [];
  if (combinations === undefined) {
    return [
      {
        path: 'combination',
        message: 'needs `combinations` in the same request: without them every load acts at factor 1 and there is no combination to draw',
      },
    ];
  }
  if (combination === ENVELOPE && !envelopeViews.includes(view)) {
    return [
      {
        path: 'combination',
        message: `the envelope is drawn on the ${list(envelopeViews)} view${envelopeViews.length > 1 ? 's' : ''}; the ${view} view draws one analysis: give a combination id, or one of those views`,
      },
    ];
  }
  return [];
}

/** Every issue of a figure request found before the solve, thrown together. */
export function refuseFigure(issues: readonly ProblemIssue[]): void {
  if (issues.length > 0) throw Problem.invalid([...issues]);
}

/** A combination id the request did not generate: a 400 naming the ids it did (and the envelope). */
export function unknownCombination(id: string, generated: readonly { id: string }[]): Problem {
  const known = [...generated.map((c) => c.id), ENVELOPE];
  return new Problem('invalid_input', `This request's combinations are ${list(known.map((k) => `"${k}"`))}.`, {
    issues: [{ path: 'combination', message: `no combination "${id}" in this request; known: ${known.join(', ')}` }],
  });
}

/** The envelope needs a combination of the limit state the view draws (BSL-Japan runs no ULS one, for example). */
export function missingLimitState(kind: LimitState, view: string): Problem {
  return Problem.invalid([
    {
      path: 'combination',
      message: `the ${view} envelope is taken over ${kind} combinations, and this request ran none: draw one combination instead`,
    },
  ]);
}

/**
 * The naming rule of combinations.md 0.2 [SD]: terms `factor·case` in table order joined with
 * " + ", a negative factor written " − " (U+2212, as in the tables), a factor of 1 without its
 * number, at most 5 decimals with trailing zeros removed. Each case is written as the standard
 * writes it (`symbols`: ASCE 7's D and L, EN 1990's Gk and Qk), else by its service symbol.
 */
import { LOAD_CASES, type Factors, type LoadCase } from './types.js';

const MINUS = '\u2212';

function formatFactor(magnitude: number): string {
  if (magnitude === 1) return '';
  return magnitude.toFixed(5).replace(/\.?0+$/, '');
}

export function combinationName(factors: Factors, symbols: Partial<Record<LoadCase, string>> = {}): string {
  const terms = LOAD_CASES.filter((c) => factors[c] !== 0).map((c) => ({
    negative: factors[c] < 0,
    text: `${formatFactor(Math.abs(factors[c]))}${symbols[c] ?? c}`,
  }));
  // Every case absent (a model loaded only by settlements): the combination is the zero vector.
  if (terms.length === 0) return '0';
  return terms
    .map((term, i) => {
      if (i === 0) return term.negative ? `${MINUS}${term.text}` : term.text;
      return `${term.negative ? ` ${MINUS} ` : ' + '}${term.text}`;
    })
    .join('');
}

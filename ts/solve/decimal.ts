/**
 * What rounding a result (clean.ts `significant`) and printing it (json-bytes.ts) both need of a double's decimal
 * form: exact powers of ten, and its decimal exponent read from its binary one. Web APIs only.
 */

/** Exact powers of ten: every 10^k up to 10^22 is a double. */
export const POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

const LOG10_2 = Math.log10(2);
/** A double's bits, read as two 32-bit words; the high word's index follows the platform's byte order. */
const BITS = new Float64Array(1);
const WORDS = new Uint32Array(BITS.buffer);
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * floor(log10) of a positive double, or one less: from its binary exponent, a third faster than Math.log10 (every
 * number of an answer is rounded and printed). A subnormal's is far below -22, infinity's and NaN's far above 22:
 * out of POWERS' range, where callers fall back.
 */
export function decimalExponent(magnitude: number): number {
  BITS[0] = magnitude;
  return Math.floor(((WORDS[HIGH]! >>> 20) - 1023) * LOG10_2);
}

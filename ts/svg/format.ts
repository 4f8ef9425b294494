/**
 * The one number formatter of the figures. Coordinates get a fixed precision (two decimals, as the
 * usvg writer does) so the same model always gives the same bytes; labels get three significant
 * figures, which is what a reader of a diagram can use, with a real minus sign.
 */

/** Trailing zeros and a negative zero removed from a fixed-point string (by looking, not by patterns: labels call it often). */
function trimFixed(text: string): string {
  let end = text.length;
  if (text.includes('.')) {
    while (text.charCodeAt(end - 1) === 48) end--;
    if (text.charCodeAt(end - 1) === 46) end--;
  }
  const trimmed = end === text.length ? text : text.slice(0, end);
  return trimmed === '-0' ? '0' : trimmed;
}

const DOT = 46;
const ZERO = 48;

/** `toFixed(2)` trimmed by looking at its two decimals rather than by `trimFixed`'s patterns (the text is the same). */
function fixedCoordinate(value: number): string {
  const text = value.toFixed(2);
  const n = text.length;
  // below 1e21 toFixed writes `…d.dd`; beyond it, an exponent with no trailing zeros to drop
  if (text.charCodeAt(n - 3) !== DOT || text.charCodeAt(n - 1) !== ZERO) return text;
  const trimmed = text.slice(0, text.charCodeAt(n - 2) === ZERO ? n - 3 : n - 1);
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * A coordinate or length in pixels: two decimals at most, the text of `toFixed(2)` with its trailing zeros
 * dropped. The figures' most frequent call (a 20-span beam writes some ten thousand), so it counts hundredths
 * in integers, three times faster than `toFixed`: below a million pixels, the product `value * 100` is within
 * 1e-8 of the exact one, so unless it lies within 1e-6 of a half (left to `toFixed`, which rounds a tie
 * away from zero) it rounds to the same whole number of hundredths that `toFixed` prints.
 */
export function coordinate(value: number): string {
  const scaled = value * 100;
  const hundredths = Math.round(scaled);
  if (!(Math.abs(value) < 1e6) || Math.abs(Math.abs(scaled - hundredths) - 0.5) < 1e-6) return fixedCoordinate(value);
  const magnitude = Math.abs(hundredths);
  const whole = Math.floor(magnitude / 100);
  const fraction = magnitude - whole * 100;
  const sign = hundredths < 0 ? '-' : ''; // -0.004 rounds to -0: written 0, as toFixed's "-0.00" trimmed is
  if (fraction === 0) return `${sign}${whole}`;
  if (fraction % 10 === 0) return `${sign}${whole}.${fraction / 10}`;
  return `${sign}${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/**
 * A value for a label: three significant figures (whole numbers from 1000 up), no exponent,
 * noise like 99.99999999999997 read as 100. `scale` is the largest magnitude of the quantity in
 * the figure: values below a billionth of it are zero (solver round-off, not a result).
 */
export function quantity(value: number, scale = Math.abs(value)): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) <= 1e-9 * scale || value === 0) return '0';
  const magnitude = Math.abs(value);
  const rounded = Number(magnitude.toPrecision(3));
  const text =
    magnitude >= 1000
      ? String(Math.round(magnitude))
      : trimFixed(rounded.toFixed(Math.min(12, Math.max(0, 2 - Math.floor(Math.log10(rounded))))));
  return value < 0 ? `\u2212${text}` : text;
}

/** A value with its unit, `−360 kN.m`. */
export function withUnit(value: number, unit: string, scale?: number): string {
  return `${quantity(value, scale)} ${unit}`;
}

const SUPERSCRIPT = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079';
const SUPERSCRIPT_MINUS = '\u207b';

/** Digits (and a minus) written as superscripts, `10⁹`; emit.ts raises them as a tspan, which every font can draw. */
export function superscript(text: string): string {
  return [...text]
    .map((c) => (c === '-' || c === '\u2212' ? SUPERSCRIPT_MINUS : c >= '0' && c <= '9' ? SUPERSCRIPT[Number(c)]! : c))
    .join('');
}

/** Whether a character is one `superscript` writes. */
export function isSuperscript(c: string): boolean {
  return c === SUPERSCRIPT_MINUS || SUPERSCRIPT.includes(c);
}

/** Superscript characters back to the digits (and minus) they raise. */
export function fromSuperscript(text: string): string {
  return [...text].map((c) => (c === SUPERSCRIPT_MINUS ? '-' : SUPERSCRIPT.includes(c) ? String(SUPERSCRIPT.indexOf(c)) : c)).join('');
}

/** A unit's trailing power as a superscript: `mm4` as mm⁴, `in2` as in². */
export function unitPower(unit: string): string {
  const power = /\d+$/.exec(unit);
  return power ? unit.slice(0, power.index) + superscript(power[0]) : unit;
}

/**
 * A section property in engineering form, four significant figures and a power of ten where the plain number
 * would run past five digits or begin with zeros: `1.102 × 10⁹ mm⁴`, `4860 mm²`, `0.0123 in⁴`.
 */
export function engineering(value: number, unit: string): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude === 0 || (magnitude >= 1e-3 && magnitude < 1e5)) {
    return `${value < 0 ? '\u2212' : ''}${Number(magnitude.toPrecision(4))} ${unitPower(unit)}`;
  }
  const [mantissa, power] = value.toExponential(3).split('e') as [string, string];
  return `${mantissa.replace('-', '\u2212')} \u00d7 10${superscript(String(Number(power)))} ${unitPower(unit)}`;
}

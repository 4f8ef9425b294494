/**
 * Whether a request's numbers survive the trip to the engine's units (kN, m, kN/m², m², m⁴). A number
 * valid by schema can still underflow there (5e-324 mm4 is 5e-336 m⁴: zero) or overflow (1e308 kip is
 * 4.4e308 kN: Infinity), and the engine then reports something true but beside the point ("I must be a
 * positive finite number", two supports "at the same position"). This says what happened, at the field.
 *
 * Every nonzero value must be a normal double in engine units. A length must also keep its fourth power
 * normal, since the engine forms L³ and L⁴ (stiffness 12EI/L³, deflection wL⁴/EI): a span of 1e308 m is
 * representable but nothing computed from it is.
 */
import type { ProblemIssue } from '../problem/index.js';
import { quantities, toEngine, toSI, type Quantity, type UnitSystem } from '../units/index.js';

/**
 * Hands every number of a request the engine receives to `check`: what it is, its value in the request's
 * units, and its path, which is made only for a value that is reported (a large request has thousands).
 */
export type RequestNumbers = (check: NumberCheck) => void;

/** One number to check: what it is, its value in the request's units, and how to name its place. */
export type NumberCheck = (quantity: Quantity, value: number | undefined, path: () => string) => void;

const MIN_NORMAL = 2.2250738585072014e-308;

/** Usable magnitudes of nonzero values in engine units, [smallest, largest]. */
function engineBounds(quantity: Quantity): [number, number] {
  return quantity === 'length' ? [MIN_NORMAL ** 0.25, Number.MAX_VALUE ** 0.25] : [MIN_NORMAL, Number.MAX_VALUE];
}

/** The engine's unit of each quantity, for the message. */
const ENGINE_UNIT: Record<Quantity, string> = {
  length: 'm',
  force: 'kN',
  lineLoad: 'kN/m',
  pressure: 'kN/m²',
  moment: 'kN.m',
  modulus: 'kN/m²',
  inertia: 'm⁴',
  area: 'm²',
  displacement: 'm',
  rotation: 'rad',
  dimension: 'm',
  sectionModulus: 'm³',
  warpingConstant: 'm⁶',
  massPerLength: 'kN/m',
  density: 'kN/m³',
};

/** `x` to three significant digits, rounded up (`up`) or down, so the printed range stays inside the true one. */
function threeDigits(x: number, up: boolean): string {
  const exponent = Math.floor(Math.log10(x));
  const scale = 10 ** (exponent - 2);
  const mantissa = (up ? Math.ceil(x / scale - 1e-9) : Math.floor(x / scale + 1e-9)) / 100;
  return `${mantissa}e${exponent}`;
}

/** The range of a quantity in the request's units, as the message prints it. */
function usableRange(quantity: Quantity, units: UnitSystem): string {
  const perEngine = toEngine(quantity, toSI(quantity, 1, units));
  const [low, high] = engineBounds(quantity);
  const label = quantities[quantity][units === 'SI' ? 'si' : 'imperial'];
  // a small unit (mm4) can take the engine's largest value past the largest double: then the schema's own cap holds
  return `${threeDigits(low / perEngine, true)} to ${threeDigits(Math.min(high / perEngine, Number.MAX_VALUE), false)} ${label}`;
}

/** An issue for every value that underflows or overflows in engine units; none for zero. */
export function engineRangeIssues(numbers: RequestNumbers, units: UnitSystem): ProblemIssue[] {
  const issues: ProblemIssue[] = [];
  numbers((quantity, value, path) => {
    if (value === undefined || value === 0) return;
    const engine = Math.abs(toEngine(quantity, toSI(quantity, value, units)));
    const [low, high] = engineBounds(quantity);
    if (engine >= low && engine <= high) return;
    const what = engine < low ? 'underflows' : 'overflows';
    const why = quantity === 'length' ? ' (the engine forms fourth powers of lengths)' : '';
    issues.push({
      path: path(),
      message:
        `${what} in the engine's units (${ENGINE_UNIT[quantity]})${why}: ` +
        `the magnitude of a nonzero value must be from ${usableRange(quantity, units)}`,
    });
  });
  return issues;
}

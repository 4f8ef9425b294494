/**
 * Plausibility warnings (decisions.md section 15): values that are valid numbers but almost certainly
 * in the wrong unit (I in m4, E in Pa), and results too large for a linear analysis. Each check is one
 * function returning its `meta.warnings` entry, or undefined; each entry names the field. Beam, truss
 * and frame pipelines call the ones their requests have.
 */
import type { BeamSolveRequest } from '../schema/beam.js';
import type { FrameSolveRequest } from '../schema/frame.js';
import type { TrussSolveRequest } from '../schema/truss.js';
import { toSI, quantities, type Quantity, type UnitSystem } from '../units/index.js';
import { formatNumber } from './failures.js';
import { largestDimension } from './lattice-checks.js';

/** Plausible ranges in the API's SI units (GPa, mm4, mm2), and what a value outside usually means. */
const RANGES = {
  modulus: { low: 1, high: 1000, hint: 'E is in GPa (ksi); steel is 200 GPa (29,000 ksi), and a value in Pa, kPa or MPa is far too large' },
  inertia: { low: 1e4, high: 1e12, hint: 'I is in mm4 (in4); a value in m4 is far too small, one in cm4 10,000 times too small' },
  area: { low: 10, high: 1e6, hint: 'A is in mm2 (in2); a value in m2 is far too small, one in cm2 100 times too small' },
} as const;

/** The largest deflection or displacement that linear analysis takes at its word: 1/50 of the length. */
export const LARGEST_PLAUSIBLE_DISPLACEMENT = 1 / 50;

/** Up to 6 significant figures; very large and very small values in exponent form (1e+12, not 1000000000000). */
function compact(value: number): string {
  const magnitude = Math.abs(value);
  return magnitude >= 1e6 || (magnitude < 1e-3 && magnitude > 0) ? Number(value.toPrecision(6)).toExponential() : formatNumber(value);
}

const label = (quantity: Quantity, units: UnitSystem) => quantities[quantity][units === 'SI' ? 'si' : 'imperial'];

/** The range in the request's units, to say it in the user's terms. */
function rangeText(quantity: keyof typeof RANGES, units: UnitSystem): string {
  const { low, high } = RANGES[quantity];
  const inUnits = (v: number) => (units === 'SI' ? v : v / quantities[quantity].siPerImperial);
  return `${compact(inUnits(low))} to ${compact(inUnits(high))} ${label(quantity, units)}`;
}

function outside(quantity: keyof typeof RANGES, field: string, value: number, units: UnitSystem): string | undefined {
  const si = toSI(quantity, value, units);
  const { low, high, hint } = RANGES[quantity];
  if (si >= low && si <= high) return undefined;
  return `${field} = ${compact(value)} ${label(quantity, units)} is outside the plausible ${rangeText(quantity, units)}: ${hint}.`;
}

/** E (GPa | ksi) outside 1 to 1000 GPa (145 to 145,000 ksi). */
export function modulusWarning(field: string, E: number, units: UnitSystem): string | undefined {
  return outside('modulus', field, E, units);
}

/** I (mm4 | in4) outside 1e4 to 1e12 mm4. */
export function inertiaWarning(field: string, I: number, units: UnitSystem): string | undefined {
  return outside('inertia', field, I, units);
}

/** A (mm2 | in2) outside 10 to 1e6 mm2. */
export function areaWarning(field: string, A: number, units: UnitSystem): string | undefined {
  return outside('area', field, A, units);
}

/**
 * A largest deflection or displacement over 1/50 of the length it is measured against (a beam's span,
 * a truss's or frame's largest dimension). `displacement` in mm | in, `length` in m | ft, as presented.
 */
export function displacementWarning(
  what: () => string,
  displacement: number,
  length: { value: number; of: string },
  units: UnitSystem,
): string | undefined {
  const ratio = Math.abs(toSI('displacement', displacement, units)) / 1000 / toSI('length', length.value, units);
  if (!(ratio > LARGEST_PLAUSIBLE_DISPLACEMENT)) return undefined;
  const [d, l] = [label('displacement', units), label('length', units)];
  return (
    `${what()} is ${compact(displacement)} ${d}, more than 1/50 of ${length.of} (${compact(length.value)} ${l}): ` +
    'a linear analysis is doubtful at this size, or a unit is wrong (E in GPa | ksi, I in mm4 | in4, A in mm2 | in2).'
  );
}

/** A beam's warnings: each span's E and I, and the largest deflection against the span it lies in. */
export function beamPlausibility(request: BeamSolveRequest, deflection: { value: number; position: number }, units: UnitSystem): string[] {
  const warnings = request.spans.flatMap((s, i) => [
    // prepareBeam has filled E and I
    modulusWarning(`spans.${i}.E`, s.E!, units),
    inertiaWarning(`spans.${i}.I`, s.I!, units),
  ]);
  let start = 0;
  const index = request.spans.findIndex((s) => deflection.position <= (start += s.length));
  const span = Math.max(index, 0);
  const length = { value: request.spans[span]!.length, of: `span ${span} (spans.${span}.length)` };
  const where = () =>
    `The largest deflection (extremes.deflection.max, at x = ${formatNumber(deflection.position)} ${label('length', units)})`;
  warnings.push(displacementWarning(where, deflection.value, length, units));
  return warnings.filter((w): w is string => w !== undefined);
}

/** The largest node displacement of a truss or frame against the structure's largest dimension. */
function nodeDisplacementWarning(
  nodes: readonly { x: number; y: number }[],
  displacements: readonly { node: number; dx: number; dy: number }[],
  structure: string,
  units: UnitSystem,
): string | undefined {
  const size = largestDimension(nodes);
  // the first displacement of the largest magnitude
  let largest = displacements[0];
  if (!largest) return undefined;
  let most = Math.hypot(largest.dx, largest.dy);
  for (const d of displacements) {
    const magnitude = Math.hypot(d.dx, d.dy);
    if (magnitude > most) {
      largest = d;
      most = magnitude;
    }
  }
  const what = () => `The largest node displacement (displacements, node ${largest.node})`;
  return displacementWarning(what, most, { value: size, of: `the ${structure}'s largest dimension` }, units);
}

/** A truss's warnings: each material's E and A as given, and the largest node displacement against the truss's largest dimension. */
export function trussPlausibility(
  request: TrussSolveRequest,
  displacements: readonly { node: number; dx: number; dy: number }[],
  units: UnitSystem,
): string[] {
  const warnings = request.materials.flatMap((m, i) => [
    m.E === undefined ? undefined : modulusWarning(`materials.${i}.E`, m.E, units),
    m.A === undefined ? undefined : areaWarning(`materials.${i}.A`, m.A, units),
  ]);
  warnings.push(nodeDisplacementWarning(request.nodes, displacements, 'truss', units));
  return warnings.filter((w): w is string => w !== undefined);
}

/** A frame's warnings: each material's E, A and I as given, and the largest node displacement against the frame's largest dimension. */
export function framePlausibility(
  request: FrameSolveRequest,
  displacements: readonly { node: number; dx: number; dy: number }[],
  units: UnitSystem,
): string[] {
  const warnings = request.materials.flatMap((m, i) => [
    m.E === undefined ? undefined : modulusWarning(`materials.${i}.E`, m.E, units),
    m.A === undefined ? undefined : areaWarning(`materials.${i}.A`, m.A, units),
    m.I === undefined ? undefined : inertiaWarning(`materials.${i}.I`, m.I, units),
  ]);
  warnings.push(nodeDisplacementWarning(request.nodes, displacements, 'frame', units));
  return warnings.filter((w): w is string => w !== undefined);
}

/**
 * The one units table: every quantity the API speaks, its label in each system, the factor from the
 * imperial unit to the SI unit of the API, and the factor from that SI unit to the engine's
 * consistent units (kN, m).
 */
import {
  GPA_PER_KSI,
  KN_PER_KIP,
  KN_PER_M_PER_KIP_PER_FT,
  KNM_PER_KIPFT,
  KPA_PER_KSF,
  M_PER_FT,
  MM2_PER_IN2,
  MM4_PER_IN4,
  MM6_PER_IN6,
  MM_PER_IN,
  MM3_PER_IN3,
  KG_PER_M_PER_LB_PER_FT,
  KG_PER_M3_PER_LB_PER_FT3,
  STANDARD_GRAVITY,
} from './constants.js';
import { Problem } from '../problem/index.js';

export type UnitSystem = 'SI' | 'imperial';

interface QuantityUnits {
  si: string;
  imperial: string;
  /** API SI units per imperial unit. */
  siPerImperial: number;
  /** Engine units (kN, m, kN/m², m², m⁴) per API SI unit. */
  enginePerSi: number;
}

export const quantities = {
  length: { si: 'm', imperial: 'ft', siPerImperial: M_PER_FT, enginePerSi: 1 },
  force: { si: 'kN', imperial: 'kip', siPerImperial: KN_PER_KIP, enginePerSi: 1 },
  lineLoad: { si: 'kN/m', imperial: 'k/ft', siPerImperial: KN_PER_M_PER_KIP_PER_FT, enginePerSi: 1 },
  pressure: { si: 'kPa', imperial: 'ksf', siPerImperial: KPA_PER_KSF, enginePerSi: 1 },
  moment: { si: 'kN.m', imperial: 'k.ft', siPerImperial: KNM_PER_KIPFT, enginePerSi: 1 },
  modulus: { si: 'GPa', imperial: 'ksi', siPerImperial: GPA_PER_KSI, enginePerSi: 1e6 },
  inertia: { si: 'mm4', imperial: 'in4', siPerImperial: MM4_PER_IN4, enginePerSi: 1e-12 },
  area: { si: 'mm2', imperial: 'in2', siPerImperial: MM2_PER_IN2, enginePerSi: 1e-6 },
  /** settlements, deflections, fabrication length errors */
  displacement: { si: 'mm', imperial: 'in', siPerImperial: MM_PER_IN, enginePerSi: 1e-3 },
  rotation: { si: 'rad', imperial: 'rad', siPerImperial: 1, enginePerSi: 1 },
  /** cross-section dimensions and coordinates (section properties) */
  dimension: { si: 'mm', imperial: 'in', siPerImperial: MM_PER_IN, enginePerSi: 1e-3 },
  /** warping constant Cw (section properties) */
  warpingConstant: { si: 'mm6', imperial: 'in6', siPerImperial: MM6_PER_IN6, enginePerSi: 1e-18 },
  /** elastic and plastic section moduli */
  sectionModulus: { si: 'mm3', imperial: 'in3', siPerImperial: MM3_PER_IN3, enginePerSi: 1e-9 },
  /** mass per length (self-weight); the engine takes its weight, kN/m */
  massPerLength: { si: 'kg/m', imperial: 'lb/ft', siPerImperial: KG_PER_M_PER_LB_PER_FT, enginePerSi: STANDARD_GRAVITY * 1e-3 },
  /** material density (self-weight); the engine takes its unit weight, kN/m3 */
  density: { si: 'kg/m3', imperial: 'lb/ft3', siPerImperial: KG_PER_M3_PER_LB_PER_FT3, enginePerSi: STANDARD_GRAVITY * 1e-3 },
} as const satisfies Record<string, QuantityUnits>;

export type Quantity = keyof typeof quantities;

/** A value in the request's units to the API's SI unit. */
export function toSI(quantity: Quantity, value: number, units: UnitSystem): number {
  return units === 'SI' ? value : value * quantities[quantity].siPerImperial;
}

/** A value in the API's SI unit to the request's units (the inverse of toSI). */
export function fromSI(quantity: Quantity, value: number, units: UnitSystem): number {
  return units === 'SI' ? value : value / quantities[quantity].siPerImperial;
}

/** API SI unit to engine units. */
export function toEngine(quantity: Quantity, value: number): number {
  return value * quantities[quantity].enginePerSi;
}

/**
 * The two divisors that take an engine value `v` to the response's units, `(v / d[0]) / d[1]`: engine
 * units per API SI unit, then API SI units per response unit (1 for SI, and dividing by 1 is exact).
 * The beam pipeline applies the same two divisions to its diagram series in place (ts/solve/beam.ts),
 * so both paths give the very same doubles.
 */
export function engineDivisors(quantity: Quantity, units: UnitSystem): [number, number] {
  const q = quantities[quantity];
  return [q.enginePerSi, units === 'SI' ? 1 : q.siPerImperial];
}

/**
 * Engine units to the response's units. Every number a response carries passes through here or
 * through the beam pipeline's series conversion (same divisors, same check), so this is where a result too large
 * to represent is stopped: nothing non-finite leaves the service.
 */
export function fromEngine(quantity: Quantity, value: number, units: UnitSystem): number {
  const [toSi, toUnits] = engineDivisors(quantity, units);
  const converted = value / toSi / toUnits;
  if (!Number.isFinite(converted)) throw tooLarge(quantity);
  return converted;
}

/**
 * A whole column of engine values (one per member, say) in the response's units: `fromEngine`'s divisions and
 * check in one loop, with no call per value.
 */
export function fromEngineColumn(quantity: Quantity, values: Float64Array, units: UnitSystem): Float64Array {
  const [toSi, toUnits] = engineDivisors(quantity, units);
  const converted = new Float64Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k]! / toSi / toUnits;
    if (!Number.isFinite(v)) throw tooLarge(quantity);
    converted[k] = v;
  }
  return converted;
}

function tooLarge(quantity: Quantity): Problem {
  return new Problem('engine_error', `A result is too large to represent (${quantity}); check the model's magnitudes.`);
}

/** Labels already written, per set of names (each response kind has one) and system. */
const labelled = new WeakMap<Record<string, Quantity>, Partial<Record<UnitSystem, Readonly<Record<string, string>>>>>();

/** `meta.unitLabels`: the label of each named quantity in the response's system (one frozen object per set). */
export function unitLabels(units: UnitSystem, names: Record<string, Quantity>): Readonly<Record<string, string>> {
  const bySystem = labelled.get(names) ?? {};
  labelled.set(names, bySystem);
  return (bySystem[units] ??= Object.freeze(
    Object.fromEntries(Object.entries(names).map(([name, q]) => [name, quantities[q][units === 'SI' ? 'si' : 'imperial']])),
  ));
}

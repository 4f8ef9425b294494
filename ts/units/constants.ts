/**
 * Exact conversion constants between the imperial units of the API and SI.
 * Every conversion in the service goes through this table, so there is one definition of each factor.
 * Sources: the international yard and pound (1959): 1 ft = 0.3048 m, 1 in = 0.0254 m, 1 lb = 0.45359237 kg;
 * standard gravity 9.80665 m/s2 (so 1 lbf = 4.4482216152605 N exactly).
 */

/** metres per foot */
export const M_PER_FT = 0.3048;
/** millimetres per inch */
export const MM_PER_IN = 25.4;
/** kilonewtons per kip (1000 lbf) */
export const KN_PER_KIP = 4.4482216152605;
/** kilograms per pound */
export const KG_PER_LB = 0.45359237;

/** kN/m per kip/ft */
export const KN_PER_M_PER_KIP_PER_FT = KN_PER_KIP / M_PER_FT;
/** kPa per ksf (kip per square foot) */
export const KPA_PER_KSF = KN_PER_KIP / (M_PER_FT * M_PER_FT);
/** kN.m per kip.ft */
export const KNM_PER_KIPFT = KN_PER_KIP * M_PER_FT;
/** GPa per ksi (kip per square inch): kN per kip over (mm per in)^2 is kN/mm2, which is GPa */
export const GPA_PER_KSI = KN_PER_KIP / (MM_PER_IN * MM_PER_IN);
/** mm2 per in2 */
export const MM2_PER_IN2 = MM_PER_IN ** 2;
/** mm3 per in3 */
export const MM3_PER_IN3 = MM_PER_IN ** 3;
/** mm4 per in4 */
export const MM4_PER_IN4 = MM_PER_IN ** 4;
/** mm6 per in6 (warping constants) */
export const MM6_PER_IN6 = MM_PER_IN ** 6;
/** kg/m per lb/ft */
export const KG_PER_M_PER_LB_PER_FT = KG_PER_LB / M_PER_FT;
/** kg/m3 per lb/ft3 */
export const KG_PER_M3_PER_LB_PER_FT3 = KG_PER_LB / M_PER_FT ** 3;
/** standard gravity, m/s2: a mass of 1 kg weighs 9.80665e-3 kN */
export const STANDARD_GRAVITY = 9.80665;

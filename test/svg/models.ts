/**
 * Beam models whose results are known by hand, shared by the figure tests. EI = 200 GPa x 1e8 mm4
 * = 200e6 kN/m2 x 1e-4 m4 = 20 000 kN.m2 throughout.
 */
import type { BeamSolveRequest } from '../../ts/schema/beam.js';

const section = { E: 200, I: 1e8 };

/**
 * Simply supported, L = 8 m, w = 10 kN/m down. Reactions wL/2 = 40 kN; V(0+) = +40, V(L-) = -40 kN;
 * M max = wL^2/8 = 80 kN.m at 4 m; deflection 5wL^4/(384 EI) = 5*10*4096/(384*20000) m = 26.7 mm down
 * at 4 m.
 */
export const simplySupported: BeamSolveRequest = {
  spans: [{ length: 8, ...section }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 8 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 8 }],
};

/**
 * Cantilever fixed at 0, L = 3 m, P = 12 kN down at the tip. Reaction 12 kN up; reaction moment
 * -P*L = -36 kN.m (decisions.md 2: clockwise positive, this example named there); M(0) = -36 kN.m
 * hogging; tip deflection PL^3/(3 EI) = 12*27/(3*20000) m = 5.4 mm down at 3 m.
 */
export const cantilever: BeamSolveRequest = {
  spans: [{ length: 3, ...section }],
  supports: [{ type: 'fixed', position: 0 }],
  loads: [{ type: 'point', magnitude: -12, position: 3 }],
};

/**
 * A typical busy model for layout: two spans joined by a hinge, fixed left end, roller right end,
 * a UDL over both spans, a point load and an applied moment. Reactions by statics: the right span
 * (4 m, hinge at 6 m, roller at 10 m) carries the 15 kN.m clockwise moment at 8 m and 40 kN of UDL:
 * moments about the hinge give R = (40*2 + 15)/4 = 23.75 kN; the fixed end takes
 * 10*10 + 20 - 23.75 = 96.25 kN.
 */
export const hingedTwoSpan: BeamSolveRequest = {
  spans: [
    { length: 6, ...section },
    { length: 4, ...section, connection: 'hinge' },
  ],
  supports: [
    { type: 'fixed', position: 0 },
    { type: 'roller', position: 10 },
  ],
  loads: [
    { type: 'udl', start: -10, from: 0, to: 10 },
    { type: 'point', magnitude: -20, position: 3 },
    { type: 'moment', magnitude: 15, position: 8 },
  ],
};

/**
 * Three continuous spans with a linearly varying load, an area load of another case, a point load
 * and an overhang: the load labels crowd one another, as in everyday use.
 */
export const continuousThreeSpan: BeamSolveRequest = {
  spans: [
    { length: 5, ...section },
    { length: 6, ...section },
    { length: 5, ...section },
    { length: 1.5, ...section },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 5 },
    { type: 'roller', position: 11 },
    { type: 'roller', position: 16 },
  ],
  loads: [
    { type: 'udl', start: -5, end: -15, from: 0, to: 5 },
    { type: 'area', start: -2.5, from: 5, to: 16, width: 3, case: 'Q' },
    { type: 'point', magnitude: -30, position: 8 },
    { type: 'point', magnitude: -10, position: 17.5 },
  ],
};

/** The same cantilever in imperial units: 10 ft, 5 kip at the tip; reaction 5 kip, moment 50 k.ft. */
export const imperialCantilever: BeamSolveRequest = {
  units: 'imperial',
  spans: [{ length: 10, E: 29000, I: 500 }],
  supports: [{ type: 'fixed', position: 0 }],
  loads: [{ type: 'point', magnitude: -5, position: 10 }],
};

export const typicalBeams = { simplySupported, cantilever, hingedTwoSpan, continuousThreeSpan, imperialCantilever };

/**
 * Issue 16's busy beam, statically determinate so every chart value is a hand calculation: spans 4, 4, 4 m,
 * the third hinged to the second at 8 m; pin at 0, roller at 6 (settling 10 mm), roller at 12. Loads: 10 kN/m
 * over 0-4, an applied moment of 12 kN.m clockwise at 5, 20 kN down at 10, a trapezoid 3 to 9 kN/m down over
 * 8-12.
 * Right part (8-12) about the hinge: the trapezoid is 24 kN at 4 (3 + 2 x 9) / (3 x 12) = 2.333 m from 8, so
 * 4 R12 = 24 x 2.333 + 20 x 2 = 96, R12 = 24 kN, and the hinge passes 24 + 20 - 24 = 20 kN.
 * Left part (0-8) about 0 (anticlockwise positive): 6 R6 - 40 x 2 - 20 x 8 - 12 = 0, R6 = 42 kN; R0 = 18 kN.
 * Shear: V(0) = 18; V(5) = 18 - 40 = -22; V(6-) = -22, V(6+) = 20; V(10-) = 20 - (3 + 6)/2 x 2 = 11,
 * V(10+) = -9; V(12-) = -9 - (6 + 9)/2 x 2 = -24.
 * Moment (sagging positive): M(0) = 0; M(5-) = 18 x 5 - 40 x 3 = -30, the clockwise 12 kN.m lifts it to
 * M(5+) = -18; M(6) = -20 x 2 = -40 (from the right of 6); M(8) = 0 (hinge); M(10) = 24 x 2 - 15 x 1.0667 = 32
 * (the 6-9 kN/m piece over 10-12 is 15 kN at 2 (6 + 18) / (3 x 15) = 1.0667 m from 10); M(12) = 0. Span 1
 * peaks where V = 18 - 10 x = 0, x = 1.8 m, M = 18 x 1.8 - 5 x 1.8^2 = 16.2, and M = 18 x - 5 x^2 is zero
 * again at x = 3.6 m. Deflection at the supports: 0, -10 mm (the settlement), 0.
 */
export const issue16Beam: BeamSolveRequest = {
  spans: [
    { length: 4, ...section },
    { length: 4, ...section },
    { length: 4, ...section, connection: 'hinge' },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6, settlement: -10 },
    { type: 'roller', position: 12 },
  ],
  loads: [
    { type: 'udl', start: -10, from: 0, to: 4 },
    { type: 'moment', magnitude: 12, position: 5 },
    { type: 'point', magnitude: -20, position: 10 },
    { type: 'udl', start: -3, end: -9, from: 8, to: 12 },
  ],
};

/** A two-span floor beam with dead (G) and live (Q) loads under the AS1170 combinations (figures show it unfactored). */
export const as1170Beam: BeamSolveRequest = {
  spans: [
    { length: 6, ...section },
    { length: 5, ...section },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
    { type: 'roller', position: 11 },
  ],
  loads: [
    { type: 'udl', start: -6, from: 0, to: 11, case: 'G' },
    { type: 'udl', start: -4, from: 0, to: 11, case: 'Q' },
    { type: 'point', magnitude: -15, position: 3, case: 'Q' },
  ],
  combinations: { standard: 'AS1170' },
};

/** The beams issue 16 was tried on. */
export const issue16Beams = { issue16Beam, cantilever, as1170Beam, continuousThreeSpan };

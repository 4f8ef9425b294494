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

/**
 * Models with load combinations for the figure tests (figures of one combination and of the envelope), each
 * with its results worked by hand below. Factors: combinations.md section 1 (AS/NZS 1170.0, office):
 * AS1170-ULS-1 = 1.35G, ULS-2 = 1.2G + 1.5Q, ULS-3 = 1.2G + 1.5ψl Q = 1.2G + 0.6Q, ULS-4 = 1.2G + ψc Q + W
 * (= 1.2G + W without Q), ULS-5 = 0.9G + W. E = 200 GPa, I = 1e8 mm4: EI = 2e4 kN.m².
 */
import { triangle } from './truss-models.js';

const section = { E: 200, I: 1e8 };

/**
 * combinations.md 1.7 worked example: 6 m simply supported, G = 10 and Q = 5 kN/m. AS1170-ULS-2: w = 1.2 x 10 +
 * 1.5 x 5 = 19.5 kN/m, M = wL²/8 = 19.5 x 36 / 8 = 87.75 kN.m at 3 m, reactions wL/2 = 58.5 kN, shear ±58.5 kN.
 * The figure's loads: 1.2 x 10 = 12 kN/m and 1.5 x 5 = 7.5 kN/m (Q).
 */
export const workedExample = {
  spans: [{ length: 6, ...section }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [
    { type: 'udl', start: -10, from: 0, to: 6, case: 'G' },
    { type: 'udl', start: -5, from: 0, to: 6, case: 'Q' },
  ],
  combinations: { standard: 'AS1170', occupancy: 'office' },
};

/**
 * Two equal continuous 6 m spans, G = 10 and Q = 5 kN/m on both: every combination is a uniform w on both
 * spans. Two equal spans under w (three-moment equation; each span a propped cantilever): M over the middle
 * support = -wL²/8, largest sagging 9wL²/128 at 3L/8 = 2.25 m of each span.
 * ULS w: ULS-1 13.5, ULS-2 19.5, ULS-3 1.2 x 10 + 0.6 x 5 = 15 kN/m.
 * Envelope: largest sagging 9 x 19.5 x 36 / 128 = 49.359375 kN.m at 2.25 m (ULS-2); over the support the
 * lower bound -19.5 x 36 / 8 = -87.75 kN.m (ULS-2) and the upper bound -13.5 x 36 / 8 = -60.75 kN.m (ULS-1).
 */
export const twoEqualSpans = {
  spans: [
    { length: 6, ...section },
    { length: 6, ...section },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
    { type: 'roller', position: 12 },
  ],
  loads: [
    { type: 'udl', start: -10, from: 0, to: 12, case: 'G' },
    { type: 'udl', start: -5, from: 0, to: 12, case: 'Q' },
  ],
  combinations: { standard: 'AS1170', occupancy: 'office' },
};

/** A continuous beam of two spans (6 m and 4 m) for the documented figures: G throughout, Q on the first span and at 8 m. */
export const patternBeam = {
  spans: [
    { length: 6, ...section },
    { length: 4, ...section },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
    { type: 'roller', position: 10 },
  ],
  loads: [
    { type: 'udl', start: -10, from: 0, to: 10, case: 'G' },
    { type: 'udl', start: -5, from: 0, to: 6, case: 'Q' },
    { type: 'point', magnitude: -20, position: 8, case: 'Q' },
  ],
  combinations: { standard: 'AS1170', occupancy: 'office' },
};

/**
 * The triangle of truss-models.ts (nodes 1 (0, 0) pin, 2 (4, 0) roller, 3 (2, 2)) with P = 10 kN down (G) and
 * H = 4 kN to +x (W) at node 3. Method of joints, for P down: chord +P/2, diagonals -P/√2; for H: R2 = H/2 up,
 * R1 = H/2 down and H to -x; joint 2: T23 = -H/√2, T12 = +H/2; joint 1: T13 = +H/√2. So
 * member 1 (1-2) = (P + H)/2, member 2 (1-3) = (H - P)/√2, member 3 (2-3) = -(P + H)/√2.
 * With G and W present AS1170 generates ULS-1, ULS-4 and ULS-5 (ULS-2 and 3 need Q):
 *   ULS-1 (P 13.5, H 0): 6.75, -9.5459, -9.5459
 *   ULS-4 (P 12, H 4):   8, -5.6569, -11.3137
 *   ULS-5 (P 9, H 4):    6.5, -3.5355, -9.1924
 * Envelope: member 1 max 8 (ULS-4) min 6.5 (ULS-5); member 2 max -3.5355 (ULS-5) min -9.5459 (ULS-1);
 * member 3 max -9.1924 (ULS-5) min -11.3137 (ULS-4). ULS-4 reactions: node 1 H -4, V P/2 - H/2 = 4; node 2 V 8.
 */
export const windTriangle = {
  ...triangle,
  loads: [
    { node: 3, fy: -10, case: 'G' },
    { node: 3, fx: 4, case: 'W' },
  ],
  combinations: { standard: 'AS1170' },
};

/**
 * One 6 m frame member fixed at both ends, G = 10 and Q = 5 kN/m down along it. Fixed-fixed beam under w:
 * end moments -wL²/12, midspan +wL²/24 (the fixed-end moment table of Hibbeler, Structural Analysis). ULS-2 (w 19.5): ends -58.5, midspan
 * 29.25 kN.m; ULS-1 (w 13.5): ends -40.5, midspan 20.25 kN.m; ULS-3 (w 15): ends -45, midspan 22.5 kN.m.
 * Envelope: upper bound 29.25 at midspan (ULS-2) and -40.5 at the ends (ULS-1); lower bound -58.5 at the
 * ends (ULS-2).
 */
export const fixedMember = {
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 6, y: 0 },
  ],
  members: [{ id: 1, from: 1, to: 2 }],
  materials: [{ id: 1, E: 200, A: 5000, I: 1e8 }],
  supports: [
    { node: 1, type: 'fixed' },
    { node: 2, type: 'fixed' },
  ],
  memberLoads: [
    { type: 'udl', member: 1, start: -10, from: 0, to: 6, case: 'G' },
    { type: 'udl', member: 1, start: -5, from: 0, to: 6, case: 'Q' },
  ],
  combinations: { standard: 'AS1170' },
};

/**
 * The portal of the documented frame figures: 6 m by 4 m on fixed bases (310UB40.4-like: A = 5210 mm², I = 86.4e6
 * mm⁴), the beam hinged at the right eave.
 */
export const portalGeometry = {
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: 4 },
    { id: 3, x: 6, y: 4 },
    { id: 4, x: 6, y: 0 },
  ],
  members: [
    { id: 1, from: 1, to: 2 },
    { id: 2, from: 2, to: 3, releases: { end: true } },
    { id: 3, from: 4, to: 3 },
  ],
  materials: [{ id: 1, E: 200, A: 5210, I: 8.64e7 }],
  supports: [
    { node: 1, type: 'fixed' },
    { node: 4, type: 'fixed' },
  ],
};

/** The portal with its loads in cases: G and Q on the beam, the sway load and the wind on the left column W. */
export const portalWithCases = {
  ...portalGeometry,
  nodalLoads: [{ node: 2, fx: 10, case: 'W' }],
  memberLoads: [
    { type: 'udl', member: 2, start: -5, from: 0, to: 6, case: 'G' },
    { type: 'udl', member: 2, start: -3, from: 0, to: 6, case: 'Q' },
    { type: 'udl', member: 1, start: 2, from: 0, to: 4, direction: 'global-x', case: 'W' },
  ],
  combinations: { standard: 'AS1170' },
};

import portal from '../fixtures/frame/portal-fixed-gravity.json' with { type: 'json' };
import triangle from '../fixtures/truss/triangle.json' with { type: 'json' };

/**
 * Models several suites share, with their hand results.
 *
 * TRIANGLE_TRUSS: 8 m wide, 3 m high (rafters 5 m: sin = 3/5, cos = 4/5), 10 kN down at the apex, pin at
 * node 1 and roller at node 2: the request of test/fixtures/truss/triangle.json, where its hand results
 * are (method of joints: rafters -25/3 kN, tie +20/3 kN, reactions 5 kN up each; apex deflection by
 * virtual work). The OpenAPI examples use the same file.
 */
export const TRIANGLE_TRUSS = triangle.request;

/**
 * SIMPLE_BEAM: one 6 m span, pin and roller, 10 kN/m down over the whole span: reactions wL/2 = 30 kN up at
 * each end, midspan moment wL²/8 = 45 kN·m.
 */
export const SIMPLE_BEAM = {
  spans: [{ length: 6, E: 200, I: 8.0e7 }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
};

/**
 * PORTAL_FRAME: the geometry of test/fixtures/frame/portal-fixed-gravity.json (6 m wide, 4 m high, fixed bases,
 * columns 1-2 and 4-3 drawn upwards, beam 2-3) with equal sections (E = 200 GPa, A = 5000 mm², I = 1e8 mm⁴) and
 * 10 kN/m down on the beam. By symmetry each base carries wL/2 = 30 kN up.
 */
export const PORTAL_FRAME = {
  nodes: portal.request.nodes,
  members: portal.request.members,
  materials: [{ id: 1, E: 200, A: 5000, I: 1e8 }],
  supports: portal.request.supports,
  memberLoads: [{ type: 'udl', member: 2, start: -10, from: 0, to: 6 }],
};

/** README's beam (its "Try it" section): one 6 m span, pin and roller, 10 kN/m downward, I = 1e8 mm4. */
export const README_BEAM = {
  spans: [{ length: 6, E: 200, I: 100000000 }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
};

/**
 * CANTILEVER_COLUMN: 5 m, fixed at its foot (node 1), free at its top (node 2), EI = 200 GPa × 8e7 mm⁴ =
 * 16,000 kN·m², no loads: Euler's critical load π²EI/4L² = π² × 16,000 / 100 = 1,579.1 kN, the second mode's
 * 9 times it (9π²EI/4L²).
 */
export const CANTILEVER_COLUMN = {
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: 5 },
  ],
  members: [{ id: 1, from: 1, to: 2 }],
  materials: [{ id: 1, E: 200, A: 5000, I: 8e7 }],
  supports: [{ node: 1, type: 'fixed' }],
};

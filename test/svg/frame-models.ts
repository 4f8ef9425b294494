/** Frame models for the figure tests. */

/** A 6 m by 4 m portal on fixed bases (310UB40.4-like: A = 5210 mm², I = 86.4e6 mm⁴), hinged at the right eave,
 * 5 kN/m on the beam, 10 kN of sway at the left eave and 2 kN/m of wind on the left column. */
export const portal = {
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
  nodalLoads: [{ node: 2, fx: 10 }],
  memberLoads: [
    { type: 'udl', member: 2, start: -5, from: 0, to: 6 },
    { type: 'udl', member: 1, start: 2, from: 0, to: 4, direction: 'global-x' },
  ],
};

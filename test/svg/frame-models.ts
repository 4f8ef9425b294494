/** Frame models for the figure tests. */
import { portalGeometry } from './combination-models.js';

/** The 6 m by 4 m portal of combination-models.ts (fixed bases, hinged at the right eave), its loads unfactored:
 * 5 kN/m on the beam, 10 kN of sway at the left eave and 2 kN/m of wind on the left column. */
export const portal = {
  ...portalGeometry,
  nodalLoads: [{ node: 2, fx: 10 }],
  memberLoads: [
    { type: 'udl', member: 2, start: -5, from: 0, to: 6 },
    { type: 'udl', member: 1, start: 2, from: 0, to: 4, direction: 'global-x' },
  ],
};

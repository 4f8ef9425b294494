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

/**
 * A gable frame, 12 m span, 4 m eaves and a 6 m apex, fixed bases, 4 kN/m of roof load down on both rafters,
 * 2 kN/m of wind on the left column and 6 kN sideways at the left eave: rafters at an angle, the labels of
 * their moments must stay by their points (issue 37).
 */
export const gable = {
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: 4 },
    { id: 3, x: 6, y: 6 },
    { id: 4, x: 12, y: 4 },
    { id: 5, x: 12, y: 0 },
  ],
  members: [
    { id: 1, from: 1, to: 2 },
    { id: 2, from: 2, to: 3 },
    { id: 3, from: 3, to: 4 },
    { id: 4, from: 5, to: 4 },
  ],
  materials: [{ id: 1, E: 200, A: 5210, I: 8.64e7 }],
  supports: [
    { node: 1, type: 'fixed' },
    { node: 5, type: 'fixed' },
  ],
  nodalLoads: [{ node: 2, fx: 6 }],
  memberLoads: [
    { type: 'udl', member: 2, start: -4 },
    { type: 'udl', member: 3, start: -4 },
    { type: 'udl', member: 1, start: 2, direction: 'global-x' },
  ],
};

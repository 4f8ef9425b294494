/**
 * The sign conventions a report states, as the service answers them (interface-spec.md "Sign conventions",
 * decisions.md sections 2 and 14): what a checker needs to read the report's signs without the API's docs.
 */
import type { Kind } from '../kinds.js';

const COMMON = [
  'Loads: negative downward (a gravity load is negative); +x to the right.',
  'Applied moments and reaction moments: clockwise positive.',
  'Support settlement: downward negative (positive is heave).',
  'Displacements dx, dy and deflections: +x and up (+y) positive.',
];

const BY_KIND: Record<Kind, string[]> = {
  beam: [
    'Vertical reactions: up positive.',
    'Shear V = dM/dx (simply supported under a downward udl, V(0+) = +wL/2).',
    'Bending moment: sagging positive. Positions from the left end of the beam.',
    'Rotation: the slope dv/dx, counter-clockwise positive.',
  ],
  truss: ['Reactions: horizontal +x positive, vertical up positive.', 'Member axial force: tension positive, compression negative.'],
  frame: [
    'Reactions: horizontal +x positive, vertical up positive.',
    'Member local axes: x′ from the start node to the end node, y′ x′ turned 90° counter-clockwise.',
    'Member axial force: tension positive. Shear V = dM/dx′.',
    'Member moment: positive when the −y′ face is in tension (sagging for a member drawn left to right). Positions from the start node.',
    'Rotation: counter-clockwise positive.',
  ],
};

export function signConventions(kind: Kind): string[] {
  return [...COMMON, ...BY_KIND[kind]];
}

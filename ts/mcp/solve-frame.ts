/** solve_frame: POST /v1/frame/solve as a tool. */
import { frameValidator } from '../solve/frame.js';
import { computed, type Tool } from './tool.js';

export const solveFrameTool: Tool = {
  name: 'solve_frame',
  title: 'Solve a plane frame',
  description: [
    'Solves a rigid-jointed plane frame of beam-columns (linear elastic, Euler-Bernoulli) and returns reactions, joint',
    'displacements and rotations, and per member its end forces, exact extremes and axial/shear/moment/deflection diagrams; with',
    '`combinations` also the ULS/SLS envelope of a design standard. Ids of nodes, members and materials are your integers.',
    'Units: SI = m, kN, kN/m, kN.m, GPa, mm2, mm4, mm; imperial = ft, kip, k/ft, k.ft, ksi, in2, in4, in. A material gives E, A',
    'and I, or names a library section (e.g. "310UB40.4"; E then defaults to 200 GPa). Supports pin, roller (angle = rolling',
    'direction in degrees, 0 restrains y) or fixed, with optional settlement {x, y (mm | in), rotation (rad, counter-clockwise)}.',
    'Member releases {start, end}: true = moment hinge there. Member loads: point, udl (start/end intensities over from..to, distances',
    'from the member start) and moment; direction global-y (default, per length ALONG the member, NEGATIVE = DOWNWARD), global-x,',
    "local-y (y' = x' turned 90 degrees counter-clockwise) or local-x. Applied and reaction moments clockwise positive. Member results",
    "read along x' (start to end node) like a beam: axial tension positive, moment positive when the -y' face is in tension, V = dM/dx'.",
    'Example, a 4 m high, 6 m wide fixed-base portal swayed by 10 kN: {"nodes":[{"id":1,"x":0,"y":0},{"id":2,"x":0,"y":4},',
    '{"id":3,"x":6,"y":4},{"id":4,"x":6,"y":0}],"members":[{"id":1,"from":1,"to":2},{"id":2,"from":2,"to":3},{"id":3,"from":4,"to":3}],',
    '"materials":[{"id":1,"E":200,"A":5210,"I":86400000}],"supports":[{"node":1,"type":"fixed"},{"node":4,"type":"fixed"}],',
    '"nodalLoads":[{"node":2,"fx":10}]}.',
  ].join(' '),
  inputSchema: frameValidator.schema,
  call: computed('frame.solve', 'solve_frame'),
};

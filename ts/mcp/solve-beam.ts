/** solve_beam: POST /v1/beam/solve as a tool. */
import { beamValidator } from '../solve/beam.js';
import { computed, type Tool } from './tool.js';

export const solveBeamTool: Tool = {
  name: 'solve_beam',
  title: 'Solve a multi-span beam',
  description: [
    'Solves a continuous beam of 1 to 20 spans (linear elastic, Euler-Bernoulli) and returns reactions, shear, moment,',
    'rotation and deflection diagrams, exact extremes, and with `combinations` the ULS/SLS envelope of a design standard.',
    'Units: SI = m, kN, kN/m, kPa, kN.m, GPa, mm4, mm; imperial = ft, kip, k/ft, ksf, k.ft, ksi, in4, in.',
    'Signs: loads NEGATIVE = DOWNWARD (gravity is negative); applied moments clockwise positive; settlement down negative.',
    'Results: reactions up positive, reaction moments clockwise positive; moment diagram sagging positive; deflection up positive (mm | in).',
    'Positions are measured from the left end. Example: a 6 m simply supported span with a 10 kN/m gravity load:',
    '{"spans":[{"length":6,"E":200,"I":8.0e7}],"supports":[{"type":"pin","position":0},{"type":"roller","position":6}],',
    '"loads":[{"type":"udl","start":-10,"from":0,"to":6}]}.',
  ].join(' '),
  inputSchema: beamValidator.schema,
  call: computed('beam.solve', 'solve_beam'),
};

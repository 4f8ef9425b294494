/** solve_beam: POST /v1/beam/solve as a tool, answering without diagram series at 6 digits unless asked. */
import { BeamSolveRequest } from '../schema/beam.js';
import { beamSummary, type BeamAnswer } from './summary.js';
import { answer, OUTPUT_DEFAULT, solved, withAgentOutput, type Tool } from './tool.js';

export const solveBeamTool: Tool = {
  name: 'solve_beam',
  title: 'Solve a multi-span beam',
  description: [
    'Continuous beam, 1-20 spans left to right: reactions, shear/moment/deflection extremes with positions; with combinations the',
    'ULS/SLS envelope. SI: m, kN, kN/m, kPa, kN.m, GPa, mm4, mm (imperial: ft, kip, k/ft, ksf, k.ft, ksi, in4, in); positions from',
    'the left end. A span: E and I, or a library section; connection hinge: a moment release at its left end. Loads NEGATIVE = DOWN,',
    'uniform unless end is given; area: kPa over width; moments clockwise +; settlement mm, down -. Moment sagging +; deflection up +.',
    OUTPUT_DEFAULT + ' Example, 6 m span, 10 kN/m down: {"spans":[{"length":6,"E":200,"I":8e7}],"supports":[{"type":"pin",',
    '"position":0},{"type":"roller","position":6}],"loads":[{"type":"udl","start":-10,"from":0,"to":6}]}',
  ].join(' '),
  inputSchema: BeamSolveRequest,
  call: async (args, context) => answer(await solved<BeamAnswer>('beam.solve', withAgentOutput(args), context, 'solve_beam'), beamSummary),
};

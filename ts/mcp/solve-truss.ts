/** solve_truss: POST /v1/truss/solve as a tool, answering at 6 digits unless asked. */
import { TrussSolveRequest } from '../schema/truss.js';
import { trussSummary, type TrussAnswer } from './summary.js';
import { answer, OUTPUT_DEFAULT, solved, withAgentOutput, type Tool } from './tool.js';

export const solveTrussTool: Tool = {
  name: 'solve_truss',
  title: 'Solve a plane truss',
  description: [
    'Plane pin-jointed truss: reactions, member forces, displacements; with combinations the ULS/SLS envelope. Ids are your',
    'integers. SI: m, kN, GPa, mm2, mm (imperial: ft, kip, ksi, in2, in). materials {id, E, A} or {id, section}; roller angle: its',
    'rolling direction, degrees; loads {fx, fy} or {magnitude, angle from +x}; lack-of-fit deltaLength mm. fy NEGATIVE = DOWN;',
    'tension +. ' + OUTPUT_DEFAULT + ' Example, 10 kN down on a triangle: {"nodes":[{"id":1,"x":0,"y":0},{"id":2,"x":8,"y":0},',
    '{"id":3,"x":4,"y":3}],"members":[{"id":1,"from":1,"to":2},{"id":2,"from":1,"to":3},{"id":3,"from":2,"to":3}],"materials":',
    '[{"id":1,"E":200,"A":1000}],"supports":[{"node":1,"type":"pin"},{"node":2,"type":"roller"}],"loads":[{"node":3,"fy":-10}]}',
  ].join(' '),
  inputSchema: TrussSolveRequest,
  call: async (args, context) =>
    answer(await solved<TrussAnswer>('truss.solve', withAgentOutput(args), context, 'solve_truss'), trussSummary),
};

/** solve_frame: POST /v1/frame/solve as a tool, answering without member diagrams at 6 digits unless asked. */
import { FrameSolveRequest } from '../schema/frame.js';
import { frameSummary, type FrameAnswer } from './summary.js';
import { answer, OUTPUT_DEFAULT, solved, withAgentOutput, type Tool } from './tool.js';

export const solveFrameTool: Tool = {
  name: 'solve_frame',
  title: 'Solve a plane frame',
  description: [
    'Rigid-jointed plane frame: reactions, joint displacements, member end forces and extremes; with combinations the ULS/SLS',
    'envelope. Ids are your integers. SI: m, kN, kN/m, kN.m, GPa, mm2, mm4, mm, rad (imperial: ft, kip, k/ft, k.ft, ksi, in2, in4,',
    'in). materials {id, E, A, I} or {id, section}; releases true = hinge. Member loads: positions from the member start; direction',
    'global-y (default, per length along the member), global-x, local-y, local-x. fy, global-y NEGATIVE = DOWN; moments clockwise +;',
    "members read start to end: tension +, moment + with the -y' face in tension. analysis {order: second} for P-Δ, {buckling: n}",
    'for critical load factors. ' + OUTPUT_DEFAULT + ' Example, portal swayed',
    'by 10 kN: {"nodes":[{"id":1,"x":0,"y":0},{"id":2,"x":0,"y":4},{"id":3,"x":6,"y":4},{"id":4,"x":6,"y":0}],"members":[{"id":1,',
    '"from":1,"to":2},{"id":2,"from":2,"to":3},{"id":3,"from":4,"to":3}],"materials":[{"id":1,"E":200,"A":5210,"I":8.64e7}],',
    '"supports":[{"node":1,"type":"fixed"},{"node":4,"type":"fixed"}],"nodalLoads":[{"node":2,"fx":10}]}',
  ].join(' '),
  inputSchema: FrameSolveRequest,
  call: async (args, context) =>
    answer(await solved<FrameAnswer>('frame.solve', withAgentOutput(args), context, 'solve_frame'), frameSummary),
};

/** solve_truss: POST /v1/truss/solve as a tool. */
import { trussValidator } from '../solve/truss.js';
import { computed, type Tool } from './tool.js';

export const solveTrussTool: Tool = {
  name: 'solve_truss',
  title: 'Solve a plane truss',
  description: [
    'Solves a plane pin-jointed truss (linear elastic) and returns reactions, member axial forces and node displacements,',
    'and with `combinations` the ULS/SLS envelope of a design standard. Ids of nodes, members and materials are your integers.',
    'Units: SI = m, kN, GPa, mm2, mm; imperial = ft, kip, ksi, in2, in. A material may name a library section (e.g. "W14X90")',
    'instead of giving A (E then defaults to 200 GPa). Signs: fy NEGATIVE = DOWNWARD; polar angles in degrees counter-clockwise',
    'from +x (-90 = down); roller angle = rolling direction (0 restrains y). Results: member force tension positive; reactions',
    '+x and up positive; displacements dx +x, dy up positive (mm | in). Example: nodes 1 (0,0), 2 (8,0), 3 (4,3), members 1-2,',
    '1-3, 2-3, pin at 1, roller at 2, 10 kN down at 3: {"nodes":[{"id":1,"x":0,"y":0},{"id":2,"x":8,"y":0},{"id":3,"x":4,"y":3}],',
    '"members":[{"id":1,"from":1,"to":2},{"id":2,"from":1,"to":3},{"id":3,"from":2,"to":3}],"materials":[{"id":1,"E":200,"A":1000}],',
    '"supports":[{"node":1,"type":"pin"},{"node":2,"type":"roller"}],"loads":[{"node":3,"fy":-10}]}.',
  ].join(' '),
  inputSchema: trussValidator.schema,
  call: computed('truss.solve', 'solve_truss'),
};

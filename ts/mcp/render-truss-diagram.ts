/** render_truss_diagram: POST /v1/truss/diagram as a tool; SVG as text, or PNG as image content. */
import { trussDiagramProperties } from '../schema/diagram.js';
import { renderTool } from './render.js';

export const renderTrussDiagramTool = renderTool({
  name: 'render_truss_diagram',
  title: 'Draw a truss diagram (SVG or PNG)',
  description: [
    'Solves and draws a truss: the solve_truss arguments plus these options; combination: an id or "envelope"; format png: an',
    'image you can look at. Example: the solve_truss example plus {"format":"png"}.',
  ].join(' '),
  solveTool: 'solve_truss',
  figure: trussDiagramProperties,
  task: 'truss.diagram',
});

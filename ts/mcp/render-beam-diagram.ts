/** render_beam_diagram: POST /v1/beam/diagram as a tool; SVG as text, or PNG as image content. */
import { beamDiagramProperties } from '../schema/diagram.js';
import { renderTool } from './render.js';

export const renderBeamDiagramTool = renderTool({
  name: 'render_beam_diagram',
  title: 'Draw a beam diagram (SVG or PNG)',
  description: [
    'Solves and draws a beam: the solve_beam arguments plus these options; combination: an id or "envelope"; format png: an',
    'image you can look at. Example: the solve_beam example plus {"view":"moment","format":"png"}.',
  ].join(' '),
  solveTool: 'solve_beam',
  figure: beamDiagramProperties,
  task: 'beam.diagram',
});

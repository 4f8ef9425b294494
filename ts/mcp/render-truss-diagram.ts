/** render_truss_diagram: POST /v1/truss/diagram as a tool; the SVG comes back as text content. */
import { trussDiagramValidator } from '../solve/diagram.js';
import { computed, type Tool } from './tool.js';

export const renderTrussDiagramTool: Tool = {
  name: 'render_truss_diagram',
  title: 'Draw a truss diagram (SVG)',
  description: [
    'Solves a truss (the solve_truss arguments, same units and signs: fy NEGATIVE = DOWNWARD, member forces tension positive)',
    'and draws it as an SVG document (mimeType image/svg+xml), returned as text content. view: problem (geometry, loads,',
    'supports) or results (default: reactions, member forces coloured tension red and compression blue, deflected shape).',
    'Optional width 400-2000 px (default 860), height 150-1500 px (default 460), theme light|dark, style modern|classic.',
    'With combinations: combination = an id of the solve\'s envelope.combinations (that combination, factored) or "envelope" (the envelope on results: ULS max and min, SLS deflection bounds); the caption names what is drawn.',
  ].join(' '),
  inputSchema: trussDiagramValidator.schema,
  call: computed('truss.diagram', 'render_truss_diagram'),
};

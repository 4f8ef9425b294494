/** render_beam_diagram: POST /v1/beam/diagram as a tool; the SVG comes back as text content. */
import { beamDiagramValidator } from '../solve/diagram.js';
import { computed, type Tool } from './tool.js';

export const renderBeamDiagramTool: Tool = {
  name: 'render_beam_diagram',
  title: 'Draw a beam diagram (SVG)',
  description: [
    'Solves a beam (the solve_beam arguments, same units and signs: loads NEGATIVE = DOWNWARD, moments clockwise positive)',
    'and draws it as an SVG document (mimeType image/svg+xml), returned as text content. view: problem (the clean setup),',
    'setup (with reactions; default), results (reactions and deflected shape), or the charts shear, moment (sagging positive)',
    'and deflection. Optional width 400-2000 px (default 860), height 150-1500 px, theme light|dark, style modern|classic,',
    'deformed (overlay the deflected shape on the setup view; true on another view is refused).',
    'With combinations: combination = an id of the solve\'s envelope.combinations (that combination, factored) or "envelope" (the envelope on shear, moment, deflection: ULS max and min, SLS deflection bounds); the caption names what is drawn.',
  ].join(' '),
  inputSchema: beamDiagramValidator.schema,
  call: computed('beam.diagram', 'render_beam_diagram'),
};

/** render_frame_diagram: POST /v1/frame/diagram as a tool; the SVG comes back as text content. */
import { frameDiagramValidator } from '../solve/diagram.js';
import { computed, type Tool } from './tool.js';

export const renderFrameDiagramTool: Tool = {
  name: 'render_frame_diagram',
  title: 'Draw a plane frame diagram (SVG)',
  description: [
    'Solves a plane frame (the solve_frame arguments, same units and signs: fy and global-y loads NEGATIVE = DOWNWARD, moments',
    'clockwise positive) and draws it as an SVG document (mimeType image/svg+xml), returned as text content. view: problem',
    '(geometry, hinges, supports, loads), results (default: reactions and the deflected shape), deflected (the deflected shape',
    "magnified), or axial, shear, moment (each member's diagram drawn on the frame, the moment on the tension side).",
    'Optional width 400-2000 px (default 860), height 150-1500 px (default 420), theme light|dark, style modern|classic.',
    'With combinations: combination = an id of the solve\'s envelope.combinations (that combination, factored) or "envelope" (the envelope on axial, shear, moment: ULS max and min, SLS deflection bounds); the caption names what is drawn.',
  ].join(' '),
  inputSchema: frameDiagramValidator.schema,
  call: computed('frame.diagram', 'render_frame_diagram'),
};

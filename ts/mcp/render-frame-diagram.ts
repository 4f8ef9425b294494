/** render_frame_diagram: POST /v1/frame/diagram as a tool; SVG as text, or PNG as image content. */
import { frameDiagramProperties } from '../schema/diagram.js';
import { renderTool } from './render.js';

export const renderFrameDiagramTool = renderTool({
  name: 'render_frame_diagram',
  title: 'Draw a plane frame diagram (SVG or PNG)',
  description: [
    'Solves and draws a frame: the solve_frame arguments plus view problem | results (default) | deflected | axial | shear | moment',
    '| buckling (mode n),',
    'width 400-2000 px, height, theme light|dark, style, combination (an id or "envelope") and format svg | png (an image you can',
    'look at). Example: the solve_frame example plus {"view":"moment","format":"png"}.',
  ].join(' '),
  solveTool: 'solve_frame',
  figure: frameDiagramProperties,
  task: 'frame.diagram',
});

/** render_frame_diagram: POST /v1/frame/diagram as a tool; SVG as text, or PNG as image content. */
import { frameDiagramProperties } from '../schema/diagram.js';
import { renderTool } from './render.js';

export const renderFrameDiagramTool = renderTool({
  name: 'render_frame_diagram',
  title: 'Draw a plane frame diagram (SVG or PNG)',
  description: [
    'Solves and draws a frame: the solve_frame arguments plus these options; combination: an id or "envelope"; format png: an',
    'image you can look at. Example: the solve_frame example plus {"view":"moment","format":"png"}.',
  ].join(' '),
  solveTool: 'solve_frame',
  figure: frameDiagramProperties,
  task: 'frame.diagram',
});

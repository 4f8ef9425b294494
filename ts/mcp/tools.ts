/** Every MCP tool the service offers, in the order tools/list gives them; each lands with its capability. */
import { getSectionTool } from './get-section.js';
import { renderBeamDiagramTool } from './render-beam-diagram.js';
import { renderFrameDiagramTool } from './render-frame-diagram.js';
import { renderTrussDiagramTool } from './render-truss-diagram.js';
import { searchSectionsTool } from './search-sections.js';
import { sectionPropertiesTool } from './section-properties.js';
import { solveBeamTool } from './solve-beam.js';
import { solveFrameTool } from './solve-frame.js';
import { solveTrussTool } from './solve-truss.js';
import type { Tool } from './tool.js';

export const TOOLS: readonly Tool[] = [
  solveBeamTool,
  solveTrussTool,
  solveFrameTool,
  sectionPropertiesTool,
  getSectionTool,
  searchSectionsTool,
  renderBeamDiagramTool,
  renderTrussDiagramTool,
  renderFrameDiagramTool,
];

/**
 * What the three render tools share: their arguments are the matching solve tool's (the model, described once,
 * by that tool) plus the figure options and `format` (decisions.md 23), so tools/list carries each model's
 * schema once. The call is checked whole by the diagram request's own schema, as the HTTP route checks it.
 */
import { Type, type TProperties } from '@sinclair/typebox';
import { StringEnum } from '../schema/common.js';
import { compile } from '../schema/validate.js';
import type { TaskName } from '../server/compute/tasks.js';
import { drawn, type FigureFormat, type Tool } from './tool.js';

const FORMAT = Type.Optional(
  StringEnum(['svg', 'png'] as const, {
    description: 'svg (default): the SVG document as text; png: the figure rasterised, as image content a model can look at.',
    default: 'svg',
  }),
);

const formatValidator = compile(Type.Object({ format: FORMAT }));

export interface RenderToolSpec {
  name: string;
  title: string;
  description: string;
  /** The solve tool whose arguments describe the model. */
  solveTool: string;
  /** The figure options of the diagram request (ts/schema/diagram.ts). */
  figure: TProperties;
  /** The engine task that draws the figure (the diagram route's). */
  task: TaskName;
}

export function renderTool(spec: RenderToolSpec): Tool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: Type.Object(
      { ...spec.figure, format: FORMAT },
      { description: `Every ${spec.solveTool} argument (the model, same units and signs) plus these figure options.` },
    ),
    async call(args, context) {
      const { format = 'svg' } = formatValidator.check(args);
      const { format: _format, ...body } = args as { format?: FigureFormat };
      return drawn(spec.task, body, format, context, spec.name);
    },
  };
}

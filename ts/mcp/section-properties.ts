/** section_properties: POST /v1/section-properties as a tool. */
import { sectionPropertiesValidator } from '../solve/section-properties.js';
import { json, solved, type Tool } from './tool.js';

export const sectionPropertiesTool: Tool = {
  name: 'section_properties',
  title: 'Properties of a cross-section built from shapes',
  description: [
    'Properties of a section of 1-200 shapes, mm (in with units imperial), y up: rectangle{x, y of its lower left, width, height},',
    'circle{x, y of its centre, diameter}, polygon{points [[x, y], ...]}; void: true cuts a hole. Area, centroid, Ix, Iy, Ixy,',
    'principal axes, radii of gyration, elastic Zx, Zy (the smaller), plastic Sx, Sy, extents; J, Cw and the shear centre by finite',
    'elements (torsion: false skips them). Example, a T: {"shapes":[{"type":"rectangle","x":0,"y":180,"width":200,"height":20},',
    '{"type":"rectangle","x":95,"y":0,"width":10,"height":180}]}',
  ].join(' '),
  inputSchema: sectionPropertiesValidator.schema,
  call: async (args, context) => json(await solved('section.properties', args, context, 'section_properties')),
};

/** section_properties: POST /v1/section-properties as a tool. */
import { sectionPropertiesValidator } from '../solve/section-properties.js';
import { json, solved, type Tool } from './tool.js';

export const sectionPropertiesTool: Tool = {
  name: 'section_properties',
  title: 'Properties of a cross-section built from shapes',
  description: [
    'Area, centroid, Ix, Iy, Ixy, principal axes (angle in degrees from x to I1), radii of gyration, elastic moduli (Zx, Zy the',
    'smaller), plastic neutral axes and moduli Sx, Sy, and extents of a section of 1-200 shapes: rectangle{x, y (lower-left), width,',
    'height}, circle{x, y (centre), diameter}, polygon{points [[x, y], ...]}; "void": true cuts a hole. Solids union, voids subtract.',
    'J, Cw and the shear centre by finite elements (torsion: false skips them). SI mm, imperial in; y up. Example, a T:',
    '{"shapes":[{"type":"rectangle","x":0,"y":180,"width":200,"height":20},{"type":"rectangle","x":95,"y":0,"width":10,"height":180}]}',
  ].join(' '),
  inputSchema: sectionPropertiesValidator.schema,
  call: async (args, context) => json(await solved('section.properties', args, context, 'section_properties')),
};

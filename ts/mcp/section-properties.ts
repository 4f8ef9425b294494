/** section_properties: POST /v1/section-properties as a tool. */
import { sectionProperties, sectionPropertiesValidator } from '../solve/section-properties.js';
import { json, type Tool } from './tool.js';

export const sectionPropertiesTool: Tool = {
  name: 'section_properties',
  title: 'Properties of a cross-section built from shapes',
  description: [
    'Area, centroid, Ix, Iy, Ixy (about the centroid), principal axes {I1, I2, angle in degrees from x to the I1 axis,',
    'counter-clockwise}, radii of gyration, elastic moduli per extreme fibre and the governing Zx, Zy (the smaller of each pair),',
    'plastic neutral axes (equal-area lines) and plastic moduli Sx, Sy, and extents of a section made of 1 to 200 shapes.',
    'Shapes: {"type":"rectangle","x","y","width","height"} (x, y = lower-left corner), {"type":"circle","x","y","diameter"}',
    '(x, y = centre), {"type":"polygon","points":[[x,y],...]} (3 to 1000 points, either winding, must not cross itself); add',
    '"void":true to cut a hole. Solids are unioned (overlaps count once), voids subtracted. Units: SI = mm (mm2, mm3, mm4),',
    'imperial = in. y is up. J, Cw and the shear centre come by finite elements (torsion: false skips them). Example, a T of a 200 x 20 flange on a 10 x 180 stem:',
    '{"shapes":[{"type":"rectangle","x":0,"y":180,"width":200,"height":20},{"type":"rectangle","x":95,"y":0,"width":10,"height":180}]}.',
  ].join(' '),
  inputSchema: sectionPropertiesValidator.schema,
  call: (args, context) => json(sectionProperties(args, context.solve)),
};

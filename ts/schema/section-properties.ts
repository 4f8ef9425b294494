/**
 * Section properties (decisions.md 7 and 15): the request (`units`, 1 to 200 `shapes` discriminated on
 * `type`), the figure request (the same body plus width, height, theme) and the response. Every number
 * is bounded, so every accepted body is a section the engine can measure in double precision.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DIAGRAM_HEIGHT, DIAGRAM_WIDTH } from './diagram.js';
import { Num, Strict, StringEnum } from './common.js';
import { Meta } from './responses.js';

export const MAX_SHAPES = 200;
export const MAX_POLYGON_POINTS = 1000;
/** Largest coordinate or size (mm | in): a 1 km section is no cross-section. */
export const MAX_DIMENSION = 1e6;
export const SECTION_DIAGRAM_HEIGHT = 560;

const Coordinate = (description: string) => Type.Number({ minimum: -MAX_DIMENSION, maximum: MAX_DIMENSION, description });
const Size = (description: string) => Type.Number({ exclusiveMinimum: 0, maximum: MAX_DIMENSION, description });
const Void = Type.Optional(
  Type.Boolean({ description: 'true: a hole that removes material from the solids it lies in; default false (material).', default: false }),
);

export const PolygonShape = Strict(
  {
    type: Type.Literal('polygon'),
    points: Type.Array(Type.Tuple([Coordinate('x (mm | in).'), Coordinate('y (mm | in), up positive.')]), {
      minItems: 3,
      maxItems: MAX_POLYGON_POINTS,
      description:
        'Corners [x, y] in order, clockwise or counter-clockwise; the closing edge is implied. The outline must not cross itself.',
    }),
    void: Void,
  },
  { title: 'polygon' },
);

export const RectangleShape = Strict(
  {
    type: Type.Literal('rectangle'),
    x: Coordinate('x of the lower-left corner (mm | in).'),
    y: Coordinate('y of the lower-left corner (mm | in).'),
    width: Size('Width along x (mm | in).'),
    height: Size('Height along y (mm | in).'),
    void: Void,
  },
  { title: 'rectangle' },
);

export const CircleShape = Strict(
  {
    type: Type.Literal('circle'),
    x: Coordinate('x of the centre (mm | in).'),
    y: Coordinate('y of the centre (mm | in).'),
    diameter: Size('Diameter (mm | in).'),
    void: Void,
  },
  { title: 'circle' },
);

export const SectionShape = Type.Union([PolygonShape, RectangleShape, CircleShape], {
  description: 'A piece of the section: solids are unioned (overlaps count once), voids are subtracted.',
});

export const sectionRequestProperties = {
  units: Type.Optional(
    StringEnum(['SI', 'imperial'] as const, {
      description: 'SI: lengths in mm (results mm, mm2, mm3, mm4); imperial: in (in, in2, in3, in4).',
      default: 'SI',
    }),
  ),
  shapes: Type.Array(SectionShape, { minItems: 1, maxItems: MAX_SHAPES, description: 'The pieces, 1 to 200.' }),
  torsion: Type.Optional(
    Type.Boolean({
      description:
        'Compute J, Cw and the shear centre by finite elements (decisions.md 21; the costly part of the answer); false skips them and leaves the three fields out. Default true.',
      default: true,
    }),
  ),
};

export const SectionPropertiesRequest = Strict(sectionRequestProperties, {
  $id: 'SectionPropertiesRequest',
  description: 'A cross-section built from rectangles, circles and polygons; solids unioned, voids removed.',
});
export type SectionPropertiesRequest = Static<typeof SectionPropertiesRequest>;
export type SectionShapeInput = Static<typeof SectionShape>;

export const SectionDiagramRequest = Strict(
  {
    ...sectionRequestProperties,
    width: Type.Optional(Type.Integer({ ...DIAGRAM_WIDTH, description: 'Width of the figure in px (400 to 2000; default 860).' })),
    height: Type.Optional(
      Type.Integer({
        minimum: DIAGRAM_HEIGHT.minimum,
        maximum: DIAGRAM_HEIGHT.maximum,
        description: `Height of the figure in px (150 to 1500; default ${SECTION_DIAGRAM_HEIGHT}).`,
      }),
    ),
    theme: Type.Optional(StringEnum(['light', 'dark'] as const, { description: 'Colour theme.', default: 'light' })),
  },
  { $id: 'SectionDiagramRequest', description: 'A section-properties request plus the figure fields; answered with an SVG document.' },
);
export type SectionDiagramRequest = Static<typeof SectionDiagramRequest>;

const xy = (what: string, unit = 'mm | in') => Strict({ x: Num(`${what}: x (${unit}).`), y: Num(`${what}: y (${unit}).`) });

export const SectionPropertiesResponse = Strict(
  {
    area: Num('Area (mm2 | in2).'),
    centroid: xy('Centroid, in the coordinates of the shapes'),
    Ix: Num('Second moment about the centroidal axis parallel to x (mm4 | in4).'),
    Iy: Num('Second moment about the centroidal axis parallel to y (mm4 | in4).'),
    Ixy: Num('Product of area about the centroid, ∫(x − x̄)(y − ȳ) dA (mm4 | in4); zero for a section symmetric about either axis.'),
    principal: Strict({
      I1: Num('Major principal second moment (mm4 | in4).'),
      I2: Num('Minor principal second moment (mm4 | in4).'),
      angle: Num('Degrees from the x axis to the I1 axis, counter-clockwise positive, in (−90, 90].'),
    }),
    rx: Num('Radius of gyration about x, √(Ix/A) (mm | in).'),
    ry: Num('Radius of gyration about y, √(Iy/A) (mm | in).'),
    Zx: Num('Governing elastic modulus about x: the smaller of elasticModuli.xTop and xBottom (mm3 | in3).'),
    Zy: Num('Governing elastic modulus about y: the smaller of elasticModuli.yLeft and yRight (mm3 | in3).'),
    elasticModuli: Strict({
      xTop: Num('Ix over the distance from the centroid to the top fibre (mm3 | in3).'),
      xBottom: Num('Ix over the distance to the bottom fibre (mm3 | in3).'),
      yLeft: Num('Iy over the distance to the left fibre (mm3 | in3).'),
      yRight: Num('Iy over the distance to the right fibre (mm3 | in3).'),
    }),
    Sx: Num('Plastic modulus about the horizontal equal-area axis (mm3 | in3).'),
    Sy: Num('Plastic modulus about the vertical equal-area axis (mm3 | in3).'),
    plasticNeutralAxis: Strict({
      x: Num('x of the vertical equal-area axis (mm | in).'),
      y: Num('y of the horizontal equal-area axis (mm | in).'),
    }),
    extents: Strict({ xMin: Num('mm | in.'), xMax: Num('mm | in.'), yMin: Num('mm | in.'), yMax: Num('mm | in.') }),
    J: Type.Optional(
      Num(
        'Saint-Venant torsion constant (mm4 | in4), by finite elements over the warping function; for several separate solids, the sum of theirs. Its error estimate is in notes. Left out with torsion: false or when the section is too large to mesh (notes say why).',
      ),
    ),
    Cw: Type.Optional(
      Num('Warping constant about the shear centre (mm6 | in6), by finite elements; left out for several separate solids (notes say why).'),
    ),
    shearCentre: Type.Optional(xy("Trefftz's shear centre (independent of Poisson's ratio), in the coordinates of the shapes")),
    notes: Type.Array(Type.String(), {
      description:
        'How J, Cw and the shear centre were computed and their error estimate (or why they were not), and what the other values mean.',
    }),
    meta: Meta,
  },
  { description: 'Properties of the section, in the coordinates and units of the request.' },
);
export type SectionPropertiesResponse = Static<typeof SectionPropertiesResponse>;

/**
 * Diagram requests (interface-spec.md "Diagram request fields"): a solve request plus the figure
 * fields, strict like every request. The default height depends on the view, so it is not a schema
 * default but `diagramHeight`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { beamRequestProperties } from './beam.js';
import { Strict, StringEnum } from './common.js';
import { MAX_BUCKLING_MODES } from './analysis.js';
import { frameRequestProperties } from './frame.js';
import { trussRequestProperties } from './truss.js';

export const BEAM_VIEWS = ['problem', 'setup', 'results', 'shear', 'moment', 'deflection'] as const;
export const BEAM_CHART_VIEWS: readonly BeamDiagramView[] = ['shear', 'moment', 'deflection'];
export const TRUSS_VIEWS = ['problem', 'results'] as const;
export const FRAME_VIEWS = ['problem', 'results', 'deflected', 'axial', 'shear', 'moment', 'buckling'] as const;
export const FRAME_CHART_VIEWS = ['axial', 'shear', 'moment'] as const;
export type FrameChartView = (typeof FRAME_CHART_VIEWS)[number];
export type BeamDiagramView = (typeof BEAM_VIEWS)[number];
export type TrussDiagramView = (typeof TRUSS_VIEWS)[number];
export type FrameDiagramView = (typeof FRAME_VIEWS)[number];

export const DIAGRAM_WIDTH = { minimum: 400, maximum: 2000, default: 860 } as const;
export const DIAGRAM_HEIGHT = { minimum: 150, maximum: 1500, beam: 250, beamChart: 240, truss: 460, frame: 420 } as const;

/** The `combination` value that draws the envelope rather than one combination. */
export const ENVELOPE = 'envelope';

/** The fields every diagram request adds to its solve request. */
export const diagramFigureProperties = {
  combination: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 80,
      description:
        "What the figure draws when the request has `combinations`: an id from the solve response's `envelope.combinations` " +
        '(for example AS1170-ULS-2) draws that combination (loads, reactions, diagrams and deflected shape factored), ' +
        '`envelope` draws the ULS max and min curves (shear, moment, axial force) or the SLS deflection bounds. ' +
        'Needs `combinations`; without it a figure draws the unfactored analysis.',
      examples: ['AS1170-ULS-2', 'envelope'],
    }),
  ),
  width: Type.Optional(Type.Integer({ ...DIAGRAM_WIDTH, description: 'Width of the figure in px (400 to 2000; default 860).' })),
  height: Type.Optional(
    Type.Integer({
      minimum: DIAGRAM_HEIGHT.minimum,
      maximum: DIAGRAM_HEIGHT.maximum,
      description: 'Height of the figure in px (150 to 1500; default 250 beam, 240 beam charts, 460 truss, 420 frame).',
    }),
  ),
  theme: Type.Optional(StringEnum(['light', 'dark'] as const, { description: 'Colour theme.', default: 'light' })),
  style: Type.Optional(
    StringEnum(['classic', 'modern'] as const, {
      description: 'modern = open-triangle supports with a solid hinge dot; classic = the schematic glyphs.',
      default: 'modern',
    }),
  ),
};

/** Truss and frame figures number their nodes and members with the request's ids, as their result tables are keyed. */
const numberedFigureProperties = {
  numbers: Type.Optional(
    Type.Boolean({
      description:
        "Node numbers (bold) beside the nodes and member numbers (boxed) beside the members, the request's ids; a number that finds no clear room is left out. false draws none.",
      default: true,
    }),
  ),
};

export const beamDiagramProperties = {
  view: Type.Optional(
    StringEnum(BEAM_VIEWS, {
      description:
        'problem = clean setup; setup = with reactions; results = reactions plus deflected shape; shear, moment, deflection = charts.',
      default: 'setup',
    }),
  ),
  deformed: Type.Optional(
    Type.Boolean({
      description: 'Overlay the deflected shape on the setup view; `true` with any other view is a 400 (results draws it anyway).',
      default: false,
    }),
  ),
  ...diagramFigureProperties,
};

export const trussDiagramProperties = {
  view: Type.Optional(
    StringEnum(TRUSS_VIEWS, {
      description:
        'problem = geometry, loads, supports; results = reactions, member forces (tension red, compression blue), deflected shape.',
      default: 'results',
    }),
  ),
  ...numberedFigureProperties,
  ...diagramFigureProperties,
};

export const BeamDiagramRequest = Strict(
  { ...beamRequestProperties, ...beamDiagramProperties },
  { $id: 'BeamDiagramRequest', description: 'A beam solve request plus the figure fields; answered with an SVG document.' },
);
export type BeamDiagramRequest = Static<typeof BeamDiagramRequest>;

export const TrussDiagramRequest = Strict(
  { ...trussRequestProperties, ...trussDiagramProperties },
  { $id: 'TrussDiagramRequest', description: 'A truss solve request plus the figure fields; answered with an SVG document.' },
);
export type TrussDiagramRequest = Static<typeof TrussDiagramRequest>;

export const frameDiagramProperties = {
  view: Type.Optional(
    StringEnum(FRAME_VIEWS, {
      description:
        'problem = geometry, hinges, supports, loads; results = reactions and the deflected shape; deflected = the deflected shape ' +
        "magnified; axial, shear, moment = each member's diagram drawn on the frame (moment on the tension side); buckling = a " +
        'mode shape with its critical factor.',
      default: 'results',
    }),
  ),
  ...numberedFigureProperties,
  mode: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_BUCKLING_MODES, default: 1, description: 'view buckling only: which mode, from the lowest.' }),
  ),
  ...diagramFigureProperties,
};

export const FrameDiagramRequest = Strict(
  { ...frameRequestProperties, ...frameDiagramProperties },
  { $id: 'FrameDiagramRequest', description: 'A frame solve request plus the figure fields; answered with an SVG document.' },
);
export type FrameDiagramRequest = Static<typeof FrameDiagramRequest>;

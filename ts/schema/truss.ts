/**
 * The truss solve request (interface-spec.md "Truss solve request"), exactly: every bound, every enum,
 * no additional properties anywhere.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAX_DESIGNATION } from '../sections/lookup.js';
import {
  Chars,
  Combinations,
  LoadCaseField,
  materialSectionFields,
  Num,
  Output,
  PositiveNum,
  SelfWeight,
  Strict,
  StringEnum,
  Units,
} from './common.js';

export const MAX_NODES = 300;
export const MAX_MEMBERS = 1000;
export const MAX_MATERIALS = 100;
export const MAX_TRUSS_SUPPORTS = 100;
export const MAX_TRUSS_LOADS = 500;
export const MAX_FABRICATION_ERRORS = 200;

export const Id = (description: string) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });

/** A library designation a span or a material names (decisions.md 8: at most MAX_DESIGNATION characters). */
export const SectionName = (description: string) =>
  Type.Optional(Chars({ minLength: 1, maxLength: MAX_DESIGNATION, description, examples: ['W14X90'] }));

export const TrussNode = Strict({
  id: Id('Node id (unique integer).'),
  x: Num('x coordinate (m | ft).'),
  y: Num('y coordinate (m | ft), up positive.'),
});

export const TrussMember = Strict({
  from: Id('Start node id.'),
  to: Id('End node id.'),
  id: Id('Member id (unique integer).'),
  material: Type.Optional(Id('Material id; default 1.')),
});

export const TrussMaterial = Strict({
  id: Id('Material id (unique integer).'),
  E: Type.Optional(PositiveNum("Young's modulus (GPa | ksi); defaults to 200 GPa steel when a section is given.")),
  A: Type.Optional(PositiveNum("Cross-section area (mm2 | in2); defaults to the section's gross area when a section is given.")),
  section: SectionName('A steel section designation from the library, e.g. W14X90, 310UB40.4, IPE300.'),
  ...materialSectionFields(),
});

export const TrussSupport = Strict({
  node: Id('Supported node id.'),
  type: StringEnum(['pin', 'roller'] as const, {
    description: 'pin restrains x and y; roller restrains the direction normal to its rolling direction.',
  }),
  angle: Type.Optional(
    Num('Rolling direction in degrees, counter-clockwise from +x: 0 rolls along x (restrains y), 90 restrains x.', { default: 0 }),
  ),
  settlement: Type.Optional(
    Strict(
      {
        x: Type.Optional(Num('Imposed horizontal displacement (mm | in), +x positive.', { default: 0 })),
        y: Type.Optional(Num('Imposed vertical displacement (mm | in); DOWN IS NEGATIVE.', { default: 0 })),
      },
      { description: 'Imposed support displacement; acts at factor 1 in every combination.' },
    ),
  ),
});

const loadCase = { case: Type.Optional(LoadCaseField) };

export const ComponentLoad = Strict(
  {
    node: Id('Loaded node id.'),
    fx: Type.Optional(Num('Force along +x (kN | kip).', { default: 0 })),
    fy: Type.Optional(Num('Force along +y (kN | kip); negative = downward.', { default: 0 })),
    ...loadCase,
  },
  { title: 'components' },
);

export const PolarLoad = Strict(
  {
    node: Id('Loaded node id.'),
    magnitude: Num('Force (kN | kip) along `angle`.'),
    angle: Num('Direction in degrees from +x, counter-clockwise positive (-90 = straight down).'),
    ...loadCase,
  },
  { title: 'polar' },
);

export const TrussLoad = Type.Union([ComponentLoad, PolarLoad], {
  description: 'A nodal load in components {fx, fy} or polar {magnitude, angle} form.',
});

export const LackOfFit = Strict({
  type: Type.Literal('lack-of-fit'),
  member: Id('Member id.'),
  deltaLength: Num('Fabrication length error (mm | in); negative = fabricated short.'),
});

export const ThermalStrain = Strict({
  type: Type.Literal('thermal'),
  member: Id('Member id.'),
  alpha: Num('Coefficient of thermal expansion, per degree Celsius (both unit systems).'),
  deltaT: Num('Temperature change, degrees Celsius; positive = heating.'),
});

export const FabricationError = Type.Union([LackOfFit, ThermalStrain], {
  description: 'An imposed member strain: lack-of-fit or thermal; acts at factor 1 in every combination.',
});

export const trussRequestProperties = {
  units: Type.Optional(Units),
  nodes: Type.Array(TrussNode, { minItems: 2, maxItems: MAX_NODES }),
  members: Type.Array(TrussMember, { minItems: 1, maxItems: MAX_MEMBERS }),
  materials: Type.Array(TrussMaterial, { minItems: 1, maxItems: MAX_MATERIALS }),
  supports: Type.Array(TrussSupport, { minItems: 1, maxItems: MAX_TRUSS_SUPPORTS }),
  loads: Type.Optional(Type.Array(TrussLoad, { maxItems: MAX_TRUSS_LOADS, default: [] })),
  fabricationErrors: Type.Optional(Type.Array(FabricationError, { maxItems: MAX_FABRICATION_ERRORS, default: [] })),
  combinations: Type.Optional(Combinations),
  selfWeight: Type.Optional(SelfWeight),
};

export const TrussSolveRequest = Strict(
  { ...trussRequestProperties, output: Type.Optional(Output) },
  {
    $id: 'TrussSolveRequest',
    description: 'A plane pin-jointed truss. Loads: fy negative = down. Member forces: tension positive.',
  },
);

export type TrussSolveRequest = Static<typeof TrussSolveRequest>;
export type TrussLoadInput = Static<typeof TrussLoad>;

/**
 * The beam solve request (interface-spec.md "Beam solve request"), exactly: every bound, every enum,
 * no additional properties anywhere.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SectionName } from './truss.js';
import {
  Combinations,
  LoadCaseField,
  massPerLength,
  NonNegativeNum,
  Num,
  Output,
  PositiveNum,
  sectionAxis,
  SelfWeight,
  Strict,
  StringEnum,
  Units,
} from './common.js';

export const MAX_SPANS = 20;
export const MAX_BEAM_SUPPORTS = 21;
export const MAX_BEAM_LOADS = 200;

export const BeamSpan = Strict({
  length: PositiveNum('Span length (m | ft).'),
  E: Type.Optional(PositiveNum("Young's modulus (GPa | ksi); defaults to 200 GPa steel when a section is given.")),
  I: Type.Optional(PositiveNum("Second moment of area (mm4 | in4); defaults to the section's Ix (Iy with axis minor).")),
  section: SectionName('A steel section designation from the library, e.g. W14X90, 310UB40.4, IPE300; fills E and I.'),
  axis: sectionAxis(),
  mass: massPerLength(),
  connection: Type.Optional(
    StringEnum(['rigid', 'hinge'] as const, {
      description:
        "Joint to the previous span at this span's left end: rigid (moment-continuous) or hinge (releases moment). The first span must be rigid.",
      default: 'rigid',
    }),
  ),
});

export const BeamSupport = Strict({
  type: StringEnum(['pin', 'roller', 'fixed'] as const, {
    description: 'pin and roller restrain deflection; fixed also restrains rotation.',
  }),
  position: NonNegativeNum('Distance from the left end (m | ft).'),
  settlement: Type.Optional(Num('Imposed vertical displacement (mm | in); DOWN IS NEGATIVE.', { default: 0 })),
});

const loadCase = { case: Type.Optional(LoadCaseField) };

export const PointLoad = Strict({
  type: Type.Literal('point'),
  magnitude: Num('Force (kN | kip); negative = downward.'),
  position: NonNegativeNum('Distance from the left end (m | ft).'),
  ...loadCase,
});

export const UdlLoad = Strict({
  type: Type.Literal('udl'),
  start: Num('Intensity at `from` (kN/m | k/ft); negative = downward.'),
  end: Type.Optional(Num('Intensity at `to` (kN/m | k/ft); omitted = uniform (equals start).')),
  from: NonNegativeNum('Start position (m | ft).'),
  to: NonNegativeNum('End position (m | ft); greater than from.'),
  ...loadCase,
});

export const AreaLoad = Strict({
  type: Type.Literal('area'),
  start: Num('Pressure at `from` (kPa | ksf); negative = downward.'),
  end: Type.Optional(Num('Pressure at `to` (kPa | ksf); omitted = uniform.')),
  from: NonNegativeNum('Start position (m | ft).'),
  to: NonNegativeNum('End position (m | ft); greater than from.'),
  width: PositiveNum('Tributary width at `from` (m | ft).'),
  endWidth: Type.Optional(PositiveNum('Tributary width at `to` (m | ft); omitted = constant width.')),
  ...loadCase,
});

export const MomentLoad = Strict({
  type: Type.Literal('moment'),
  magnitude: Num('Applied moment (kN.m | k.ft); CLOCKWISE positive.'),
  position: NonNegativeNum('Distance from the left end (m | ft).'),
  ...loadCase,
});

export const BeamLoad = Type.Union([PointLoad, UdlLoad, AreaLoad, MomentLoad], {
  description: 'A load, discriminated by `type`: point, udl, area or moment.',
});

export const beamRequestProperties = {
  units: Type.Optional(Units),
  spans: Type.Array(BeamSpan, { minItems: 1, maxItems: MAX_SPANS, description: 'Spans, left to right.' }),
  supports: Type.Array(BeamSupport, { minItems: 1, maxItems: MAX_BEAM_SUPPORTS }),
  loads: Type.Optional(Type.Array(BeamLoad, { maxItems: MAX_BEAM_LOADS, default: [] })),
  combinations: Type.Optional(Combinations),
  selfWeight: Type.Optional(SelfWeight),
};

export const BeamSolveRequest = Strict(
  { ...beamRequestProperties, output: Type.Optional(Output) },
  {
    $id: 'BeamSolveRequest',
    description: 'A multi-span beam. Loads negative = down; moments clockwise positive; settlement down negative.',
  },
);

export type BeamSolveRequest = Static<typeof BeamSolveRequest>;
export type BeamLoadInput = Static<typeof BeamLoad>;

/**
 * The frame solve request (decisions.md sections 6 and 14): a plane rigid-jointed frame of beam-columns
 * with optional end moment releases. Every bound of interface-spec.md, every enum, no additional
 * properties anywhere.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  Combinations,
  LoadCaseField,
  materialSectionFields,
  NonNegativeNum,
  Num,
  Output,
  PositiveNum,
  SelfWeight,
  Strict,
  StringEnum,
  Units,
} from './common.js';
import { Analysis } from './analysis.js';
import { Id, MAX_MATERIALS, MAX_MEMBERS, MAX_NODES, TrussNode } from './truss.js';

export const MAX_FRAME_SUPPORTS = 100;
export const MAX_NODAL_LOADS = 500;
export const MAX_MEMBER_LOADS = 500;

export const FrameNode = TrussNode;

export const FrameMember = Strict({
  id: Id('Member id (unique integer).'),
  from: Id('Start node id; the member local x axis runs from here to `to`.'),
  to: Id('End node id.'),
  material: Type.Optional(Id('Material id; default 1.')),
  releases: Type.Optional(
    Strict(
      {
        start: Type.Optional(Type.Boolean({ description: 'A moment hinge at the start of the member.', default: false })),
        end: Type.Optional(Type.Boolean({ description: 'A moment hinge at the end of the member.', default: false })),
      },
      { description: 'Member end moment releases: true makes that end a hinge (no moment passes).' },
    ),
  ),
});

export const FrameMaterial = Strict({
  id: Id('Material id (unique integer).'),
  E: Type.Optional(PositiveNum("Young's modulus (GPa | ksi); defaults to 200 GPa steel when a section is given.")),
  A: Type.Optional(PositiveNum("Cross-section area (mm2 | in2); defaults to the section's gross area when a section is given.")),
  I: Type.Optional(PositiveNum("Second moment of area for in-plane bending (mm4 | in4); defaults to the section's Ix.")),
  section: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'A steel section designation from the library, e.g. W14X90, 310UB40.4, IPE300.',
    }),
  ),
  ...materialSectionFields(),
});

export const FrameSupport = Strict({
  node: Id('Supported node id.'),
  type: StringEnum(['pin', 'roller', 'fixed'] as const, {
    description:
      'pin restrains x and y; roller restrains the direction normal to its rolling direction; fixed restrains x, y and rotation.',
  }),
  angle: Type.Optional(
    Num('Roller only: rolling direction in degrees, counter-clockwise from +x: 0 rolls along x (restrains y).', { default: 0 }),
  ),
  settlement: Type.Optional(
    Strict(
      {
        x: Type.Optional(Num('Imposed horizontal displacement (mm | in), +x positive.', { default: 0 })),
        y: Type.Optional(Num('Imposed vertical displacement (mm | in); DOWN IS NEGATIVE.', { default: 0 })),
        rotation: Type.Optional(Num('Imposed rotation (rad), counter-clockwise positive; fixed supports only.', { default: 0 })),
      },
      { description: 'Imposed support displacement; acts at factor 1 in every combination.' },
    ),
  ),
});

const loadCase = { case: Type.Optional(LoadCaseField) };

export const NodalLoad = Strict({
  node: Id('Loaded node id.'),
  fx: Type.Optional(Num('Force along +x (kN | kip).', { default: 0 })),
  fy: Type.Optional(Num('Force along +y (kN | kip); negative = downward.', { default: 0 })),
  moment: Type.Optional(Num('Applied moment (kN.m | k.ft), clockwise positive.', { default: 0 })),
  ...loadCase,
});

export const LOAD_DIRECTIONS = ['global-y', 'global-x', 'local-y', 'local-x'] as const;
export type LoadDirection = (typeof LOAD_DIRECTIONS)[number];
const direction = Type.Optional(
  StringEnum(LOAD_DIRECTIONS, {
    description:
      "global-y (default; negative = downward) and global-x act along the global axes, per unit length measured along the member; local-y acts along +y' (x' turned 90 degrees counter-clockwise), local-x along the member from its start.",
    default: 'global-y',
  }),
);
const position = NonNegativeNum('Distance from the member start node (m | ft).');

export const MemberPointLoad = Strict(
  {
    type: Type.Literal('point'),
    member: Id('Loaded member id.'),
    magnitude: Num('Force (kN | kip) along `direction`.'),
    position,
    direction,
    ...loadCase,
  },
  { title: 'point' },
);

export const MemberLineLoad = Strict(
  {
    type: Type.Literal('udl'),
    member: Id('Loaded member id.'),
    start: Num('Intensity at `from` (kN/m | kip/ft) along `direction`.'),
    end: Type.Optional(Num('Intensity at `to`; default `start` (uniform).')),
    from: Type.Optional(NonNegativeNum('Start of the loaded length, from the member start node (m | ft); default 0.')),
    to: Type.Optional(
      NonNegativeNum(
        "End of the loaded length (m | ft), greater than `from`; default the member's length. A value within 1e-9 of the length (relative) is its end.",
      ),
    ),
    direction,
    ...loadCase,
  },
  { title: 'udl' },
);

export const MemberMomentLoad = Strict(
  {
    type: Type.Literal('moment'),
    member: Id('Loaded member id.'),
    magnitude: Num('Applied moment (kN.m | k.ft), clockwise positive.'),
    position,
    ...loadCase,
  },
  { title: 'moment' },
);

export const MemberLoad = Type.Union([MemberPointLoad, MemberLineLoad, MemberMomentLoad], {
  description: 'A load on a member: point, udl (linearly varying, partial) or moment.',
});

export const frameRequestProperties = {
  units: Type.Optional(Units),
  nodes: Type.Array(FrameNode, { minItems: 2, maxItems: MAX_NODES }),
  members: Type.Array(FrameMember, { minItems: 1, maxItems: MAX_MEMBERS }),
  materials: Type.Array(FrameMaterial, { minItems: 1, maxItems: MAX_MATERIALS }),
  supports: Type.Array(FrameSupport, { minItems: 1, maxItems: MAX_FRAME_SUPPORTS }),
  nodalLoads: Type.Optional(Type.Array(NodalLoad, { maxItems: MAX_NODAL_LOADS, default: [] })),
  memberLoads: Type.Optional(Type.Array(MemberLoad, { maxItems: MAX_MEMBER_LOADS, default: [] })),
  combinations: Type.Optional(Combinations),
  selfWeight: Type.Optional(SelfWeight),
  analysis: Type.Optional(Analysis),
};

export const FrameSolveRequest = Strict(
  { ...frameRequestProperties, output: Type.Optional(Output) },
  {
    $id: 'FrameSolveRequest',
    description:
      "A plane rigid-jointed frame. Loads: negative y = down; moments clockwise positive. Member results in local axes: axial tension positive, moment positive when the -y' face is in tension.",
  },
);

export type FrameSolveRequest = Static<typeof FrameSolveRequest>;
export type FrameMemberLoadInput = Static<typeof MemberLoad>;

/**
 * A position within this fraction of a member's length from its end is the end: a length computed from
 * coordinates, printed and pasted back, or worked out by hand from a slope, lands there to within rounding.
 */
export const MEMBER_END_TOLERANCE = 1e-9;

/**
 * Where a frame `udl` acts along its member of `length` (the request's units): from `from` (default the start
 * node) to `to` (default the end node), an end within MEMBER_END_TOLERANCE of the member's end taken as that end.
 * The pipeline integrates this extent and the figure draws it.
 */
export function udlExtent(load: { from?: number | undefined; to?: number | undefined }, length: number): { from: number; to: number } {
  return { from: atMemberEnd(load.from ?? 0, length), to: atMemberEnd(load.to ?? length, length) };
}

/** `x`, or the member's end when `x` is within MEMBER_END_TOLERANCE of it. */
export function atMemberEnd(x: number, length: number): number {
  return Math.abs(x - length) <= MEMBER_END_TOLERANCE * length ? length : x;
}

/** A member load as the pipeline reads it: a `udl`'s `from` and `to` filled in (ts/solve/frame-model.ts). */
export type ResolvedMemberLoad =
  Exclude<FrameMemberLoadInput, { type: 'udl' }> | (Extract<FrameMemberLoadInput, { type: 'udl' }> & { from: number; to: number });

/** A frame request after its semantic checks, every member load's extent explicit. */
export type ResolvedFrameRequest = Omit<FrameSolveRequest, 'memberLoads'> & { memberLoads?: ResolvedMemberLoad[] };

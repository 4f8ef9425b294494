/**
 * Response bodies as TypeBox schemas: the OpenAPI document publishes them and the contract test checks live
 * responses against them. Every object is closed (no additional properties), so a field the service adds
 * without documenting it fails the contract test instead of slipping out unannounced.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { LOAD_CASES, OCCUPANCIES, SNOW_ZONES, STANDARDS } from '../combinations/types.js';
import { problemStatus, type ProblemCode } from '../problem/index.js';
import { AnalysisMeta, Buckling, BucklingMechanism } from './analysis.js';
import { Strict, StringEnum, Units } from './common.js';

const Num = (description?: string) => Type.Number(description === undefined ? {} : { description });
const Text = (description?: string) => Type.String(description === undefined ? {} : { description });

// ---------------------------------------------------------------------------------------------
// Errors (interface-spec.md "Errors", decisions.md 9)

export const ProblemIssue = Strict({
  path: Text('Dotted JSON path of the offending field, e.g. spans.0.length; empty for the whole body.'),
  message: Text(),
});

export const ProblemDetails = Strict(
  {
    type: Type.String({ format: 'uri', description: '<site>/problems/<code>' }),
    title: Text(),
    status: Type.Integer({ description: 'The HTTP status.' }),
    code: StringEnum(Object.keys(problemStatus) as ProblemCode[], { description: 'Stable machine-readable code.' }),
    detail: Type.Optional(Text('What went wrong, for a person.')),
    issues: Type.Optional(Type.Array(ProblemIssue, { description: 'Each field problem; invalid_input only.' })),
    mechanism: Type.Optional(
      Type.Union([
        Strict(
          {
            node: Type.Optional(Type.Integer({ description: 'The node that moves (trusses, frames).' })),
            position: Type.Optional(Num('Where along the beam it moves, from the left end (m | ft); a hinge included.')),
            direction: StringEnum(['horizontal', 'vertical', 'rotation'] as const),
            hint: Text('What moves and how to fix the model, for a person.'),
          },
          { description: 'unstable_structure only: the place of the structure that moves, so it can be highlighted.' },
        ),
        BucklingMechanism,
      ]),
    ),
  },
  { description: 'RFC 9457 problem details (application/problem+json).' },
);

// ---------------------------------------------------------------------------------------------
// Shared pieces of solve responses

export const Meta = Strict({
  engineVersion: Text('Crate version + 12-character revision, as the X-Engine-Version header.'),
  units: Units,
  unitLabels: Type.Record(Type.String(), Type.String(), { description: 'Unit of each quantity in this response.' }),
  computeMs: Num('Time spent solving, in milliseconds.'),
  attribution: Text(),
  warnings: Type.Array(Type.String(), {
    description:
      'Non-fatal advisories, each naming its field: implausible E, I or A (a unit mistake), a largest deflection or displacement ' +
      'over 1/50 of the span or structure, every load upward, combinations left out.',
  }),
  check: Type.Optional(
    Strict(
      {
        equilibrium: Num(
          'Relative residual of global equilibrium (sum of forces in x and y, moments about the origin) of the applied loads and ' +
            'reactions of the unfactored analysis: forces over the largest force, moments over the largest moment. About 1e-12 or less ' +
            'for a correct solve.',
        ),
      },
      { description: "Self-checks of a structure's result (beam, truss, frame)." },
    ),
  ),
  analysis: Type.Optional(AnalysisMeta),
});

export const Links = Strict({
  view: Type.String({
    format: 'uri',
    description: 'Opens this model, solved, in the calculator. The block is omitted above 2,000 characters.',
  }),
});

const Series = (description: string) =>
  Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }), {
    description: `${description} [position, value] pairs; at a jump the position appears twice (left value, then right).`,
  });

const Extreme = Strict({ value: Num(), position: Num() });
/** A beam piece of a patterned case (decisions.md 17). */
const BeamPiece = Strict(
  {
    case: StringEnum(LOAD_CASES),
    from: Num('Start of its stretch: a support, span joint or beam end (m | ft).'),
    to: Num('End of its stretch (m | ft).'),
  },
  { description: "A patterned case's loads on one stretch between consecutive supports and span joints." },
);
/** A frame piece of a patterned case (decisions.md 17): one member's member loads, or one node's nodal loads. */
const FrameMemberPiece = Strict(
  { case: StringEnum(LOAD_CASES), member: Type.Integer({ description: 'Member id of the request.' }) },
  { description: "A patterned case's member loads on one member." },
);
const FrameNodePiece = Strict(
  { case: StringEnum(LOAD_CASES), node: Type.Integer({ description: 'Node id of the request.' }) },
  { description: "A patterned case's nodal loads on one node." },
);
const Arrangement = Type.Optional(
  Type.Array(Type.Union([BeamPiece, FrameMemberPiece, FrameNodePiece]), {
    description: 'With combinations.pattern: the pieces present in the arrangement that governs this value (the others absent).',
  }),
);
const Governed = Strict({ value: Num(), pattern: Arrangement, combination: Text('Id of the governing combination.') });
const GovernedExtreme = Strict({
  value: Num(),
  position: Num(),
  pattern: Arrangement,
  combination: Text('Id of the governing combination.'),
});
const Bounds = <T extends TSchema>(of: T) => Strict({ max: of, min: of });

const Factors = Strict(
  Object.fromEntries(LOAD_CASES.map((c) => [c, Type.Number()])) as Record<(typeof LOAD_CASES)[number], ReturnType<typeof Type.Number>>,
);

/** What `output.combinations: "envelope"` leaves out of an answer with combinations (decisions.md 22). */
const UNLESS_ENVELOPE = 'Absent with combinations and `output.combinations` "envelope".';
// a copy keeps TypeBox's symbol keys, so the schema stays what it was with its own description
const Detail = <T extends TSchema>(schema: T, description: string) =>
  Type.Optional({ ...schema, description: `${description} ${UNLESS_ENVELOPE}` } as T);
const PerCombination = <T extends TSchema>(schema: T) => Detail(schema, "This combination's own.");

const CombinationHead = {
  id: Text('Stable combination id (combinations.md).'),
  name: Text(),
  kind: StringEnum(['ULS', 'SLS'] as const),
  factors: Detail(Factors, 'Every load case, 0 where absent from the combination.'),
};

const EnvelopeHead = {
  standard: StringEnum(STANDARDS),
  occupancy: StringEnum(OCCUPANCIES),
  snowZone: Type.Optional(StringEnum(SNOW_ZONES, { description: 'BSL-Japan only.' })),
};

// ---------------------------------------------------------------------------------------------
// Beam (interface-spec.md "Beam solve response", decisions.md 2-4)

export const BeamReaction = Strict({
  type: StringEnum(['pin', 'roller', 'fixed'] as const),
  position: Num('From the left end (m | ft).'),
  vertical: Num('Up positive (kN | kip).'),
  moment: Num('Clockwise positive (kN.m | k.ft); 0 for pin and roller.'),
});

/** One span's largest deflection and its span/deflection ratio; `deflection` an Extreme, or a GovernedExtreme in the SLS envelope. */
const SpanDeflection = <T extends TSchema>(deflection: T) =>
  Strict(
    {
      from: Num('Where the span starts along the beam (m | ft).'),
      to: Num('Where the span ends (m | ft).'),
      deflection,
      ratio: Type.Optional(
        Num(
          'Span length over the magnitude of `deflection`, as a pure number: 480 reads L/480, to set against limits such as L/360. Absent where the span does not deflect.',
        ),
      ),
    },
    { description: "One span of the request's `spans`, in order: its deflection of largest magnitude (mm | in) and L/deflection." },
  );

export const BeamExtremes = Strict({
  shear: Strict({ max: Extreme, min: Extreme }),
  moment: Strict({ maxSagging: Extreme, maxHogging: Extreme }, { description: 'Largest and smallest M (sagging positive).' }),
  deflection: Strict(
    { max: Extreme, maxUp: Extreme, maxDown: Extreme },
    { description: 'max is whichever of maxUp and maxDown has the larger magnitude; down is negative (mm | in).' },
  ),
  spans: Type.Array(SpanDeflection(Extreme), { description: 'Serviceability at a glance: each span, in order.' }),
});

const BeamDiagrams = Strict(
  {
    shear: Series('Shear V = dM/dx (kN | kip).'),
    moment: Series('Bending moment, sagging positive (kN.m | k.ft).'),
    rotation: Series('Slope, counter-clockwise positive (rad).'),
    deflection: Series('Deflection, up positive (mm | in).'),
  },
  { description: 'Absent with `output.diagrams` false.' },
);

const BeamEnvelope = Strict(
  {
    ...EnvelopeHead,
    combinations: Type.Array(
      Strict({ ...CombinationHead, reactions: PerCombination(Type.Array(BeamReaction)), extremes: PerCombination(BeamExtremes) }),
    ),
    uls: Type.Optional(
      Strict({
        shear: Type.Optional(Bounds(Series('Shear envelope; absent with `output.diagrams` false.'))),
        moment: Type.Optional(Bounds(Series('Moment envelope; absent with `output.diagrams` false.'))),
        extremes: Strict({
          shear: Bounds(GovernedExtreme),
          moment: Strict({ maxSagging: GovernedExtreme, maxHogging: GovernedExtreme }),
        }),
        reactions: Type.Array(
          Strict({
            type: StringEnum(['pin', 'roller', 'fixed'] as const),
            position: Num(),
            vertical: Bounds(Governed),
            moment: Bounds(Governed),
          }),
        ),
      }),
    ),
    sls: Type.Optional(
      Strict({
        deflection: Type.Optional(Bounds(Series('Deflection envelope; absent with `output.diagrams` false.'))),
        extremes: Strict({
          deflection: Strict({ max: GovernedExtreme, maxUp: GovernedExtreme, maxDown: GovernedExtreme }),
          spans: Type.Array(SpanDeflection(GovernedExtreme), {
            description: 'Each span: the SLS combination with the largest deflection there, and its ratio.',
          }),
        }),
      }),
    ),
    pattern: Type.Optional(
      Strict(
        {
          cases: Type.Array(StringEnum(LOAD_CASES), { description: 'The patterned cases, as requested.' }),
          pieces: Type.Array(BeamPiece, { description: 'Every piece, by case and then along the beam.' }),
        },
        { description: 'With combinations.pattern: every envelope value is the most adverse over all arrangements of these pieces.' },
      ),
    ),
  },
  { description: 'Present when the request gave combinations; forces over ULS, deflections over SLS combinations.' },
);

export const BeamSolveResponse = Strict(
  {
    reactions: Detail(Type.Array(BeamReaction), 'One per support, in order of position.'),
    diagrams: Type.Optional(BeamDiagrams),
    extremes: Detail(BeamExtremes, 'Of the unfactored analysis.'),
    envelope: Type.Optional(BeamEnvelope),
    meta: Meta,
    links: Type.Optional(Links),
  },
  { description: 'The unfactored analysis (every load at factor 1), plus the envelope when combinations were given.' },
);

// ---------------------------------------------------------------------------------------------
// Truss (interface-spec.md "Truss solve response", decisions.md 4 and 13)

const NodeId = Type.Integer({ description: 'Node id of the request.' });
const MemberId = Type.Integer({ description: 'Member id of the request.' });

export const TrussReaction = Strict({
  node: NodeId,
  horizontal: Num('+x positive (kN | kip).'),
  vertical: Num('Up positive (kN | kip).'),
});

export const MemberForce = Strict({
  member: MemberId,
  from: NodeId,
  to: NodeId,
  force: Num('Axial force, tension positive (kN | kip).'),
});

export const NodeDisplacement = Strict({
  node: NodeId,
  dx: Num('+x positive (mm | in).'),
  dy: Num('Up positive (mm | in).'),
});

const TrussEnvelope = Strict(
  {
    ...EnvelopeHead,
    combinations: Type.Array(
      Strict({
        ...CombinationHead,
        reactions: PerCombination(Type.Array(TrussReaction)),
        memberForces: PerCombination(Type.Array(MemberForce)),
      }),
    ),
    uls: Type.Optional(
      Strict({
        memberForces: Type.Array(Strict({ member: MemberId, max: Governed, min: Governed })),
        reactions: Type.Array(Strict({ node: NodeId, horizontal: Bounds(Governed), vertical: Bounds(Governed) })),
      }),
    ),
    sls: Type.Optional(Strict({ displacements: Type.Array(Strict({ node: NodeId, dx: Bounds(Governed), dy: Bounds(Governed) })) })),
  },
  { description: 'Present when the request gave combinations; forces over ULS, displacements over SLS combinations.' },
);

export const TrussSolveResponse = Strict(
  {
    reactions: Detail(Type.Array(TrussReaction), 'One per support.'),
    memberForces: Detail(Type.Array(MemberForce), 'One per member.'),
    displacements: Detail(Type.Array(NodeDisplacement), 'One per node.'),
    envelope: Type.Optional(TrussEnvelope),
    meta: Meta,
    links: Type.Optional(Links),
  },
  { description: 'The unfactored analysis (every load at factor 1), plus the envelope when combinations were given.' },
);

// ---------------------------------------------------------------------------------------------
// Frame (decisions.md 6 and 14)

export const FrameReaction = Strict({
  node: NodeId,
  horizontal: Num('+x positive (kN | kip).'),
  vertical: Num('Up positive (kN | kip).'),
  moment: Num('Clockwise positive (kN.m | k.ft); 0 for pin and roller.'),
});

export const FrameDisplacement = Strict({
  node: NodeId,
  dx: Num('+x positive (mm | in).'),
  dy: Num('Up positive (mm | in).'),
  rotation: Num('Counter-clockwise positive (rad).'),
});

const EndForces = (end: string) =>
  Strict(
    {
      axial: Num('Tension positive (kN | kip).'),
      shear: Num("V = dM/dx' (kN | kip)."),
      moment: Num("Positive when the -y' face is in tension (kN.m | k.ft)."),
    },
    { description: `Internal forces just inside the ${end} of the member, read along x' (start to end).` },
  );

export const FrameMemberExtremes = Strict(
  {
    axial: Bounds(Extreme),
    shear: Bounds(Extreme),
    moment: Strict({ maxSagging: Extreme, maxHogging: Extreme }, { description: 'Largest and smallest M.' }),
    deflection: Strict(
      { max: Extreme, maxUp: Extreme, maxDown: Extreme },
      {
        description:
          "Displacement along y' (mm | in), the member's `deflection` diagram: max is whichever of maxUp and maxDown has the larger magnitude.",
      },
    ),
  },
  { description: 'Exact extremes along the member; positions from its start node (m | ft).' },
);

export const FrameMember = Strict({
  member: MemberId,
  from: NodeId,
  to: NodeId,
  length: Num('m | ft.'),
  start: EndForces('start'),
  end: EndForces('end'),
  extremes: FrameMemberExtremes,
  diagrams: Type.Optional(
    Strict(
      {
        axial: Series('Axial force, tension positive (kN | kip).'),
        shear: Series('Shear (kN | kip).'),
        moment: Series('Bending moment (kN.m | k.ft).'),
        deflection: Series("Displacement along y' (mm | in)."),
      },
      {
        description:
          "Along the member from its start node (m | ft), local axes: y' is x' turned 90 degrees counter-clockwise. Absent with " +
          '`output.diagrams` false.',
      },
    ),
  ),
});

const FrameEnvelope = Strict(
  {
    ...EnvelopeHead,
    combinations: Type.Array(
      Strict({
        ...CombinationHead,
        reactions: PerCombination(Type.Array(FrameReaction)),
        displacements: PerCombination(Type.Array(FrameDisplacement)),
        members: PerCombination(Type.Array(Strict({ member: MemberId, extremes: FrameMemberExtremes }))),
        iterations: Type.Optional(Type.Integer({ description: 'With `analysis`: as meta.analysis.iterations.' })),
        buckling: Type.Optional(Buckling),
      }),
    ),
    uls: Type.Optional(
      Strict({
        reactions: Type.Array(Strict({ node: NodeId, horizontal: Bounds(Governed), vertical: Bounds(Governed), moment: Bounds(Governed) })),
        members: Type.Array(
          Strict({
            member: MemberId,
            axial: Bounds(GovernedExtreme),
            shear: Bounds(GovernedExtreme),
            moment: Strict({ maxSagging: GovernedExtreme, maxHogging: GovernedExtreme }),
          }),
        ),
      }),
    ),
    sls: Type.Optional(
      Strict({
        displacements: Type.Array(Strict({ node: NodeId, dx: Bounds(Governed), dy: Bounds(Governed), rotation: Bounds(Governed) })),
      }),
    ),
    pattern: Type.Optional(
      Strict(
        {
          cases: Type.Array(StringEnum(LOAD_CASES), { description: 'The patterned cases, as requested.' }),
          pieces: Type.Array(Type.Union([FrameMemberPiece, FrameNodePiece]), {
            description: "Every piece, by case: each loaded member's, then each loaded node's, in the request's order.",
          }),
        },
        { description: 'With combinations.pattern: every envelope value is the most adverse over all arrangements of these pieces.' },
      ),
    ),
  },
  { description: 'Present when the request gave combinations; forces over ULS, displacements over SLS combinations.' },
);

export const FrameSolveResponse = Strict(
  {
    reactions: Detail(Type.Array(FrameReaction), 'One per support, in the order of `supports`.'),
    displacements: Detail(Type.Array(FrameDisplacement), 'One per node, in the order of `nodes`.'),
    members: Detail(Type.Array(FrameMember), 'One per member, in the order of `members`.'),
    buckling: Type.Optional(Buckling),
    envelope: Type.Optional(FrameEnvelope),
    meta: Meta,
    links: Type.Optional(Links),
  },
  { description: 'The unfactored analysis (every load at factor 1), plus the envelope when combinations were given.' },
);

export * from './library-responses.js';

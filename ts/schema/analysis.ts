/**
 * Second-order analysis and elastic critical load factors of frames (decisions.md 18 and 19): the request's
 * `analysis` object and the response pieces it adds (`buckling[]`, `meta.analysis`, the buckling mechanism).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Strict, StringEnum } from './common.js';

export const MAX_BUCKLING_MODES = 5;

export const Analysis = Strict(
  {
    order: Type.Optional(
      StringEnum(['first', 'second'] as const, {
        description: 'second: equilibrium on the deformed geometry (P-Δ and P-δ, exact beam-column members). Default first.',
        default: 'first',
      }),
    ),
    buckling: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_BUCKLING_MODES,
        default: 0,
        description: 'How many lowest elastic critical load factors (with modes) to find, 0 to 5. Default 0.',
      }),
    ),
  },
  { description: 'Frame analysis options (decisions 18, 19).' },
);
export type Analysis = Static<typeof Analysis>;

const NodeId = Type.Integer({ description: 'Node id from the request.' });

export const BucklingMode = Strict({
  factor: Type.Number({ description: 'Factor on the loads at which the frame buckles elastically.' }),
  displacements: Type.Array(
    Strict({
      node: NodeId,
      dx: Type.Number(),
      dy: Type.Number(),
      rotation: Type.Number(),
    }),
    {
      description:
        'The mode at the nodes, scaled so that its largest |dx| or |dy| is 1 (m | ft), or, when no node translates, its largest rotation is 1 rad.',
    },
  ),
});

export const Buckling = Type.Array(BucklingMode, {
  description: 'With analysis.buckling: the lowest critical factors, first-order axial forces; [] when nothing is in compression.',
});

export const AnalysisMeta = Strict(
  {
    order: StringEnum(['first', 'second'] as const),
    iterations: Type.Integer({ description: 'Solves with members re-formed from their axial forces (0 in first order).' }),
  },
  { description: 'Frames with `analysis`: what ran for the unfactored loads.' },
);

/** The `mechanism` of a 422 when an arrangement reaches its elastic critical load (decisions.md 18). */
export const BucklingMechanism = Strict(
  {
    kind: Type.Literal('buckling'),
    combination: Type.Optional(Type.String({ description: 'The combination that buckles; absent for the unfactored loads.' })),
    factor: Type.Optional(
      Type.Number({ description: "The arrangement's lowest elastic critical load factor (first-order axial forces)." }),
    ),
    hint: Type.String(),
  },
  { description: 'Second order: the loads reach the elastic critical load.' },
);

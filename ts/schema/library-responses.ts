/**
 * The response schemas of the section library, the service's own routes and the MCP transport: what
 * `GET /v1/sections...`, `/v1/health` and `/mcp` answer (the solve responses are in responses.ts).
 */
import { Type } from '@sinclair/typebox';
import { PROPERTY_KEYS, STANDARD_IDS } from '../sections/types.js';
import { Strict, StringEnum } from './common.js';

const Num = (description?: string) => Type.Number(description === undefined ? {} : { description });
const Text = (description?: string) => Type.String(description === undefined ? {} : { description });

// ---------------------------------------------------------------------------------------------
// Section library (decisions.md 8)

const dimensions = (unit: string) => ({
  d: Type.Optional(Num(`Depth (${unit}).`)),
  bf: Type.Optional(Num(`Flange width (${unit}).`)),
  tf: Type.Optional(Num(`Flange thickness (${unit}).`)),
  tw: Type.Optional(Num(`Web thickness (${unit}).`)),
});

/**
 * The published properties (decisions.md 20), each present only where the source publishes it (or `derived`
 * lists it). The examples are W14X90's (AISC v15.0: its Sx 143 in3 is our Zx, its Zx 157 in3 our Sx).
 */
const PROPERTY_EXAMPLES = {
  mm: {
    Zx: 2343350.152,
    Zy: 817714.4936,
    Sx: 2572769.048,
    Sy: 1238862.0384,
    rx: 155.956,
    ry: 93.98,
    J: 1689899.587936,
    Cw: 4296573864641.53,
  },
  in: { Zx: 143, Zy: 49.9, Sx: 157, Sy: 75.6, rx: 6.14, ry: 3.7, J: 4.06, Cw: 16000 },
} as const;

const sectionProperties = (length: 'mm' | 'in') => {
  const property = (key: keyof (typeof PROPERTY_EXAMPLES)['mm'], description: string) =>
    Type.Optional(Type.Number({ description, examples: [PROPERTY_EXAMPLES[length][key]] }));
  return {
    Zx: property('Zx', `Elastic section modulus about the major axis, smaller fibre (${length}3). AISC calls it Sx.`),
    Zy: property('Zy', `Elastic section modulus about the minor axis, smaller fibre (${length}3). AISC calls it Sy.`),
    Sx: property('Sx', `Plastic section modulus about the major axis (${length}3). AISC calls it Zx.`),
    Sy: property('Sy', `Plastic section modulus about the minor axis (${length}3). AISC calls it Zy.`),
    rx: property('rx', `Radius of gyration about the major axis (${length}).`),
    ry: property('ry', `Radius of gyration about the minor axis (${length}).`),
    J: property('J', `Torsion constant (${length}4).`),
    Cw: property('Cw', `Warping constant (${length}6).`),
  };
};

const sectionRecordProperties = {
  name: Text('Designation as published.'),
  standard: StringEnum(STANDARD_IDS),
  type: Text('Section type, e.g. UB, W, IPE.'),
  edition: Text(),
  si: Strict({
    A: Num('Gross area (mm2).'),
    Ix: Num('Major (strong) axis (mm4), whatever the standard calls it (EN and UK tables: y-y).'),
    Iy: Num('Minor (weak) axis (mm4) (EN and UK tables: z-z).'),
    mass: Num('kg/m.'),
    ...sectionProperties('mm'),
    ...dimensions('mm'),
  }),
  imperial: Strict({
    A: Num('in2.'),
    Ix: Num('in4.'),
    Iy: Num('in4.'),
    weight: Num('lb/ft.'),
    ...sectionProperties('in'),
    ...dimensions('in'),
  }),
  derived: Type.Optional(
    Type.Array(StringEnum(PROPERTY_KEYS), {
      description: 'Properties the source does not publish, derived by a formula its own tables use (docs/sections.md).',
      examples: [['rx']],
    }),
  ),
};

export const SectionRecord = Strict(sectionRecordProperties);

export const SectionLookupResponse = Strict(
  {
    ...sectionRecordProperties,
    alsoIn: Type.Optional(
      Type.Array(StringEnum(STANDARD_IDS), { description: 'Other standards with this designation (no standard given).' }),
    ),
    note: Type.Optional(Text('How to choose among them.')),
  },
  { description: 'One section, with an SI and an imperial block.' },
);

export const SectionListResponse = Strict({
  total: Type.Integer({ description: 'Matches before limit.' }),
  count: Type.Integer({ description: 'Sections returned.' }),
  sections: Type.Array(SectionRecord),
});

export const StandardsListing = Strict({
  total: Type.Integer(),
  coverage: Text(),
  standards: Type.Array(
    Strict({
      id: StringEnum(STANDARD_IDS),
      name: Text(),
      edition: Text(),
      axes: Text("Which axis the records' Ix and Iy are, in this standard's own names: Ix is always the major axis."),
      types: Type.Array(
        Strict({
          type: Text(),
          count: Type.Integer(),
          description: Text(),
          edition: Type.Optional(
            Type.String({
              description: "The family's own product standard and edition, where it differs from the standard's.",
              examples: ['AS/NZS 1163 cold-formed structural hollow sections'],
            }),
          ),
        }),
      ),
      count: Type.Integer(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Service

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const EngineStatus = Strict(
  {
    mode: Type.Union([Type.Literal('pool'), Type.Literal('inline')], { description: 'Engine threads (pool) or the service thread.' }),
    threads: Count('Engine threads.'),
    busy: Count('Threads running a request now.'),
    waiting: Count('Requests waiting for a thread.'),
    faults: Count('Engine faults (a trap, or an unplanned error inside the engine) in the last `faultWindowMinutes`; each answered 500.'),
    traps: Count('How many of those faults were WebAssembly traps.'),
    faultWindowMinutes: Count('The window `faults` and `traps` count over.'),
    renewed: Count('Engine instances replaced since start: after a fault, or after a request grew their memory past 256 MB.'),
  },
  { description: 'The engine threads and their faults.' },
);

export const HealthResponse = Strict({
  ok: Type.Boolean({ description: 'False while a configured counter store (Redis) is unreachable or does not answer within 1 s.' }),
  engineVersion: Text(),
  timestamp: Type.String({ format: 'date-time' }),
  engine: EngineStatus,
  detail: Type.Optional(Text('Why ok is false.')),
});

/** Only the head of the document is promised here; the OpenAPI 3.1 schema itself says the rest. */
export const OpenApiDocumentHead = Type.Object(
  { openapi: Type.Literal('3.1.0'), info: Type.Object({ title: Type.String(), version: Type.Literal('1.0.0') }), paths: Type.Object({}) },
  { description: 'This OpenAPI 3.1 document.' },
);

// ---------------------------------------------------------------------------------------------
// MCP transport (JSON-RPC 2.0); the messages themselves are defined by the MCP specification.

const JsonRpcId = Type.Union([Type.String(), Type.Integer()]);

export const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(JsonRpcId),
    method: Type.String({ description: 'initialize, tools/list, tools/call, or a notification.' }),
    params: Type.Optional(Type.Object({})),
  },
  { description: 'A JSON-RPC 2.0 request or notification of the MCP protocol.' },
);

export const JsonRpcResult = Type.Object({ jsonrpc: Type.Literal('2.0'), id: JsonRpcId, result: Type.Object({}) });

export const JsonRpcError = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([JsonRpcId, Type.Null()]),
  error: Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
});

export const JsonRpcResponse = Type.Union([JsonRpcResult, JsonRpcError], { description: 'A JSON-RPC 2.0 response.' });

/**
 * Request examples of the OpenAPI document. Each is a real request: the OpenAPI tests send every one to its
 * endpoint and expect it to be accepted.
 */

import triangleFixture from '../../test/fixtures/truss/triangle.json' with { type: 'json' };

export interface Example {
  summary: string;
  value: unknown;
}

const simplySupportedUdl: Example = {
  summary:
    '6 m simply supported span, 10 kN/m downward (R = wL/2 = 30 kN, M = wL²/8 = 45 kN.m; extremes.spans: 10.55 mm at midspan, L/569)',
  value: {
    units: 'SI',
    spans: [{ length: 6, E: 200, I: 8.0e7 }],
    supports: [
      { type: 'pin', position: 0 },
      { type: 'roller', position: 6 },
    ],
    loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
  },
};

/** Two equal 5 m spans on three supports. */
const twoSpans = {
  spans: [
    { length: 5, E: 200, I: 1.2e8 },
    { length: 5, E: 200, I: 1.2e8 },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 5 },
    { type: 'roller', position: 10 },
  ],
};

export const beamSolveExamples: Record<string, Example> = {
  simplySupportedUdl,
  cantileverImperial: {
    summary: '10 ft cantilever fixed at its left end, 5 kip downward at the tip (reaction moment -P*L = -50 k.ft)',
    value: {
      units: 'imperial',
      spans: [{ length: 10, E: 29000, I: 500 }],
      supports: [{ type: 'fixed', position: 0 }],
      loads: [{ type: 'point', magnitude: -5, position: 10 }],
    },
  },
  sectionSelfWeight: {
    summary: 'A W14X90 span of 30 ft by its section, carrying its own weight (90 lb/ft: reactions wL/2 = 1.35 kip)',
    value: {
      units: 'imperial',
      spans: [{ length: 30, section: 'W14X90', axis: 'major' }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 30 },
      ],
      selfWeight: true,
    },
  },
  twoSpanWithCombinations: {
    summary: 'Two 5 m spans, dead and live UDL, enveloped over the AS1170 combinations',
    value: {
      ...twoSpans,
      loads: [
        { type: 'udl', start: -4, from: 0, to: 10, case: 'G' },
        { type: 'udl', start: -3, from: 0, to: 10, case: 'Q' },
      ],
      combinations: { standard: 'AS1170', occupancy: 'office' },
    },
  },
  patternLoading: {
    summary:
      'Three 6 m spans, dead and live UDL, live load patterned: each envelope value is the worst arrangement of the live load span ' +
      'by span (end-span sagging with spans 1 and 3 loaded, support hogging with spans 1 and 2), named in `pattern`',
    value: {
      spans: [
        { length: 6, E: 200, I: 100000000 },
        { length: 6, E: 200, I: 100000000 },
        { length: 6, E: 200, I: 100000000 },
      ],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 6 },
        { type: 'roller', position: 12 },
        { type: 'roller', position: 18 },
      ],
      loads: [
        { type: 'udl', start: -10, from: 0, to: 18, case: 'G' },
        { type: 'udl', start: -10, from: 0, to: 18, case: 'Q' },
      ],
      combinations: { standard: 'AS1170', occupancy: 'office', pattern: ['Q'] },
    },
  },
};

/** What an agent asks for (decisions.md 22): no diagram series, 6 significant digits. */
const compact = { diagrams: false, precision: 6 };

beamSolveExamples.compactAnswer = {
  summary: 'The 6 m span, `output` without diagram series and at 6 significant digits: reactions, extremes, meta and link only',
  value: { ...(simplySupportedUdl.value as object), output: compact },
};

export const beamDiagramExamples: Record<string, Example> = {
  momentChart: {
    summary: 'Bending moment chart of the 6 m simply supported span under 10 kN/m (peak wL²/8 = 45 kN.m at midspan)',
    value: { ...(simplySupportedUdl.value as object), view: 'moment' },
  },
  combination: {
    summary: 'The two spans under dead and live load, drawn under AS1170-ULS-2 = 1.2G + 1.5Q: factored loads and reactions',
    value: { ...(beamSolveExamples.twoSpanWithCombinations!.value as object), view: 'setup', combination: 'AS1170-ULS-2' },
  },
  momentEnvelope: {
    summary: 'The same beam: the ULS moment envelope, upper and lower bounds over the AS1170 combinations',
    value: { ...(beamSolveExamples.twoSpanWithCombinations!.value as object), view: 'moment', combination: 'envelope' },
  },
  png: {
    summary: 'The moment chart at 600 x 300 px; sent with `Accept: image/png` it comes back as a PNG image',
    value: { ...(simplySupportedUdl.value as object), view: 'moment', width: 600, height: 300 },
  },
  patternEnvelope: {
    summary: 'Three spans with the live load patterned: the ULS moment envelope over every arrangement of the live load',
    value: { ...(beamSolveExamples.patternLoading!.value as object), view: 'moment', combination: 'envelope' },
  },
  twoSpanResults: {
    summary: 'Two 5 m spans under 7 kN/m: reactions and deflected shape, dark theme',
    value: {
      ...twoSpans,
      loads: [{ type: 'udl', start: -7, from: 0, to: 10 }],
      view: 'results',
      theme: 'dark',
      width: 1000,
    },
  },
};

// The triangle truss of the golden fixtures, the one definition the tests use too.
const triangle = triangleFixture.request;

export const trussSolveExamples: Record<string, Example> = {
  triangle: {
    summary: '8 m wide, 3 m high triangle, 10 kN down at the apex (method of joints: rafters -25/3 kN, tie +20/3 kN)',
    value: triangle,
  },
  sectionsAndCombinations: {
    summary: 'The same triangle in library sections, dead and wind load, enveloped over the ASCE 7 combinations',
    value: {
      ...triangle,
      materials: [{ id: 1, section: 'W8X31' }],
      loads: [
        { node: 3, fy: -10, case: 'G' },
        { node: 3, magnitude: 4, angle: 0, case: 'W' },
      ],
      combinations: { standard: 'ASCE7' },
    },
  },
};

trussSolveExamples.compactAnswer = {
  summary: 'The triangle at 6 significant digits (`output.precision`; a truss has no diagram series)',
  value: { ...triangle, output: { precision: 6 } },
};

export const trussDiagramExamples: Record<string, Example> = {
  results: {
    summary: 'The triangle with member forces (tension red, compression blue) and the deflected shape',
    value: { ...triangle, view: 'results' },
  },
  envelope: {
    summary: 'The triangle in dead load and wind: each member labelled with its largest and smallest force over the ASCE 7 combinations',
    value: { ...(trussSolveExamples.sectionsAndCombinations!.value as object), combination: 'envelope' },
  },
  png: {
    summary: 'The triangle with its member forces; sent with `Accept: image/png` it comes back as a PNG image',
    value: { ...triangle, view: 'results', width: 800 },
  },
  problem: {
    summary: 'The triangle as set up: geometry, supports and the load, classic glyphs',
    value: { ...triangle, view: 'problem', style: 'classic', height: 400 },
  },
};

/** A 6 m wide, 4 m high portal on fixed bases: columns 1-2 and 4-3 drawn upwards, beam 2-3 left to right. */
const portal = {
  units: 'SI',
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: 4 },
    { id: 3, x: 6, y: 4 },
    { id: 4, x: 6, y: 0 },
  ],
  members: [
    { id: 1, from: 1, to: 2 },
    { id: 2, from: 2, to: 3 },
    { id: 3, from: 4, to: 3 },
  ],
  materials: [{ id: 1, E: 200, A: 5210, I: 8.64e7 }],
  supports: [
    { node: 1, type: 'fixed' },
    { node: 4, type: 'fixed' },
  ],
};

export const frameSolveExamples: Record<string, Example> = {
  sway: {
    summary: 'Fixed-base portal, 10 kN sway load at the eaves (near the slope-deflection answer: base moments 12 kN.m each)',
    value: { ...portal, nodalLoads: [{ node: 2, fx: 10 }] },
  },
  gravityAndWind: {
    summary: 'The portal in a library section, 5 kN/m dead and 3 kN/m live on the beam, wind on a column, enveloped over AS 1170',
    value: {
      ...portal,
      materials: [{ id: 1, section: '310UB40.4' }],
      memberLoads: [
        { type: 'udl', member: 2, start: -5, from: 0, to: 6, case: 'G' },
        { type: 'udl', member: 2, start: -3, from: 0, to: 6, case: 'Q' },
        { type: 'udl', member: 1, start: 2, from: 0, to: 4, direction: 'global-x', case: 'W' },
      ],
      combinations: { standard: 'AS1170' },
    },
  },
  pitchedRafter: {
    summary:
      'A rafter rising 1.5 m over 10 m, pinned and on a roller, 2 kN/m along its whole length: `from` and `to` left out (0 and the length); members[0].extremes.deflection gives its largest deflection',
    value: {
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 10, y: 1.5 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, section: '310UB40.4' }],
      supports: [
        { node: 1, type: 'pin' },
        { node: 2, type: 'roller' },
      ],
      memberLoads: [{ type: 'udl', member: 1, start: -2 }],
    },
  },
};

/** Two 6 m bays on three 4 m columns, fixed bases, dead and live load on both beams, the live load patterned beam by beam. */
const twoBays = {
  units: 'SI',
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: 4 },
    { id: 3, x: 6, y: 4 },
    { id: 4, x: 6, y: 0 },
    { id: 5, x: 12, y: 4 },
    { id: 6, x: 12, y: 0 },
  ],
  members: [
    { id: 1, from: 1, to: 2 },
    { id: 2, from: 2, to: 3 },
    { id: 3, from: 4, to: 3 },
    { id: 4, from: 3, to: 5 },
    { id: 5, from: 6, to: 5 },
  ],
  materials: [{ id: 1, section: '310UB40.4' }],
  supports: [1, 4, 6].map((node) => ({ node, type: 'fixed' })),
  memberLoads: [2, 4].flatMap((member) => [
    { type: 'udl', member, start: -5, from: 0, to: 6, case: 'G' },
    { type: 'udl', member, start: -3, from: 0, to: 6, case: 'Q' },
  ]),
  combinations: { standard: 'AS1170', pattern: ['Q'] },
};

frameSolveExamples.patternLoading = {
  summary:
    'Two-bay portal, dead and live load on both beams, live load patterned: each envelope value is the worst arrangement of the ' +
    "live load beam by beam (a beam's sagging with that beam alone loaded, the middle base moment with one bay), named in `pattern`",
  value: twoBays,
};

frameSolveExamples.compactAnswer = {
  summary: 'The portal in dead, live and wind load, `output` without member diagrams at 6 significant digits',
  value: { ...(frameSolveExamples.gravityAndWind!.value as object), output: compact },
};

frameSolveExamples.envelopeAlone = {
  summary:
    'The same, `output.combinations` "envelope" too, as MCP tools answer: the envelope alone, each combination by id, name ' +
    'and kind, without the unfactored analysis and the per-combination results (5.4 KB against 30 KB)',
  value: { ...(frameSolveExamples.gravityAndWind!.value as object), output: { ...compact, combinations: 'envelope' } },
};

export const frameDiagramExamples: Record<string, Example> = {
  moment: {
    summary: "The sway portal's bending moment drawn on the frame, on the tension side",
    value: { ...portal, nodalLoads: [{ node: 2, fx: 10 }], view: 'moment' },
  },
  momentEnvelope: {
    summary: "The portal in dead, live and wind load: each member's moment bounds over the AS 1170 ULS combinations",
    value: { ...(frameSolveExamples.gravityAndWind!.value as object), view: 'moment', combination: 'envelope' },
  },
  patternEnvelope: {
    summary: 'The two-bay portal with its live load patterned: the ULS moment envelope over every arrangement of the live load',
    value: { ...twoBays, view: 'moment', combination: 'envelope' },
  },
  windCombination: {
    summary: 'The same portal under AS1170-ULS-5 = 0.9G + W (wind with the least dead load): factored loads, reactions, deflected shape',
    value: { ...(frameSolveExamples.gravityAndWind!.value as object), view: 'results', combination: 'AS1170-ULS-5' },
  },
  png: {
    summary: "The sway portal's moment diagram; sent with `Accept: image/png` it comes back as a PNG image",
    value: { ...portal, nodalLoads: [{ node: 2, fx: 10 }], view: 'moment', width: 700, height: 500 },
  },
  results: {
    summary: 'The portal under 5 kN/m on its beam: reactions and the deflected shape',
    value: { ...portal, memberLoads: [{ type: 'udl', member: 2, start: -5, from: 0, to: 6 }], view: 'results' },
  },
};

const MCP_PROTOCOL_VERSION = '2025-06-18';

export const mcpExamples: Record<string, Example> = {
  initialize: {
    summary: 'Open the conversation (stateless: no session id comes back)',
    value: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'example-client', version: '1.0.0' } },
    },
  },
  listTools: {
    summary: 'List the tools with their input schemas',
    value: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  },
  callSolveBeam: {
    summary: 'Solve the 6 m simply supported beam through the solve_beam tool',
    value: {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'solve_beam', arguments: simplySupportedUdl.value },
    },
  },
};

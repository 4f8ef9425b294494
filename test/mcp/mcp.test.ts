/**
 * POST /mcp through the SDK's own client over HTTP against the running service: the tools it lists, each tool
 * called with a real model and checked against hand calculations and against the HTTP endpoint it mirrors,
 * refusals as isError results, counting, and what a broken JSON-RPC message gets.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutTiming } from '../support/app.js';
import { fixture } from '../support/fixtures.js';
import { TOOLS } from '../../ts/mcp/index.js';
import { listedSchema } from '../../ts/mcp/tool-schema.js';
import { TIERS } from '../../ts/limits/tiers.js';
import { BASE_URL, connectClient, postMcp, startService, type RunningService } from './service.js';
import { TRIANGLE_TRUSS } from '../support/models.js';
import { frameFixtures, toleranceOf, valueAt } from '../frame/fixtures.js';

let service: RunningService;
let client: Client;

beforeAll(async () => {
  service = await startService();
  client = await connectClient(service);
});
afterAll(async () => {
  await client.close();
  await service.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

async function http(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${service.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The text copy of a JSON result, parsed. */
function textCopy(result: CallToolResult): unknown {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('the first content item is not text');
  return JSON.parse(first.text);
}

/** The text content of a solve result: its summary. */
function summary(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('the first content item is not text');
  return first.text;
}

/** What an agent asks for to get the whole answer the HTTP route gives by default. */
const FULL = { diagrams: true, precision: 15 };

// 6 m simply supported span, 10 kN/m downward; E = 200 GPa, I = 8.0e7 mm4 -> EI = 200e6 kN/m2 * 8.0e-5 m4 = 16000 kN.m2.
const SIMPLE_UDL = {
  spans: [{ length: 6, E: 200, I: 8.0e7 }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
};

describe('initialize and tools/list', () => {
  it('names the server and offers the tools, each with the compact JSON Schema of its TypeBox definition', async () => {
    expect(client.getServerVersion()?.name).toBe('spanwise');
    const instructions = client.getInstructions()!;
    expect(instructions).toMatch(/NEGATIVE DOWNWARD/);
    // issue 35: the instructions name every capability, each by its tool
    for (const tool of TOOLS) expect(instructions).toContain(tool.name);
    for (const capability of [
      /beams/,
      /trusses/,
      /frames/,
      /section/,
      /steel sections/,
      /combinations/,
      /pattern loading/,
      /second order/,
      /buckling/,
    ]) {
      expect(instructions).toMatch(capability);
    }
    expect(instructions).toMatch(/"png"/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    // decisions.md section 11: the nine tools
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'solve_beam',
        'solve_truss',
        'solve_frame',
        'section_properties',
        'get_section',
        'search_sections',
        'render_beam_diagram',
        'render_truss_diagram',
        'render_frame_diagram',
      ].sort(),
    );
    for (const tool of tools) {
      const source = TOOLS.find((t) => t.name === tool.name)!;
      expect(tool.inputSchema).toEqual(listedSchema(source.inputSchema));
      expect(tool.description!.length).toBeGreaterThan(100);
    }
    const beam = tools.find((t) => t.name === 'solve_beam')!;
    expect(beam.description).toMatch(/NEGATIVE = DOWN/);
    expect(beam.description).toMatch(/kN\/m/);
    // The body schema of POST /v1/beam/solve, `output` included; unknown properties are refused by the call (below).
    expect(beam.inputSchema.required).toEqual(['spans', 'supports']);
    expect(Object.keys(beam.inputSchema.properties!)).toEqual([
      'units',
      'spans',
      'supports',
      'loads',
      'combinations',
      'selfWeight',
      'output',
    ]);
  });
});

describe('solve_beam', () => {
  it('solves a simply supported UDL: R = wL/2, M = wL^2/8, deflection 5wL^4/(384EI)', async () => {
    const result = await call('solve_beam', SIMPLE_UDL);
    expect(result.isError).toBeFalsy();
    const body = result.structuredContent as {
      reactions: { vertical: number }[];
      extremes: { moment: { maxSagging: { value: number; position: number } }; deflection: { max: { value: number; position: number } } };
    };
    // R = wL/2 = 10 * 6 / 2 = 30 kN at each support, up positive.
    expect(body.reactions.map((r) => r.vertical)).toEqual([expect.closeTo(30, 9), expect.closeTo(30, 9)]);
    // M = wL^2/8 = 10 * 36 / 8 = 45 kN.m at midspan, sagging positive.
    expect(body.extremes.moment.maxSagging.value).toBeCloseTo(45, 9);
    expect(body.extremes.moment.maxSagging.position).toBeCloseTo(3, 9);
    // 5wL^4/(384EI) = 5 * 10 * 1296 / (384 * 16000) m = 10.546875 mm, downward so negative; 6 significant digits by default.
    expect(body.extremes.deflection.max.value).toBe(-10.5469);
    expect(body.extremes.deflection.max.position).toBeCloseTo(3, 9);
    // the text is a summary of the same answer, not a copy of it
    expect(summary(result)).toContain('pin 0 m: 30 kN; roller 6 m: 30 kN');
    expect(summary(result)).toContain('deflection (up +) -10.5469 at 3 m mm');
  });

  it('returns exactly what POST /v1/beam/solve returns, imperial cantilever included', async () => {
    // 10 ft cantilever, 5 kip down at the tip: fixed-end reaction P = 5 kip up, moment -P*L = -50 k.ft (clockwise positive).
    const cantilever = {
      units: 'imperial',
      spans: [{ length: 10, E: 29000, I: 500 }],
      supports: [{ type: 'fixed', position: 0 }],
      loads: [{ type: 'point', magnitude: -5, position: 10 }],
    };
    for (const model of [SIMPLE_UDL, cantilever]) {
      const viaTool = await call('solve_beam', { ...model, output: FULL });
      const viaHttp = await http('/v1/beam/solve', model);
      expect(viaHttp.status).toBe(200);
      expect(withoutTiming(viaTool.structuredContent)).toEqual(withoutTiming(viaHttp.body));
    }
    const result = (await call('solve_beam', cantilever)).structuredContent as { reactions: { vertical: number; moment: number }[] };
    expect(result.reactions[0]!.vertical).toBeCloseTo(5, 9);
    expect(result.reactions[0]!.moment).toBeCloseTo(-50, 9);
  });

  it('takes pattern loading through the same schema: the envelope of the route, a bad case refused at its path', async () => {
    // three equal spans, live load patterned (test/fixtures/pattern: end-span sagging 0.10125wL² = 36.45 kN.m)
    const patterned = fixture('pattern', 'three-span-live-pattern').request;
    // the tool's full answer (decisions.md 22: HTTP's defaults asked for) is the route's
    const viaTool = await call('solve_beam', { ...patterned, output: { diagrams: true, precision: 15, combinations: 'detail' } });
    const viaHttp = await http('/v1/beam/solve', patterned);
    expect(withoutTiming(viaTool.structuredContent)).toEqual(withoutTiming(viaHttp.body));
    const envelope = (viaTool.structuredContent as { envelope: { uls: { extremes: { moment: { maxSagging: { value: number } } } } } })
      .envelope;
    expect(envelope.uls.extremes.moment.maxSagging.value).toBeCloseTo(36.45, 9);
    const bad = await call('solve_beam', { ...patterned, combinations: { ...patterned.combinations, pattern: ['live'] } });
    expect(bad.isError).toBe(true);
    expect((bad.structuredContent as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['combinations.pattern.0']);
  });

  it('refuses an invalid model with the problem object of the HTTP API', async () => {
    const bad = { ...SIMPLE_UDL, spans: [{ length: -6, E: 200, I: 8.0e7 }] };
    const result = await call('solve_beam', bad);
    expect(result.isError).toBe(true);
    const viaHttp = await http('/v1/beam/solve', bad);
    expect(viaHttp.status).toBe(400);
    expect(result.structuredContent).toEqual(viaHttp.body);
    expect(result.structuredContent).toMatchObject({ code: 'invalid_input', status: 400, type: `${BASE_URL}/problems/invalid_input` });
    expect((result.structuredContent as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('spans.0.length');
    expect(textCopy(result)).toEqual(result.structuredContent);
  });

  it('refuses a mechanism as unstable_structure, as the route does with 422', async () => {
    // One pin under a single span: the beam can rotate about it, a mechanism.
    const mechanism = { ...SIMPLE_UDL, supports: [{ type: 'pin', position: 0 }] };
    const result = await call('solve_beam', mechanism);
    const viaHttp = await http('/v1/beam/solve', mechanism);
    expect(viaHttp.status).toBe(422);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(viaHttp.body);
    expect(result.structuredContent).toMatchObject({ code: 'unstable_structure', status: 422 });
  });
});

describe('solve_truss and render_truss_diagram', () => {
  it('solves the triangle by the method of joints and returns what POST /v1/truss/solve returns', async () => {
    const result = await call('solve_truss', TRIANGLE_TRUSS);
    expect(result.isError).toBeFalsy();
    const body = result.structuredContent as {
      memberForces: { member: number; force: number }[];
      reactions: { node: number; vertical: number }[];
    };
    const force = (member: number) => body.memberForces.find((m) => m.member === member)!.force;
    // Joint 3: 2 F (3/5) = -10 -> F = -25/3 kN in each rafter (compression); joint 1: tie = -F (4/5) = +20/3 kN (tension),
    // at the tools' 6 significant digits.
    expect(force(2)).toBe(-8.33333);
    expect(force(3)).toBe(-8.33333);
    expect(force(1)).toBe(6.66667);
    // Symmetry: each support carries half the 10 kN.
    expect(body.reactions.map((r) => r.vertical)).toEqual([expect.closeTo(5, 9), expect.closeTo(5, 9)]);
    expect(summary(result)).toContain('Forces (tension +): member 1 6.66667, member 2 -8.33333 kN.');
    const viaHttp = await http('/v1/truss/solve', TRIANGLE_TRUSS);
    expect(viaHttp.status).toBe(200);
    const full = await call('solve_truss', { ...TRIANGLE_TRUSS, output: FULL });
    expect(withoutTiming(full.structuredContent)).toEqual(withoutTiming(viaHttp.body));
  });

  it('refuses a truss that can swing about its one pin, as the route does with 422', async () => {
    const mechanism = { ...TRIANGLE_TRUSS, supports: [{ node: 1, type: 'pin' }] };
    const result = await call('solve_truss', mechanism);
    const viaHttp = await http('/v1/truss/solve', mechanism);
    expect(viaHttp.status).toBe(422);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(viaHttp.body);
  });

  it('render_truss_diagram returns the SVG of POST /v1/truss/diagram as text with its mimeType', async () => {
    const result = await call('render_truss_diagram', TRIANGLE_TRUSS);
    expect(result.isError).toBeFalsy();
    const [content] = result.content;
    expect(content).toMatchObject({ type: 'text', _meta: { mimeType: 'image/svg+xml' } });
    const res = await fetch(`${service.url}/v1/truss/diagram`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(TRIANGLE_TRUSS),
    });
    expect(res.status).toBe(200);
    expect((content as { text: string }).text).toBe(await res.text());
  });
});

describe('render_frame_diagram', () => {
  it('returns the SVG of POST /v1/frame/diagram as text with its mimeType', async () => {
    const body = { ...frameFixtures().find((f) => f.name === 'portal-fixed-gravity')!.request, view: 'moment' };
    const result = await call('render_frame_diagram', body);
    expect(result.isError).toBeFalsy();
    const [content] = result.content;
    expect(content).toMatchObject({ type: 'text', _meta: { mimeType: 'image/svg+xml' } });
    const res = await fetch(`${service.url}/v1/frame/diagram`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect((content as { text: string }).text).toBe(await res.text());
  });
});

describe('solve_frame', () => {
  it('solves the L-frame fixture to its virtual-work answers and returns what POST /v1/frame/solve returns', async () => {
    const fixture = frameFixtures().find((f) => f.name === 'l-frame-virtual-work')!;
    const result = await call('solve_frame', { ...fixture.request, output: FULL });
    expect(result.isError).toBeFalsy();
    for (const e of fixture.expect) {
      const actual = valueAt(result.structuredContent, e.path);
      expect(actual, `${e.path} leads nowhere`).toBeTypeOf('number');
      expect(Math.abs(actual! - e.value), `${e.path} (${e.source})`).toBeLessThanOrEqual(toleranceOf(fixture, e));
    }
    const viaHttp = await http('/v1/frame/solve', fixture.request);
    expect(viaHttp.status).toBe(200);
    expect(withoutTiming(result.structuredContent)).toEqual(withoutTiming(viaHttp.body));
    expect(summary(result)).toMatch(/^Frame of 2 members, SI units\.\nReactions/);
  });

  it('takes pattern loading through the same schema: the envelope of the route', async () => {
    // the two-bay portal, live load patterned beam by beam (test/fixtures/pattern-frame: left beam sagging 14.0747 kN.m)
    const patterned = fixture('pattern-frame', 'two-bay-portal-live-pattern').request;
    const viaTool = await call('solve_frame', { ...patterned, output: { ...FULL, combinations: 'detail' } });
    const viaHttp = await http('/v1/frame/solve', patterned);
    expect(withoutTiming(viaTool.structuredContent)).toEqual(withoutTiming(viaHttp.body));
    const sagging = valueAt(viaTool.structuredContent, 'envelope.uls.members.1.moment.maxSagging.value');
    // within the fixture's 1e-6: the closed form ignores the members' axial strain
    expect(Math.abs(sagging! - 136123227 / 9671500)).toBeLessThanOrEqual(1e-6 * 14.07);
  });

  it('takes second order and critical load factors through the same schema (issue 33)', async () => {
    // AISC 360-16 Commentary C2.2 Case 2 (test/fixtures/second-order/aisc-c2-2.json): a 28 ft W14X48 cantilever,
    // E = 29,000 ksi, I = 484 in⁴, H = 1 kip and P = 100 kip at its top. Base moment HL·tan(kL)/(kL) with
    // k² = P/EI (Timoshenko & Gere 1.11); the Commentary prints 469 kip-in. Critical factor: Euler's
    // π²EI/4L² = 306.8 kip over P.
    const [E, I, L, H, P] = [29000, 484, 28 * 12, 1, 100];
    const cantilever = {
      units: 'imperial',
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 0, y: 28 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, E, A: 14.1, I }],
      supports: [{ node: 1, type: 'fixed' }],
      nodalLoads: [{ node: 2, fx: H, fy: -P }],
      analysis: { order: 'second', buckling: 1 },
    };
    const result = await call('solve_frame', { ...cantilever, output: FULL });
    expect(result.isError).toBeFalsy();
    const kl = Math.sqrt(P / (E * I)) * L;
    const baseMoment = (H * L * Math.tan(kl)) / kl; // kip-in
    const moment = valueAt(result.structuredContent, 'reactions.0.moment')!; // kip-ft, clockwise +
    expect(Math.abs(-moment * 12 - baseMoment) / baseMoment).toBeLessThan(1e-9);
    expect(Math.abs(-moment * 12 - 469) / 469).toBeLessThan(5e-3);
    const factor = valueAt(result.structuredContent, 'buckling.0.factor')!;
    const euler = (Math.PI ** 2 * E * I) / (4 * L ** 2);
    expect(Math.abs(factor - euler / P) / (euler / P)).toBeLessThan(1e-9);
    expect(summary(result)).toMatch(/Second order: 1 iterations?\./);
    expect(summary(result)).toMatch(/Critical load factors: /);
    const viaHttp = await http('/v1/frame/solve', cantilever);
    expect(withoutTiming(result.structuredContent)).toEqual(withoutTiming(viaHttp.body));
  });

  it('refuses a frame on one pin, as the route does with 422', async () => {
    const fixture = frameFixtures().find((f) => f.name === 'l-frame-virtual-work')!;
    const mechanism = { ...fixture.request, supports: [{ node: 1, type: 'pin' }] };
    const result = await call('solve_frame', mechanism);
    const viaHttp = await http('/v1/frame/solve', mechanism);
    expect(viaHttp.status).toBe(422);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(viaHttp.body);
  });
});

describe('get_section and search_sections', () => {
  it('get_section returns the record GET /v1/sections/{name} returns', async () => {
    const result = await call('get_section', { name: 'ipe 300' });
    expect(result.isError).toBeFalsy();
    const viaHttp = await http('/v1/sections/IPE300');
    expect(result.structuredContent).toEqual(viaHttp.body);
    // EN 10365:2017 IPE 300: A = 53.81 cm2 = 5381 mm2, Iy(strong) = 8356 cm4 = 8.356e7 mm4 (cm2 * 100, cm4 * 1e4).
    expect(result.structuredContent).toMatchObject({ name: 'IPE300', standard: 'EN10365', si: { A: 5381, Ix: 8.356e7 } });
    expect(textCopy(result)).toEqual(result.structuredContent);
  });

  it('get_section names the nearest designations when none matches, as the 404 does', async () => {
    const result = await call('get_section', { name: 'IPE301' });
    const viaHttp = await http('/v1/sections/IPE301');
    expect(viaHttp.status).toBe(404);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(viaHttp.body);
    expect((result.structuredContent as { detail: string }).detail).toMatch(/Did you mean "IPE300"/);
  });

  it('search_sections filters as GET /v1/sections does', async () => {
    const result = await call('search_sections', { standard: 'bs4', type: 'UC', limit: 500 });
    expect(result.isError).toBeFalsy();
    const viaHttp = await http('/v1/sections?standard=bs4&type=UC&limit=500');
    expect(result.structuredContent).toEqual(viaHttp.body);
    const body = result.structuredContent as { total: number; count: number; sections: { standard: string; type: string }[] };
    expect(body.count).toBe(body.total);
    expect(body.sections.every((s) => s.standard === 'BS4' && s.type === 'UC')).toBe(true);
  });

  it('search_sections refuses arguments outside its schema and unknown standards', async () => {
    const tooMany = await call('search_sections', { limit: 501 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.structuredContent).toMatchObject({ code: 'invalid_input', issues: [{ path: 'limit' }] });
    const unknown = await call('search_sections', { standard: 'DIN' });
    expect(unknown.structuredContent).toMatchObject({ code: 'invalid_input', issues: [{ path: 'standard' }] });
    const extra = await call('get_section', { name: 'IPE300', colour: 'red' });
    expect(extra.structuredContent).toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'colour', message: 'is not a known property' }],
    });
  });
});

describe('render_beam_diagram', () => {
  it('returns the SVG of POST /v1/beam/diagram as text with its mimeType, the peak moment wL^2/8 labelled', async () => {
    const request = { ...SIMPLE_UDL, view: 'moment' };
    const result = await call('render_beam_diagram', request);
    expect(result.isError).toBeFalsy();
    const [content] = result.content;
    expect(content).toMatchObject({ type: 'text', _meta: { mimeType: 'image/svg+xml' } });
    const text = (content as { text: string }).text;
    const res = await fetch(`${service.url}/v1/beam/diagram`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(text).toBe(await res.text());
    expect(text).toMatch(/^<svg[\s>]/);
    // M = wL^2/8 = 10 * 36 / 8 = 45 kN.m at x = L/2 = 3 m (chart values carry their unit in the title).
    expect(text).toContain('>45 at 3 m<');
    expect(text).toContain('(kN.m)</text>');
  });

  it('refuses a figure size outside 400-2000 px with the problem object', async () => {
    const result = await call('render_beam_diagram', { ...SIMPLE_UDL, width: 399 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'invalid_input', issues: [{ path: 'width' }] });
  });
});

describe('combination in the render tools (decisions.md 15)', () => {
  // combinations.md 1.7 worked example: 6 m simply supported, G = 10 and Q = 5 kN/m; AS1170-ULS-2 = 1.2G + 1.5Q
  // gives 19.5 kN/m and M = 19.5 x 36 / 8 = 87.75 kN.m at midspan
  const workedExample = {
    ...SIMPLE_UDL,
    loads: [
      { type: 'udl', start: -10, from: 0, to: 6, case: 'G' },
      { type: 'udl', start: -5, from: 0, to: 6, case: 'Q' },
    ],
    combinations: { standard: 'AS1170' },
  };

  it('each render tool takes `combination` from the one schema of its HTTP body', async () => {
    const { tools } = await client.listTools();
    for (const name of ['render_beam_diagram', 'render_truss_diagram', 'render_frame_diagram']) {
      const tool = tools.find((t) => t.name === name)!;
      // listed without its length bounds (ts/mcp/tool-schema.ts); the call is checked against the whole definition
      expect((tool.inputSchema.properties as Record<string, unknown>).combination, name).toEqual({ type: 'string' });
    }
    const empty = await call('render_beam_diagram', { ...workedExample, combination: '' });
    expect(empty.isError).toBe(true);
    expect((empty.structuredContent as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['combination']);
  });

  it('render_beam_diagram draws a combination as POST /v1/beam/diagram does, its peak labelled', async () => {
    const args = { ...workedExample, view: 'moment', combination: 'AS1170-ULS-2' };
    const result = await call('render_beam_diagram', args);
    expect(result.isError).toBeFalsy();
    const text = (result.content[0] as { text: string }).text;
    const res = await fetch(`${service.url}/v1/beam/diagram`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(text).toBe(await res.text());
    // the chart writes its peak as 87.8 at 3 m under a (kN.m) title: 19.5 x 6² / 8 = 87.75 kN.m
    expect(text).toContain('87.8 at 3 m');
    expect(text).toContain('(kN.m)');
    expect(text).toContain('Combination AS1170-ULS-2: 1.2G + 1.5Q (loads factored)');
  });

  it('refuses an envelope without combinations, and an unknown id, with the problem object', async () => {
    const missing = await call('render_frame_diagram', {
      ...frameFixtures().find((f) => f.name === 'portal-fixed-gravity')!.request,
      view: 'moment',
      combination: 'envelope',
    });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ code: 'invalid_input', issues: [{ path: 'combination' }] });
    const unknown = await call('render_truss_diagram', { ...TRIANGLE_TRUSS, combinations: { standard: 'AS1170' }, combination: 'X' });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent).toMatchObject({ code: 'invalid_input', issues: [{ path: 'combination' }] });
  });
});

describe('the JSON-RPC envelope', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };

  it('answers initialize in plain JSON without a session id, stamped with the engine version', async () => {
    const res = await postMcp(service.url, initialize);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('x-engine-version')).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    const body = (await res.json()) as { result: { serverInfo: { name: string }; capabilities: { tools?: object } } };
    expect(body.result.serverInfo.name).toBe('spanwise');
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it('gives malformed JSON and non-JSON-RPC bodies a JSON-RPC parse error, never a 500', async () => {
    for (const body of [
      '{"jsonrpc": "2.0", "id": 1, "method": ',
      '{"hello": "world"}',
      '{"jsonrpc": "1.0", "id": 1, "method": "tools/list"}',
    ]) {
      const res = await postMcp(service.url, body);
      expect(res.status).toBe(400);
      const reply = (await res.json()) as { jsonrpc: string; error: { code: number } };
      expect(reply.jsonrpc).toBe('2.0');
      expect(reply.error.code).toBeLessThan(-32000);
    }
  });

  it('answers an unknown method and an unknown tool with JSON-RPC errors', async () => {
    const method = (await (await postMcp(service.url, { jsonrpc: '2.0', id: 7, method: 'resources/list' })).json()) as {
      id: number;
      error: { code: number };
    };
    expect(method).toMatchObject({ id: 7, error: { code: -32601 } });
    const tool = (await (
      await postMcp(service.url, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'solve_bridge', arguments: {} } })
    ).json()) as { error: { code: number; message: string } };
    expect(tool.error.code).toBe(-32602);
    expect(tool.error.message).toMatch(/solve_beam/);
  });

  it('refuses GET and DELETE with 405 naming POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${service.url}/mcp`, { method, headers: { Accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(((await res.json()) as { code: string }).code).toBe('method_not_allowed');
    }
  });

  it('refuses an unknown Bearer key with 401 before any JSON-RPC', async () => {
    const res = await postMcp(service.url, initialize, { Authorization: 'Bearer sw_live_00000000000000000000000000000000' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('counting', () => {
  it('counts each tools/call, not initialize or tools/list, and a full window is an isError rate_limited', async () => {
    // Two calls a day for anonymous callers: the third is refused (a day, not a minute, which could roll over mid-test).
    const tight = await startService({ ...TIERS, anonymous: { burst: 1000, day: 2, month: 1000 } });
    try {
      const list = await postMcp(tight.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(list.status).toBe(200);
      expect(list.headers.get('x-ratelimit-limit')).toBeNull();
      const callBeam = (id: number) =>
        postMcp(tight.url, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'solve_beam', arguments: SIMPLE_UDL } });

      const first = await callBeam(2);
      // The most constraining of day (2) and month (1000) after one call: the day, 1 left.
      expect(first.headers.get('x-ratelimit-window')).toBe('day');
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect(((await first.json()) as { result: CallToolResult }).result.isError).toBeFalsy();

      const second = await callBeam(3);
      expect(second.headers.get('x-ratelimit-remaining')).toBe('0');

      const third = await callBeam(4);
      expect(third.status).toBe(200);
      expect(third.headers.get('x-ratelimit-window')).toBe('day');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      const refused = ((await third.json()) as { result: CallToolResult }).result;
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ code: 'rate_limited', status: 429 });
    } finally {
      await tight.close();
    }
  });
});

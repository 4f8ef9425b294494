/**
 * What an agent pays in context (issue 35): the byte sizes of tools/list and of the solve tools' default answers,
 * measured on the wire of the running service, printed and bounded; the full answer still there on request and
 * equal to the HTTP body; every listed schema accepted by the SDK client and by a strict JSON Schema validator,
 * and every tool's worked example accepted by the tool.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { withoutTiming } from '../support/app.js';
import { README_BEAM } from '../support/models.js';
import { frameSolveExamples } from '../../ts/openapi/examples.js';
import { postMcp, serviceForFile } from './service.js';

const running = serviceForFile();

/** The bytes of one JSON-RPC answer as the service sends it, and the answer. */
async function wire(method: string, params?: unknown): Promise<{ bytes: number; result: Record<string, unknown> }> {
  const res = await postMcp(running.service.url, { jsonrpc: '2.0', id: 1, method, ...(params !== undefined && { params }) });
  const text = await res.text();
  return { bytes: Buffer.byteLength(text), result: (JSON.parse(text) as { result: Record<string, unknown> }).result };
}

const callTool = (name: string, args: unknown) => wire('tools/call', { name, arguments: args });

/** The portal of the OpenAPI examples in dead, live and wind load with the AS1170 combinations. */
const PORTAL_AS1170 = frameSolveExamples.gravityAndWind!.value as Record<string, unknown>;

describe('tools/list', () => {
  it('is under 20 KB, and every tool has a schema a strict validator compiles and a worked example', async () => {
    const { bytes, result } = await wire('tools/list');
    console.log(`tools/list: ${bytes} bytes`);
    expect(bytes).toBeLessThan(20_000);
    const tools = result.tools as { name: string; description: string; inputSchema: object }[];
    expect(tools).toHaveLength(9);
    const strict = new Ajv2020({ strict: true, allErrors: true });
    for (const tool of tools) {
      expect(() => strict.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(tool.description, tool.name).toMatch(/Example/);
    }
    // the SDK client reads the same list (it checks each entry against the protocol's Tool schema)
    expect((await running.client.listTools()).tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
  });

  it("every tool's worked example, taken from its description, is accepted; a render tool's draws the figure", async () => {
    const { tools } = await running.client.listTools();
    const description = (name: string) => tools.find((t) => t.name === name)!.description!;
    /** The JSON object of a description's example: from its first `{"` to the last `}`. */
    const exampleOf = (text: string) => JSON.parse(text.slice(text.indexOf('{"'), text.lastIndexOf('}') + 1)) as Record<string, unknown>;
    for (const name of ['solve_beam', 'solve_truss', 'solve_frame', 'section_properties', 'get_section', 'search_sections']) {
      const result = (await running.client.callTool({ name, arguments: exampleOf(description(name)) })) as CallToolResult;
      expect(result.isError, name).toBeFalsy();
    }
    for (const kind of ['beam', 'truss', 'frame']) {
      // "the solve_<kind> example plus {...}"
      const args = { ...exampleOf(description(`solve_${kind}`)), ...exampleOf(description(`render_${kind}_diagram`)) };
      const result = (await running.client.callTool({ name: `render_${kind}_diagram`, arguments: args })) as CallToolResult;
      expect(result.content[0], kind).toMatchObject({ type: 'image', mimeType: 'image/png' });
    }
  });
});

describe('solve answers', () => {
  it("solve_beam answers README's beam in under 1.5 KB, with the hand results in its summary", async () => {
    const { bytes, result } = await callTool('solve_beam', README_BEAM);
    console.log(`solve_beam, README beam, default output: ${bytes} bytes`);
    expect(bytes).toBeLessThan(1_500);
    const body = result.structuredContent as Record<string, unknown>;
    expect(body.diagrams).toBeUndefined();
    const text = (result.content as { text: string }[])[0]!.text;
    // R = wL/2 = 30 kN each end; M = wL²/8 = 45 kN.m at 3 m
    expect(text).toContain('pin 0 m: 30 kN; roller 6 m: 30 kN');
    expect(text).toContain('moment (sagging +) 45 at 3 m');
    expect(text).toMatch(/Equilibrium residual \d/);
    // the link once, in the structured answer, which the text points to
    expect(text).toContain('Calculator: links.view');
    expect((body.links as { view: string }).view).toMatch(/^http:\/\/localhost:3000\/calculator\/beam\?model=/);
  });

  it('solve_frame answers the portal with AS1170 combinations in under 6 KB: the envelope alone, naming the governing combinations', async () => {
    const { bytes, result } = await callTool('solve_frame', PORTAL_AS1170);
    console.log(`solve_frame, portal with AS1170 combinations, default output: ${bytes} bytes`);
    expect(bytes).toBeLessThan(6_000);
    const body = result.structuredContent as Record<string, unknown> & { envelope: { combinations: object[] } };
    // output.combinations "envelope": no unfactored analysis, each combination by id, name and kind
    expect(Object.keys(body)).toEqual(['envelope', 'meta', 'links']);
    // AS1170 office with G, Q and W present: combinations.md 1 gives 5 ULS and 3 SLS rows
    expect(body.envelope.combinations).toHaveLength(8);
    expect(body.envelope.combinations[1]).toEqual({ id: 'AS1170-ULS-2', name: '1.2G + 1.5Q', kind: 'ULS' });
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text).toContain('Frame of 3 members, SI units.\nEnvelope AS1170 over 5 ULS and 3 SLS combinations:');
    // AS1170-ULS-2 puts the most gravity load on the 6 m beam, 1.2 x 5 + 1.5 x 3 = 10.5 kN/m, symmetric and so without
    // sway: midspan sagging plus end hogging is the free moment wL²/8 = 47.25 kN.m; slope-deflection with equal I,
    // h = 4 m and L = 6 m (axial strain ignored) splits it into wL²/16 = 23.625 at each
    const beam = (body.envelope as unknown as { uls: { members: { moment: Record<string, { value: number; position: number }> }[] } }).uls
      .members[1]!.moment;
    expect(beam.maxSagging!.position).toBe(3);
    expect(beam.maxSagging!.value - beam.maxHogging!.value).toBeCloseTo(47.25, 3);
    expect(beam.maxSagging!.value).toBeCloseTo(23.625, 1);
    expect(text).toContain(`ULS moment member 2 ${beam.maxSagging!.value} at 3 m (AS1170-ULS-2)`);
  });

  it('gives the full answer with output {diagrams: true, precision: 15, combinations: "detail"}, equal to the HTTP body', async () => {
    for (const [tool, path, model] of [
      ['solve_beam', '/v1/beam/solve', README_BEAM],
      ['solve_frame', '/v1/frame/solve', PORTAL_AS1170],
    ] as const) {
      const full = await callTool(tool, { ...model, output: { diagrams: true, precision: 15, combinations: 'detail' } });
      const http = await fetch(`${running.service.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(model),
      });
      const compact = await callTool(tool, model);
      console.log(`${tool}: full answer ${full.bytes} bytes, default ${compact.bytes} bytes`);
      expect(withoutTiming(full.result.structuredContent)).toEqual(withoutTiming(await http.json()));
    }
  });
});

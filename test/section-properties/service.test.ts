/**
 * The section figure, the MCP tool and the counting of both routes, against the running service.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIERS } from '../../ts/limits/tiers.js';
import { listedSchema } from '../../ts/mcp/tool-schema.js';
import { SectionPropertiesRequest } from '../../ts/schema/section-properties.js';
import { ROUTES } from '../../ts/server/routes/table.js';
import { connectClient, startService, type RunningService } from '../mcp/service.js';

// flange 200 x 20 on a stem 10 x 180: A = 5800 mm², equal-area axis y = 200 − 2900/200 = 185.5
const TEE = {
  shapes: [
    { type: 'rectangle', x: 0, y: 180, width: 200, height: 20 },
    { type: 'rectangle', x: 95, y: 0, width: 10, height: 180 },
  ],
};

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

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /v1/section-properties/diagram', () => {
  it('draws the outline with its voids, the centroid, both pairs of axes and the extents, then the attribution', async () => {
    const body = { ...TEE, shapes: [...TEE.shapes, { type: 'circle', x: 100, y: 90, diameter: 6, void: true }], width: 700, height: 500 };
    const res = await post(service.url, '/v1/section-properties/diagram', body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg[^>]* width="700" height="500"/);
    for (const layer of ['material', 'axes', 'centroid', 'extents', 'caption']) expect(svg).toContain(`id="spanwise-${layer}"`);
    // the hole is an arc drawn the other way round inside the material's one path
    expect(svg).toMatch(/<path d="M[^"]*A([\d.]+) \1 0 0 0 [^"]*"/);
    // the area with its unit as a power (issue 37): in the title as text, in the caption as a raised digit
    expect(svg).toContain('<title id="spanwise-title">Section: A = 5772 mm\u00b2 ');
    expect(svg).toContain('A = 5772 mm<tspan baseline-shift="super" font-size="70%">2</tspan>');
    expect(svg).toContain('PNA y = 186 mm');
    expect(svg).toContain('x 0 mm to 200 mm');
    expect(svg.trimEnd().split('\n').at(-1)).toBe('<!-- Computed by Spanwise - http://localhost:3000 -->');
  });

  it('refuses what the properties refuse, with the same paths', async () => {
    const res = await post(service.url, '/v1/section-properties/diagram', {
      shapes: [
        {
          type: 'polygon',
          points: [
            [0, 0],
            [1, 1],
            [2, 2],
          ],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['shapes.0.points']);
  });
});

describe('the MCP tool section_properties', () => {
  it('takes the HTTP body as its input schema and answers the HTTP body', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'section_properties')!;
    expect(tool.inputSchema).toEqual(listedSchema(SectionPropertiesRequest));
    const result = (await client.callTool({ name: 'section_properties', arguments: TEE })) as CallToolResult;
    const content = result.structuredContent as { area: number; Sx: number; plasticNeutralAxis: { y: number } };
    expect(content.area).toBe(5800);
    expect(content.plasticNeutralAxis.y).toBeCloseTo(185.5, 12);
    const http = (await (await post(service.url, '/v1/section-properties', TEE)).json()) as { Sx: number };
    expect(content.Sx).toBe(http.Sx);
  });

  it('answers a faulty section with isError and the problem object', async () => {
    const result = (await client.callTool({
      name: 'section_properties',
      arguments: { shapes: [TEE.shapes[0], { ...TEE.shapes[1], x: 500, void: true }] },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['shapes.1']);
  });
});

describe('counting', () => {
  it('counts both section-properties routes', () => {
    const access = (path: string) => ROUTES.find((r) => r.path === path)?.access;
    expect(access('/v1/section-properties')).toBe('counted');
    expect(access('/v1/section-properties/diagram')).toBe('counted');
  });

  it('refuses the second figure of a day when the cap is one', async () => {
    const tight = await startService({ ...TIERS, anonymous: { burst: 1000, day: 1, month: 1000 } });
    try {
      expect((await post(tight.url, '/v1/section-properties', TEE)).status).toBe(200);
      const second = await post(tight.url, '/v1/section-properties/diagram', TEE);
      expect(second.status).toBe(429);
    } finally {
      await tight.close();
    }
  });
});

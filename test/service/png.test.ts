/**
 * Figures as PNG (decisions.md 23): the diagram routes answer image/png when Accept prefers it, at the requested
 * size, not blank, the same bytes for the same request; the text is drawn with the repository's own fonts; the
 * MCP render tools return the same PNG as image content.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { rasterise } from '../../ts/server/png.js';
import { serviceForFile } from '../mcp/service.js';
import { PORTAL_FRAME, SIMPLE_BEAM, TRIANGLE_TRUSS } from '../support/models.js';

const running = serviceForFile();

async function post(path: string, body: unknown, accept?: string): Promise<Response> {
  return fetch(`${running.service.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(accept !== undefined && { Accept: accept }) },
    body: JSON.stringify(body),
  });
}

/** How many pixels differ from the top-left one (the figure's background), and how many colours there are. */
function inked(png: Uint8Array): { width: number; height: number; inked: number; colours: number } {
  const image = decode(png);
  const data = image.data;
  const step = image.channels;
  const background = Array.from(data.subarray(0, step)).join(',');
  const colours = new Set<string>();
  let count = 0;
  for (let k = 0; k < data.length; k += step) {
    const pixel = Array.from(data.subarray(k, k + step)).join(',');
    colours.add(pixel);
    if (pixel !== background) count++;
  }
  return { width: image.width, height: image.height, inked: count, colours: colours.size };
}

const MOMENT_CHART = { ...SIMPLE_BEAM, view: 'moment', width: 640, height: 320 };

describe('Accept: image/png on the diagram routes', () => {
  it('rasterises the beam figure at the requested size, not blank, the same bytes each time', async () => {
    const first = await post('/v1/beam/diagram', MOMENT_CHART, 'image/png');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('vary')).toMatch(/Accept/);
    const bytes = new Uint8Array(await first.arrayBuffer());
    const seen = inked(bytes);
    expect([seen.width, seen.height]).toEqual([640, 320]);
    // a chart: axes, curve, labels in several colours over a fifth or more of the figure's pixels... at least 1%
    expect(seen.colours).toBeGreaterThan(10);
    expect(seen.inked).toBeGreaterThan(0.01 * 640 * 320);
    const again = new Uint8Array(await (await post('/v1/beam/diagram', MOMENT_CHART, 'image/png')).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it('answers SVG unless PNG is preferred', async () => {
    for (const [accept, type] of [
      [undefined, 'image/svg+xml'],
      ['*/*', 'image/svg+xml'],
      ['image/svg+xml, image/png;q=0.5', 'image/svg+xml'],
      ['image/png, image/svg+xml;q=0.9', 'image/png'],
      ['image/*;q=0.5, image/png', 'image/png'],
    ] as const) {
      const res = await post('/v1/beam/diagram', MOMENT_CHART, accept);
      expect(res.headers.get('content-type')?.split(';')[0], String(accept)).toBe(type);
    }
  });

  it('rasterises the truss, frame and section figures at their sizes', async () => {
    const cases = [
      ['/v1/truss/diagram', { ...TRIANGLE_TRUSS, width: 500, height: 400 }, [500, 400]],
      ['/v1/frame/diagram', { ...PORTAL_FRAME, view: 'moment', width: 700, height: 500 }, [700, 500]],
      [
        '/v1/section-properties/diagram',
        { shapes: [{ type: 'rectangle', x: 0, y: 0, width: 100, height: 200 }], width: 450, height: 450 },
        [450, 450],
      ],
    ] as const;
    for (const [path, body, size] of cases) {
      const res = await post(path, body, 'image/png');
      expect(res.status, path).toBe(200);
      const seen = inked(new Uint8Array(await res.arrayBuffer()));
      expect([seen.width, seen.height], path).toEqual(size);
      expect(seen.inked, path).toBeGreaterThan(0.005 * size[0] * size[1]);
    }
  });

  it('still refuses a bad body with the problem object, whatever Accept says', async () => {
    const res = await post('/v1/beam/diagram', { ...MOMENT_CHART, width: 10 }, 'image/png');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('the bundled fonts', () => {
  it('draws text in the font family the figures name, with no system font read', () => {
    const text = (label: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" font-family="Helvetica, Arial, sans-serif">` +
      `<rect width="200" height="60" fill="#fff"/><text x="10" y="40" font-size="24">${label}</text></svg>`;
    // without a font the text would not be drawn at all, and the two figures would be the same blank page
    const drawn = inked(rasterise(text('M = 45 kN.m')));
    expect(drawn.inked).toBeGreaterThan(200);
    expect(inked(rasterise(text(''))).inked).toBe(0);
    const bold = inked(rasterise(text('M = 45 kN.m').replace('font-size="24"', 'font-size="24" font-weight="bold"')));
    expect(bold.inked).toBeGreaterThan(drawn.inked);
  });
});

describe('format: "png" on the MCP render tools', () => {
  it('returns the PNG of the diagram route as image content', async () => {
    const result = (await running.client.callTool({
      name: 'render_beam_diagram',
      arguments: { ...MOMENT_CHART, format: 'png' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const [content] = result.content;
    expect(content).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const bytes = Buffer.from((content as { data: string }).data, 'base64');
    const viaHttp = Buffer.from(await (await post('/v1/beam/diagram', MOMENT_CHART, 'image/png')).arrayBuffer());
    expect(bytes.equals(viaHttp)).toBe(true);
    expect(inked(bytes)).toMatchObject({ width: 640, height: 320 });
  });

  it('each render tool draws PNG, and refuses a format it does not know at its path', async () => {
    for (const [name, args] of [
      ['render_truss_diagram', TRIANGLE_TRUSS],
      ['render_frame_diagram', { ...PORTAL_FRAME, view: 'moment' }],
    ] as const) {
      const result = (await running.client.callTool({ name, arguments: { ...args, format: 'png' } })) as CallToolResult;
      expect(result.content[0], name).toMatchObject({ type: 'image', mimeType: 'image/png' });
    }
    const refused = (await running.client.callTool({
      name: 'render_beam_diagram',
      arguments: { ...SIMPLE_BEAM, format: 'gif' },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ code: 'invalid_input', issues: [{ path: 'format' }] });
  });
});

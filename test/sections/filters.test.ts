/**
 * Property filters and sort=mass on GET /v1/sections (decisions.md 20), in SI and with units=imperial, and the
 * MCP tool search_sections taking the same query schema: "the lightest W section with an elastic modulus of at
 * least 1,500 in3" is one call.
 */
import { join, resolve } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { searchSectionsTool } from '../../ts/mcp/search-sections.js';
import type { ToolContext } from '../../ts/mcp/tool.js';
import { createApp } from '../../ts/server/app.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';

const library = loadSectionLibrary(join(resolve(import.meta.dirname, '..', '..'), 'data', 'sections'));
const server = createApp({ engine: { version: '0.0.0+filterstest0' } as Engine, sections: library, log: () => {} }).callback();
const context = { sections: library } as ToolContext;

interface ListBody {
  total: number;
  count: number;
  sections: { name: string; si: Record<string, number>; imperial: Record<string, number> }[];
}

async function list(query: string): Promise<ListBody> {
  return (await request(server).get(`/v1/sections?${query}`).expect(200)).body as ListBody;
}

describe('property filters', () => {
  it('finds the lightest W section with an elastic modulus of at least 1,500 in3 in one call (route and MCP tool)', async () => {
    // AISC v15.0 W shapes with Sx (AISC's elastic letter, our Zx) >= 1500 in3, by weight: W40X397 (Sx 1560),
    // W40X431 (1690), W36X441 (1650). Every lighter W has a smaller Sx (W44X335: 1410; W40X362: 1420).
    const args = { standard: 'AISC', type: 'W', minZx: 1500, units: 'imperial', sort: 'mass', limit: 3 };
    const tool = await searchSectionsTool.call(args, context);
    expect(tool.kind).toBe('json');
    const body = (tool as unknown as { body: ListBody }).body;
    expect(body.sections.map((s) => s.name)).toEqual(['W40X397', 'W40X431', 'W36X441']);
    expect(body.sections[0]?.imperial).toMatchObject({ weight: 397, Zx: 1560 });
    const viaHttp = await list('standard=AISC&type=W&minZx=1500&units=imperial&sort=mass&limit=3');
    expect(viaHttp).toEqual(body);
  });

  it('minSx is the plastic modulus (AISC Zx): W44X335 is the lightest W with at least 1,500 in3', async () => {
    // AISC prints W44X335 Zx = 1620 in3 (plastic); the next lighter W with Zx >= 1500 does not exist:
    // W40X331 has Zx 1430 in3.
    const body = await list('standard=AISC&type=W&minSx=1500&units=imperial&sort=mass&limit=1');
    expect(body.sections[0]).toMatchObject({ name: 'W44X335', imperial: { Sx: 1620, weight: 335 } });
  });

  it('takes SI values by default, and the same bounds in SI and imperial give the same list', async () => {
    // 1500 in3 x 16387.064 mm3/in3 = 24,580,596 mm3 (25.4^3 = 16387.064 exactly).
    const si = await list('standard=AISC&type=W&minZx=24580596&sort=mass&limit=3');
    const imperial = await list('standard=AISC&type=W&minZx=1500&units=imperial&sort=mass&limit=3');
    expect(si).toEqual(imperial);
  });

  it('combines minimum and maximum bounds, all of which must hold', async () => {
    // UB sections of BS 4 with Ix >= 29,400 cm4 (UB 457x191x67 exactly) and at most 67.1 kg/m: only it.
    const body = await list('standard=BS4&type=UB&minIx=294000000&maxMass=67.1&limit=500');
    expect(body.sections.map((s) => s.name)).toEqual(['UB 457x191x67']);
    for (const s of (await list('standard=EN10365&minIx=1e8&maxMass=80&limit=500')).sections) {
      expect(s.si.Ix).toBeGreaterThanOrEqual(1e8);
      expect(s.si.mass).toBeLessThanOrEqual(80);
    }
  });

  it('leaves out a section that lacks a filtered property', async () => {
    // JIS H rows publish no plastic modulus: any minSx leaves none of them.
    expect((await list('standard=JIS&minSx=1')).total).toBe(0);
    expect((await list('standard=JIS&minZx=1')).total).toBe(80);
  });

  it('answers 400 invalid_input at the parameter for a bound that is not a non-negative number', async () => {
    for (const [query, path] of [
      ['minIx=abc', 'query.minIx'],
      ['maxMass=-1', 'query.maxMass'],
      ['minZx=1e999', 'query.minZx'],
      ['units=metric', 'query.units'],
    ]) {
      const res = await request(server).get(`/v1/sections?${query}`).expect(400);
      expect(res.body.code, query).toBe('invalid_input');
      expect(
        res.body.issues.map((i: { path: string }) => i.path),
        query,
      ).toContain(path);
    }
  });
});

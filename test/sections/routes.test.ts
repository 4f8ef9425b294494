/**
 * GET /v1/standards, /v1/sections and /v1/sections/{name} through Koa with supertest: every query parameter
 * and error, the did-you-mean 404, URL-encoded names, ETag and 304.
 */
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SectionLibrary } from '../../ts/sections/index.js';
import type { Engine } from '../../ts/engine/engine.js';
import { notFoundDetail } from '../../ts/sections/index.js';
import { createApp } from '../../ts/server/app.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';
import { SECTION_FILE_UNITS } from '../../ts/sections/types.js';

const library = loadSectionLibrary(join(resolve(import.meta.dirname, '..', '..'), 'data', 'sections'));

// The library routes never reach the engine; the app only reads its version string.
const engine = { version: '0.0.0+sectionstest0' } as Engine;

/** The routes as the service serves them (createApp: its router, problem+json and 404/405), with `lib`. */
function app(lib: SectionLibrary = library): ReturnType<Koa['callback']> {
  return createApp({ engine, sections: lib, log: () => {} }).callback();
}
const server = app();

describe('GET /v1/standards', () => {
  it('lists the six standards with editions, type counts, total and coverage', async () => {
    const res = await request(server).get('/v1/standards').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.total).toBe(3785);
    expect(res.body.coverage).toMatch(/IS 4923 SHS and RHS/);
    expect(res.body.standards.map((s: { id: string }) => s.id)).toEqual(['AS4100', 'AISC', 'EN10365', 'BS4', 'JIS', 'IS808']);
    // Editions of interface-spec.md, "Steel section library".
    expect(res.body.standards.map((s: { edition: string }) => s.edition)).toEqual([
      'AS/NZS 3679.1:2016 and AS/NZS 3679.2:2016',
      'AISC Shapes Database v15.0',
      'EN 10365:2017',
      'BS 4-1:2005',
      'JIS G 3192',
      'IS 808:1989 with Amendment 1',
    ]);
    expect(res.body.standards[3].types).toEqual([
      { type: 'UB', count: 91, description: 'Universal beams' },
      { type: 'UC', count: 41, description: 'Universal columns' },
    ]);
  });

  it('rejects query parameters', async () => {
    const res = await request(server).get('/v1/standards?x=1').expect(400);
    expect(res.body.issues).toEqual([{ path: 'query.x', message: 'is not a known property' }]);
  });
});

describe('GET /v1/sections', () => {
  it('defaults to 50 sections with total = matches before the limit', async () => {
    const res = await request(server).get('/v1/sections').expect(200);
    expect(res.body.total).toBe(3785);
    expect(res.body.count).toBe(50);
    expect(res.body.sections).toHaveLength(50);
    expect(Object.keys(res.body.sections[0])).toEqual(['name', 'standard', 'type', 'edition', 'si', 'imperial']);
  });

  it('filters by standard case-insensitively, by type and by designation substring', async () => {
    const bs = await request(server).get('/v1/sections?standard=bs4&type=uc&limit=500').expect(200);
    expect(bs.body.total).toBe(41);
    expect(bs.body.sections.every((s: { standard: string; type: string }) => s.standard === 'BS4' && s.type === 'UC')).toBe(true);
    const q = await request(server).get('/v1/sections').query({ q: 'w14x9', standard: 'AISC' }).expect(200);
    // W14X90 and W14X99 are the AISC designations containing "w14x9": in natural order, then in the table's
    expect(q.body.sections.map((s: { name: string }) => s.name)).toEqual(['W14X90', 'W14X99']);
    const published = await request(server).get('/v1/sections').query({ q: 'w14x9', standard: 'AISC', sort: 'library' }).expect(200);
    expect(published.body.sections.map((s: { name: string }) => s.name)).toEqual(['W14X99', 'W14X90']);
    const spaced = await request(server).get('/v1/sections').query({ q: 'ismb 30' }).expect(200);
    expect(spaced.body.sections.map((s: { name: string }) => s.name)).toEqual(['ISMB 300']);
  });

  it('honours limit 1 and 500 and reports the total', async () => {
    const one = await request(server).get('/v1/sections?standard=AISC&limit=1').expect(200);
    expect([one.body.total, one.body.count]).toEqual([2091, 1]);
    const max = await request(server).get('/v1/sections?limit=500').expect(200);
    expect(max.body.count).toBe(500);
  });

  it('answers 400 with issues[] for each bad value', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'query.limit'],
      ['limit=501', 'query.limit'],
      ['limit=1.5', 'query.limit'],
      ['limit=abc', 'query.limit'],
      ['limit=-1', 'query.limit'],
      ['standard=ASTM', 'query.standard'],
      ['type=XYZ', 'query.type'],
      [`q=${'x'.repeat(65)}`, 'query.q'],
      ['limit=5&limit=6', 'query.limit'],
      ['page=2', 'query.page'],
    ];
    for (const [query, path] of cases) {
      const res = await request(server).get(`/v1/sections?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('invalid_input');
      expect(
        res.body.issues.map((i: { path: string }) => i.path),
        query,
      ).toEqual([path]);
    }
  });

  it('lists every problem of one request', async () => {
    const res = await request(server).get('/v1/sections?standard=x&limit=9999&type=nope').expect(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['query.standard', 'query.type', 'query.limit']);
  });
});

describe('GET /v1/sections/{name}', () => {
  it('returns the record with SI and imperial blocks', async () => {
    const res = await request(server).get('/v1/sections/W14X90').expect(200);
    // AISC v15.0: W14X90 A 26.5 in2, Ix 999 in4, Iy 362 in4, 90 lb/ft.
    expect(res.body).toMatchObject({
      name: 'W14X90',
      standard: 'AISC',
      type: 'W',
      edition: 'AISC Shapes Database v15.0',
      imperial: { A: 26.5, Ix: 999, Iy: 362, weight: 90, d: 14, bf: 14.5 },
    });
    expect(res.body.si.A).toBeCloseTo(17096.74, 6);
  });

  it('accepts URL-encoded spaces and slashes, and an unencoded slash', async () => {
    expect((await request(server).get('/v1/sections/UB%20457x191x67').expect(200)).body.name).toBe('UB 457x191x67');
    expect((await request(server).get('/v1/sections/L4X4X1%2F2').expect(200)).body.name).toBe('L4X4X1/2');
    expect((await request(server).get('/v1/sections/L4X4X1/2').expect(200)).body.name).toBe('L4X4X1/2');
    expect((await request(server).get('/v1/sections/ISHB%20150%20%40%2030.6').expect(200)).body.name).toBe('ISHB 150 @ 30.6');
  });

  it('matches ignoring case and spaces, and takes ?standard=', async () => {
    expect((await request(server).get('/v1/sections/ub457x191x67').expect(200)).body.name).toBe('UB 457x191x67');
    expect((await request(server).get('/v1/sections/ismb300?standard=is808').expect(200)).body.si.mass).toBe(44.2);
    await request(server).get('/v1/sections/ismb300?standard=AISC').expect(404);
    const bad = await request(server).get('/v1/sections/ismb300?standard=nope').expect(400);
    expect(bad.body.issues[0].path).toBe('query.standard');
    const extra = await request(server).get('/v1/sections/ismb300?limit=3').expect(400);
    expect(extra.body.issues[0].path).toBe('query.limit');
  });

  it('answers 404 not_found with up to three did-you-mean suggestions', async () => {
    const res = await request(server).get('/v1/sections/W14X91').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('not_found');
    expect(res.body.detail).toMatch(/^No section named "W14X91"\. Did you mean "W14X99", "W14X90" or "[^"]+"\?$/);
    const scoped = await request(server).get('/v1/sections/ISMB%20301?standard=IS808').expect(404);
    expect(scoped.body.detail).toMatch(/^No section named "ISMB 301"\. Did you mean "ISMB 300"/);
  });

  it('says which other standards share a designation when no ?standard= is given', async () => {
    // Made-up rows to exercise the rule; no two standards of the real data share a normalised designation.
    const row = (standard: 'EN10365' | 'BS4', A: number) => ({
      designation: 'HE 200',
      standard,
      type: standard === 'EN10365' ? 'HEB' : 'UC',
      A,
      Ix: 2,
      Iy: 1,
      mass: A * 7.85e-3,
      source: 's',
    });
    const file = (standard: 'EN10365' | 'BS4', A: number) => ({
      standard,
      units: SECTION_FILE_UNITS,
      sources: { s: { repository: 'r', commit: 'c', path: 'p', licence: 'l' } },
      sections: [row(standard, A)],
    });
    const shared = app(new SectionLibrary([file('BS4', 2000), file('EN10365', 1000)]));
    const first = await request(shared).get('/v1/sections/HE%20200').expect(200);
    expect(first.body).toMatchObject({ standard: 'EN10365', si: { A: 1000 }, alsoIn: ['BS4'] });
    expect(first.body.note).toMatch(/\?standard=/);
    const chosen = await request(shared).get('/v1/sections/he200?standard=bs4').expect(200);
    expect(chosen.body.standard).toBe('BS4');
    expect(chosen.body.alsoIn).toBeUndefined();
  });

  it('words the suggestion for one, two and three names', () => {
    expect(notFoundDetail('X', ['A'])).toBe('No section named "X". Did you mean "A"?');
    expect(notFoundDetail('X', ['A', 'B'])).toBe('No section named "X". Did you mean "A" or "B"?');
    expect(notFoundDetail('X', ['A', 'B', 'C'])).toBe('No section named "X". Did you mean "A", "B" or "C"?');
    expect(notFoundDetail('X', [])).toBe('No section named "X".');
  });
});

describe('ETag and 304', () => {
  it('sends a strong ETag that is the sha256 of the body bytes', async () => {
    for (const path of ['/v1/standards', '/v1/sections?standard=JIS&limit=3', '/v1/sections/IPE300']) {
      const res = await request(server).get(path).expect(200);
      const digest = createHash('sha256').update(res.text, 'utf8').digest('base64url');
      expect(res.headers.etag, path).toBe(`"${digest}"`);
    }
  });

  it('answers 304 with no body when If-None-Match matches, and 200 when it does not', async () => {
    for (const path of ['/v1/standards', '/v1/sections?type=HEB', '/v1/sections/HEB200']) {
      const first = await request(server).get(path).expect(200);
      const etag = first.headers.etag as string;
      const again = await request(server).get(path).set('If-None-Match', etag).expect(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);
      await request(server).get(path).set('If-None-Match', `"other", ${etag}`).expect(304);
      await request(server).get(path).set('If-None-Match', '"other"').expect(200);
    }
  });

  it('gives equal queries one ETag and different results different ones', async () => {
    const a = await request(server).get('/v1/sections?standard=BS4&type=UB&limit=3');
    const b = await request(server).get('/v1/sections?type=ub&limit=3&standard=bs4');
    const c = await request(server).get('/v1/sections?standard=BS4&type=UB&limit=4');
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.text).toBe(b.text);
    expect(c.headers.etag).not.toBe(a.headers.etag);
  });

  it("compares If-None-Match weakly, as RFC 9110 asks (Koa's ctx.fresh)", async () => {
    const etag = (await request(server).get('/v1/sections/IPE300').expect(200)).headers.etag as string;
    await request(server).get('/v1/sections/IPE300').set('If-None-Match', `W/${etag}`).expect(304);
    await request(server).get('/v1/sections/IPE300').set('If-None-Match', '*').expect(304);
    await request(server).get('/v1/sections/IPE300').set('If-None-Match', '"abd"').expect(200);
    await request(server).get('/v1/sections/IPE300').set('If-None-Match', '').expect(200);
  });
});

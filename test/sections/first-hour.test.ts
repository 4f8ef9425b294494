/**
 * Issue 15, stumble 8, over HTTP: search results in natural order with a `sort` option, the common
 * alternative spellings, which axis is which, and imperial values to the precision the source publishes.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

let server: ReturnType<Koa['callback']>;
beforeAll(async () => {
  server = (await testApp()).callback();
});

const names = (res: request.Response) => (res.body.sections as { name: string }[]).map((s) => s.name);

describe('search order', () => {
  it('q=W14 lists lightest first (W14X22 before W14X873), not the table order (heaviest first)', async () => {
    const res = await request(server).get('/v1/sections').query({ q: 'W14', standard: 'AISC', limit: 500 }).expect(200);
    const list = names(res);
    // AISC v15.0 W14 series: W14X22 is the lightest, W14X873 the heaviest
    expect(list[0]).toBe('W14X22');
    expect(list.at(-1)).toBe('W14X873');
    expect(list.indexOf('W14X90')).toBeLessThan(list.indexOf('W14X99'));
    const library = await request(server)
      .get('/v1/sections')
      .query({ q: 'W14', standard: 'AISC', limit: 500, sort: 'library' })
      .expect(200);
    expect(names(library)[0]).toBe('W14X873');
  });

  it('natural order reads the numbers as numbers: IPE80 before IPE100', async () => {
    const res = await request(server).get('/v1/sections').query({ type: 'IPE', limit: 3 }).expect(200);
    expect(names(res)).toEqual(['IPE80', 'IPE100', 'IPE120']);
  });

  it('sort=mass lists lightest first across types', async () => {
    const res = await request(server).get('/v1/sections').query({ standard: 'EN10365', sort: 'mass', limit: 500 }).expect(200);
    const masses = (res.body.sections as { si: { mass: number } }[]).map((s) => s.si.mass);
    expect(masses).toEqual([...masses].sort((a, b) => a - b));
  });

  it('an unknown sort is a 400 naming query.sort', async () => {
    const res = await request(server).get('/v1/sections').query({ sort: 'heaviest' }).expect(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain('query.sort');
  });
});

describe('spellings', () => {
  it.each([
    ['HE 300 A', 'HEA300'],
    ['HE300B', 'HEB300'],
    ['he 300 m', 'HEM300'],
    ['UB 457×191×67', 'UB 457x191x67'],
    // AISC Shapes Database v15.0 SI edition: W360X134 is the metric name of W14X90
    ['W360X134', 'W14X90'],
    ['w 360 x 134', 'W14X90'],
    ['L102X102X12.7', 'L4X4X1/2'],
  ])('%s is %s', async (asked, published) => {
    const res = await request(server)
      .get(`/v1/sections/${encodeURIComponent(asked)}`)
      .expect(200);
    expect(res.body.name).toBe(published);
  });
});

describe('axes', () => {
  it('the standards listing says which axis Ix is in each standard', async () => {
    const res = await request(server).get('/v1/standards').expect(200);
    const axes = Object.fromEntries((res.body.standards as { id: string; axes: string }[]).map((s) => [s.id, s.axes]));
    expect(Object.keys(axes)).toHaveLength(6);
    expect(axes.EN10365).toContain("A European table's Iy is this record's Ix");
    expect(axes.BS4).toContain('y-y');
    for (const text of Object.values(axes)) expect(text).toMatch(/^Ix is the major/);
  });

  it("IPE300's Ix is the EN table's Iy (major axis, 8356 cm4)", async () => {
    // EN 10365 / ArcelorMittal: IPE 300 Iy = 8356 cm4 (major), Iz = 603.8 cm4 (minor)
    const res = await request(server).get('/v1/sections/IPE300').expect(200);
    expect(res.body.si.Ix).toBeCloseTo(8356e4, -3);
    expect(res.body.si.Iy).toBeCloseTo(603.8e4, -3);
  });
});

describe('imperial precision', () => {
  it('rounds to the figures the source publishes', async () => {
    // BS 4 UB 457x191x67: A 85.5 cm2 (3 figures) = 8550 mm2 = 13.2527 in2 -> 13.3
    const ub = await request(server).get('/v1/sections/UB 457x191x67').expect(200);
    expect(ub.body.imperial.A).toBe(13.3);
    // AISC W14X90 comes back exactly as published: 26.5 in2, 999 in4
    const w = await request(server).get('/v1/sections/W14X90').expect(200);
    expect(w.body.imperial).toMatchObject({ A: 26.5, Ix: 999, weight: 90 });
  });
});

/**
 * POST /v1/frame/diagram: every view of a golden portal answers SVG with the attribution last, labels the
 * fixture's closed-form values, and refuses a view that is not a frame's.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRAME_VIEWS } from '../../ts/schema/diagram.js';
import { testApp } from '../support/app.js';
import { labelsOf, svgText } from '../svg/labels-of.js';
import { frameFixtures } from './fixtures.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

// portal-fixed-gravity: 1 kN/m on the 6 m beam of a fixed-base portal, k = 2/3: corner moments
// wL²/(6(k + 2)) = 2.25 kN.m (hogging), vertical reactions wL/2 = 3 kN. (The base moments, wL²/(12(k + 2)) = 1.125
// kN.m, sit on a three-figure rounding edge: the engine's 1.1249994, with finite axial stiffness, prints 1.12.)
const portal = frameFixtures().find((f) => f.name === 'portal-fixed-gravity')!.request;
const draw = (body: object) => request(app.callback()).post('/v1/frame/diagram').send(body);

describe('POST /v1/frame/diagram', () => {
  for (const view of FRAME_VIEWS) {
    it(`${view}: SVG of the default size with the attribution last`, async () => {
      const res = await draw({ ...portal, view });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const text = svgText(res);
      expect(text).toMatch(/<svg[^>]* width="860" height="420"/);
      expect(text.trimEnd().split('\n').at(-1)).toMatch(/^<!-- Computed by Spanwise/);
    });
  }

  it('labels the closed-form moments and reactions', async () => {
    const moment = labelsOf(svgText(await draw({ ...portal, view: 'moment' })));
    expect(moment).toEqual(expect.arrayContaining(['-2.25 kN.m', '1.12 kN.m']));
    expect(labelsOf(svgText(await draw({ ...portal, view: 'results' })))).toEqual(expect.arrayContaining(['3 kN', '1.12 kN.m']));
  });

  it('refuses a view that is not a frame view, with its path', async () => {
    const res = await draw({ ...portal, view: 'setup' });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['view']);
  });
});

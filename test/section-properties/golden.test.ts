/**
 * Section properties through the service against closed forms (1e-6 relative, or exact where the
 * arithmetic is). Each expected value is written as its formula; the comment says where it comes from.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { MM_PER_IN } from '../../ts/units/constants.js';
import { expectClose, testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const measure = async (body: unknown) =>
  (
    await request(app.callback())
      .post('/v1/section-properties')
      .send(body as object)
      .expect(200)
  ).body;

const rectangle = (x: number, y: number, width: number, height: number, extra: object = {}) => ({
  type: 'rectangle',
  x,
  y,
  width,
  height,
  ...extra,
});

describe('closed forms', () => {
  it('a rectangle: A = bh, I = bh³/12, Z = bh²/6, S = bh²/4, axes through the middle', async () => {
    const [b, h] = [100, 200];
    const s = await measure({ shapes: [rectangle(10, 20, b, h)] });
    expect(s.area).toBe(b * h);
    expect(s.centroid).toEqual({ x: 60, y: 120 });
    expectClose(s.Ix, (b * h ** 3) / 12);
    expectClose(s.Iy, (h * b ** 3) / 12);
    expect(s.Ixy).toBe(0);
    expect(s.principal.angle).toBe(0);
    expectClose(s.principal.I1, (b * h ** 3) / 12);
    expectClose(s.rx, h / Math.sqrt(12));
    expectClose(s.Zx, (b * h * h) / 6);
    expectClose(s.elasticModuli.xTop, (b * h * h) / 6);
    expectClose(s.elasticModuli.yLeft, (h * b * b) / 6);
    expectClose(s.Sx, (b * h * h) / 4);
    expectClose(s.Sy, (h * b * b) / 4);
    expect(s.plasticNeutralAxis).toEqual({ x: 60, y: 120 });
    expect(s.extents).toEqual({ xMin: 10, xMax: 110, yMin: 20, yMax: 220 });
  });

  it('a T: the plastic neutral axis is in the flange, 185.5 from the foot, away from the centroid', async () => {
    // flange 200 x 20 on a stem 10 x 180: half the area (2900) lies above yp = 200 − 2900/200 = 185.5;
    // Sx = 200·14.5²/2 + 200·5.5²/2 + 1800·(185.5 − 90) = 195950; ȳ = (4000·190 + 1800·90)/5800
    const s = await measure({ shapes: [rectangle(0, 180, 200, 20), rectangle(95, 0, 10, 180)] });
    expect(s.area).toBe(5800);
    expectClose(s.centroid.y, (4000 * 190 + 1800 * 90) / 5800, 1e-12);
    expectClose(s.plasticNeutralAxis.y, 185.5, 1e-12);
    expectClose(s.Sx, 195950, 1e-12);
    expect(s.plasticNeutralAxis.y - s.centroid.y).toBeGreaterThan(20);
  });

  it('a circular hollow section is exact: A = π(D² − d²)/4, I = π(D⁴ − d⁴)/64, S = (D³ − d³)/6', async () => {
    const [D, d] = [168.3, 168.3 - 2 * 7.1];
    const s = await measure({
      shapes: [
        { type: 'circle', x: 0, y: 0, diameter: D },
        { type: 'circle', x: 0, y: 0, diameter: d, void: true },
      ],
    });
    expectClose(s.area, (Math.PI * (D * D - d * d)) / 4, 1e-13);
    expectClose(s.Ix, (Math.PI * (D ** 4 - d ** 4)) / 64, 1e-13);
    expectClose(s.Zy, (Math.PI * (D ** 4 - d ** 4)) / 64 / (D / 2), 1e-13);
    expectClose(s.Sx, (D ** 3 - d ** 3) / 6, 1e-12);
    expect(s.centroid).toEqual({ x: 0, y: 0 });
    expect(s.principal.angle).toBe(0);
    expect(s.notes.some((n: string) => n.includes('circle'))).toBe(true);
  });

  it('an unequal angle given as one polygon, either way round: Ixy and the principal angle in degrees', async () => {
    // L 150 x 90 x 10: leg 1 = 10 x 150 at (5, 75), leg 2 = 80 x 10 at (50, 5) beyond the corner.
    // Ixy = Σ A dx dy; tan 2α = −2Ixy/(Ix − Iy), α in degrees from x to the I1 axis.
    const points = [
      [0, 0],
      [90, 0],
      [90, 10],
      [10, 10],
      [10, 150],
      [0, 150],
    ];
    const ccw = await measure({ shapes: [{ type: 'polygon', points }] });
    const cw = await measure({ shapes: [{ type: 'polygon', points: [...points].reverse() }] });
    const parts = [
      [10, 150, 5, 75],
      [80, 10, 50, 5],
    ] as const;
    const a = parts.reduce((s, p) => s + p[0] * p[1], 0);
    const [xc, yc] = [parts.reduce((s, p) => s + p[0] * p[1] * p[2], 0) / a, parts.reduce((s, p) => s + p[0] * p[1] * p[3], 0) / a];
    const ix = parts.reduce((s, p) => s + (p[0] * p[1] ** 3) / 12 + p[0] * p[1] * (p[3] - yc) ** 2, 0);
    const iy = parts.reduce((s, p) => s + (p[1] * p[0] ** 3) / 12 + p[0] * p[1] * (p[2] - xc) ** 2, 0);
    const ixy = parts.reduce((s, p) => s + p[0] * p[1] * (p[2] - xc) * (p[3] - yc), 0);
    for (const s of [ccw, cw]) {
      expect(s.area).toBe(a);
      expectClose(s.Ixy, ixy);
      expectClose(s.principal.I1, (ix + iy) / 2 + Math.hypot((ix - iy) / 2, ixy));
      expectClose(s.principal.I2, (ix + iy) / 2 - Math.hypot((ix - iy) / 2, ixy));
      expectClose(s.principal.angle, (0.5 * Math.atan2(-2 * ixy, ix - iy) * 180) / Math.PI);
    }
  });

  it('imperial: a 4 x 8 in rectangle in in, in2, in3, in4, and the same section in mm agrees', async () => {
    // Ix = bh³/12 = 4·8³/12 in⁴, Zx = bh²/6, Sx = bh²/4
    const s = await measure({ units: 'imperial', shapes: [rectangle(0, 0, 4, 8)] });
    expect(s.meta.unitLabels).toEqual({ length: 'in', area: 'in2', sectionModulus: 'in3', inertia: 'in4', warpingConstant: 'in6' });
    expect(s.area).toBe(32);
    expectClose(s.Ix, (4 * 8 ** 3) / 12, 1e-15);
    expectClose(s.Zx, (4 * 8 ** 2) / 6, 1e-15);
    expect(s.Sx).toBe((4 * 8 ** 2) / 4);
    const si = await measure({ units: 'SI', shapes: [rectangle(0, 0, 4 * MM_PER_IN, 8 * MM_PER_IN)] });
    expect(si.meta.unitLabels).toEqual({ length: 'mm', area: 'mm2', sectionModulus: 'mm3', inertia: 'mm4', warpingConstant: 'mm6' });
    expectClose(si.Ix / MM_PER_IN ** 4, s.Ix, 1e-12);
    expectClose(si.Sx / MM_PER_IN ** 3, s.Sx, 1e-12);
    expectClose(si.rx / MM_PER_IN, s.rx, 1e-12);
  });
});

describe('the response', () => {
  it('says how J and Cw were computed first, and carries meta like every solve', async () => {
    const s = await measure({ shapes: [rectangle(0, 0, 10, 10)] });
    expect(s.notes[0]).toMatch(
      /^J, Cw and shearCentre by finite elements: .* J ± [0-9.e-]+%; Cw ± [0-9.e-]+ mm6 and shearCentre ± [0-9.e-]+ mm \(estimates: .*\)\.$/,
    );
    expect(Object.keys(s.meta)).toEqual(['engineVersion', 'units', 'unitLabels', 'computeMs', 'attribution', 'warnings']);
    expect(s.meta.units).toBe('SI');
    expect(Object.keys(s)).toEqual([
      'area',
      'centroid',
      'Ix',
      'Iy',
      'Ixy',
      'principal',
      'rx',
      'ry',
      'Zx',
      'Zy',
      'elasticModuli',
      'Sx',
      'Sy',
      'plasticNeutralAxis',
      'extents',
      'J',
      'Cw',
      'shearCentre',
      'notes',
      'meta',
    ]);
  });
});

/**
 * Issue 31, the engine half: the requests that trapped or held the WebAssembly engine. Nine overlapping
 * circles trapped it (over 16,000 edges i_overlay 7 shifted a 32-bit `usize` by its 64-bit grid's 50-odd
 * bits) and left it broken for every later call; 200 overlapping star polygons took 16-19 s. Each is
 * answered right, and the engine still is.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';
import { NINE_CIRCLES, STARS } from '../support/heavy-sections.js';
import { SIMPLE_BEAM } from '../support/models.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

interface Circle {
  x: number;
  y: number;
  r: number;
}

/**
 * The exact area of a union of discs, independent of the engine's polygons and i_overlay: Green's
 * theorem over the arcs of each circle that no other disc covers, ½∮(x dy − y dx), in closed form for
 * an arc of circle (c, r) from θ1 to θ2: ½[r²(θ2 − θ1) + r(cx(sin θ2 − sin θ1) − cy(cos θ2 − cos θ1))].
 */
function unionOfDiscsArea(circles: Circle[]): number {
  let twice = 0;
  for (const [i, c] of circles.entries()) {
    const covered: [number, number][] = [];
    let hidden = false;
    for (const [j, o] of circles.entries()) {
      if (i === j) continue;
      const d = Math.hypot(o.x - c.x, o.y - c.y);
      if (d + c.r <= o.r) hidden = true;
      if (d >= c.r + o.r || d + o.r <= c.r || d + c.r <= o.r) continue;
      // the other disc covers the arc around the direction to its centre, half-angle by the cosine rule
      const mid = Math.atan2(o.y - c.y, o.x - c.x);
      const half = Math.acos((c.r * c.r + d * d - o.r * o.r) / (2 * c.r * d));
      covered.push([mid - half, mid + half]);
    }
    if (hidden) continue;
    for (const [from, to] of uncovered(covered)) {
      twice += c.r * c.r * (to - from) + c.r * (c.x * (Math.sin(to) - Math.sin(from)) - c.y * (Math.cos(to) - Math.cos(from)));
    }
  }
  return twice / 2;
}

/** The parts of [0, 2π) outside every interval (intervals may wrap around). */
function uncovered(intervals: [number, number][]): [number, number][] {
  const TAU = 2 * Math.PI;
  const pieces: [number, number][] = [];
  for (const [a, b] of intervals) {
    const start = ((a % TAU) + TAU) % TAU;
    const end = start + (b - a);
    if (end <= TAU) pieces.push([start, end]);
    else pieces.push([start, TAU], [0, end - TAU]);
  }
  pieces.sort((p, q) => p[0] - q[0]);
  const gaps: [number, number][] = [];
  let reached = 0;
  for (const [a, b] of pieces) {
    if (a > reached) gaps.push([reached, a]);
    reached = Math.max(reached, b);
  }
  if (reached < TAU) gaps.push([reached, TAU]);
  return gaps;
}

const section = (shapes: object[]) => request(app.callback()).post('/v1/section-properties').send({ shapes });

describe('nine overlapping circles (issue 31 defect 1)', () => {
  const exact = unionOfDiscsArea(NINE_CIRCLES.map((c) => ({ x: c.x, y: c.y, r: c.diameter / 2 })));

  it('the independent union area tells seven circles from nine', () => {
    // the 8th and 9th circles add 0.1 mm² (1e-5): the tolerance below must be finer than that
    const seven = unionOfDiscsArea(NINE_CIRCLES.slice(0, 7).map((c) => ({ x: c.x, y: c.y, r: c.diameter / 2 })));
    expect(exact - seven).toBeGreaterThan(1e-5 * exact);
  });

  it('answer right sixteen times in a row, and a beam solve after them is right', async () => {
    for (let k = 0; k < 16; k++) {
      const res = await section(NINE_CIRCLES);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // each overlapping circle is a 2048-gon of its area, off the circle by at most r·θ²/8 = 6.2e-5 mm
      // (θ = 2π/2048, r = 53): over the union's 340 mm of boundary at most 0.02 mm², 2.1e-6 of the area;
      // the grid adds 1e-9. Tolerance 5e-6.
      expectClose(res.body.area, exact, 5e-6);
    }
    // SIMPLE_BEAM: 10 kN/m over a 6 m pin-roller span, wL/2 = 30 kN at each end (statics)
    const beam = await request(app.callback()).post('/v1/beam/solve').send(SIMPLE_BEAM);
    expect(beam.status, JSON.stringify(beam.body)).toBe(200);
    const reactions = beam.body.reactions as { vertical: number }[];
    expect(reactions).toHaveLength(2);
    for (const r of reactions) expectClose(r.vertical, 30);
  });
});

describe('one boolean operation over 32,000 edges (i_overlay 9.1 splits it with its fragment solver)', () => {
  // 32 circles of d = 100 in a row, 90 apart: each overlaps its neighbours, so the union's outline keeps about
  // 71% of every circle's 2048 corners and the last pair of halves (16 circles each) meet with over 46,000 edges.
  // (i_overlay 7 placed that solver's columns wrongly on wasm32; this chain happened to survive it, the issue's
  // circles did not: the native test overlapping_circles_unite_at_once_and_in_pairs sends 20 of those at once.)
  const CHAIN = Array.from({ length: 32 }, (_, i) => ({ type: 'circle' as const, x: 90 * i, y: 0, diameter: 100 }));

  it('answers the exact area of the union of the discs', async () => {
    const res = await section(CHAIN);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 2048-gons of the circles' area, off each circle by at most r·θ²/8 = 5.9e-5 mm, over the union's 32 x 224 mm
    // of boundary: at most 0.42 mm² of 242,225 mm² (1.8e-6). Tolerance 5e-6.
    expectClose(res.body.area, unionOfDiscsArea(CHAIN.map((c) => ({ x: c.x, y: c.y, r: c.diameter / 2 }))), 5e-6);
  });
});

/** The length of a vertical line at x inside one polygon or another: even-odd crossings, intervals merged. */
function coveredLength(polygons: [number, number][][], x: number): number {
  const intervals: [number, number][] = [];
  for (const points of polygons) {
    const ys: number[] = [];
    for (const [k, [x0, y0]] of points.entries()) {
      const [x1, y1] = points[(k + 1) % points.length]!;
      if (x0 <= x !== x1 <= x) ys.push(y0 + ((x - x0) / (x1 - x0)) * (y1 - y0));
    }
    ys.sort((p, q) => p - q);
    for (let k = 0; k + 1 < ys.length; k += 2) intervals.push([ys[k]!, ys[k + 1]!]);
  }
  intervals.sort((p, q) => p[0] - q[0]);
  let length = 0;
  let [from, to] = [-Infinity, -Infinity];
  for (const [a, b] of intervals) {
    if (a > to) {
      if (to > from) length += to - from;
      [from, to] = [a, b];
    } else to = Math.max(to, b);
  }
  return to > from ? length + to - from : length;
}

describe('200 overlapping star polygons (issue 31 defect 2)', () => {
  it('answer with the area of their union', async () => {
    const res = await section(STARS.map((points) => ({ type: 'polygon', points })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the union's area by the midpoint rule over 1,000 vertical strips of the extents, exact where the
    // covered length is linear; a missing or extra spike (a 94 x 400 mm triangle) would be 8e-3 of the area
    const { xMin, xMax } = res.body.extents as { xMin: number; xMax: number };
    const strips = 1000;
    const h = (xMax - xMin) / strips;
    let area = 0;
    for (let k = 0; k < strips; k++) area += h * coveredLength(STARS, xMin + (k + 0.5) * h);
    expectClose(res.body.area, area, 1e-4);
  });
});

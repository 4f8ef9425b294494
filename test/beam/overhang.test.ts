/**
 * The overhang warning (issue 36, defect 1): a beam whose supports stand away from its span joints and whose end
 * overhangs farther than any span between supports is solved, with a `meta.warnings` entry naming the positions;
 * a real overhang (its own span, ending at a support) or a short one gives none.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const span = (length: number) => ({ length, E: 200, I: 1e8 });
const supports = (...at: number[]) => at.map((position, i) => ({ type: i === 0 ? 'pin' : 'roller', position }));
const solve = async (lengths: number[], at: number[]) => {
  const total = lengths.reduce((a, b) => a + b, 0);
  const res = await request(app.callback())
    .post('/v1/beam/solve')
    .send({ spans: lengths.map(span), supports: supports(...at), loads: [{ type: 'udl', start: -10, from: 0, to: total }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.meta.warnings as string[]).filter((w) => w.includes('overhangs'));
};

describe('an end overhanging farther than any span, supports off the span joints', () => {
  it('names the end, its support, the overhang and the supports off the joints', async () => {
    // three spans 6, 6, 20 m on supports at 0, 6, 12, 18: the right end is 32 - 18 = 14 m past the last support,
    // more than the 6 m between supports, and 18 m is no joint (joints 0, 6, 12, 32)
    const [warning] = await solve([6, 6, 20], [0, 6, 12, 18]);
    expect(warning).toBe(
      'supports: the right end overhangs its last support (at 18 m) by 14 m, farther than any span between supports ' +
        '(at most 6 m), and the supports at 18 m do not stand at the span joints (0, 6, 12, 32 m). Check spans[].length ' +
        'and supports[].position: a span lengthened without moving the supports beyond it looks like this.',
    );
  });

  it('names both ends when both overhang', async () => {
    const [warning] = await solve([10, 2, 10], [9, 13]);
    expect(warning).toContain(
      'the left end overhangs its first support (at 9 m) by 9 m and the right end overhangs its last support (at 13 m) by 9 m',
    );
  });

  it('says nothing of a real overhang: its own span, ending at a support', async () => {
    expect(await solve([6, 8], [0, 6])).toEqual([]);
  });

  it('says nothing of a short overhang, nor of a cantilever on one support', async () => {
    // the beam after its edit: spans 6, 8, 6 on supports 0, 6, 12, 18; 2 m past the last is shorter than 6 m
    expect(await solve([6, 8, 6], [0, 6, 12, 18])).toEqual([]);
    const cantilever = await request(app.callback())
      .post('/v1/beam/solve')
      .send({ spans: [span(5)], supports: [{ type: 'fixed', position: 0 }], loads: [{ type: 'point', magnitude: -1, position: 5 }] });
    expect((cantilever.body.meta.warnings as string[]).some((w) => w.includes('overhangs'))).toBe(false);
  });
});

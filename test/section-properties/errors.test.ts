/** Section requests that must be refused: 400 invalid_input with an issues[] path a user can act on. */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const SQUARE = { type: 'rectangle', x: 0, y: 0, width: 100, height: 100 };
const post = (body: unknown) =>
  request(app.callback())
    .post('/v1/section-properties')
    .send(body as object);
const issues = (res: request.Response) => res.body.issues as { path: string; message: string }[];

describe('schema bounds', () => {
  const polygon = (n: number) => ({ type: 'polygon', points: Array.from({ length: n }, (_, i) => [Math.cos(i), Math.sin(i)]) });
  const cases: [string, unknown, string][] = [
    ['no shapes', { shapes: [] }, 'shapes'],
    ['201 shapes', { shapes: Array.from({ length: 201 }, () => SQUARE) }, 'shapes'],
    ['a polygon of 2 points', { shapes: [polygon(2)] }, 'shapes.0.points'],
    ['a polygon of 1001 points', { shapes: [polygon(1001)] }, 'shapes.0.points'],
    [
      'a point of three numbers',
      {
        shapes: [
          {
            type: 'polygon',
            points: [
              [0, 0],
              [1, 0],
              [0, 1, 2],
            ],
          },
        ],
      },
      'shapes.0.points.2',
    ],
    ['an unknown shape', { shapes: [{ type: 'ellipse', x: 0, y: 0 }] }, 'shapes.0.type'],
    ['a stray property', { shapes: [{ ...SQUARE, radius: 3 }] }, 'shapes.0.radius'],
    ['a stray top-level property', { shapes: [SQUARE], width: 800 }, 'width'],
    ['zero width', { shapes: [{ ...SQUARE, width: 0 }] }, 'shapes.0.width'],
    ['a negative diameter', { shapes: [{ type: 'circle', x: 0, y: 0, diameter: -5 }] }, 'shapes.0.diameter'],
    ['a coordinate out of range', { shapes: [{ ...SQUARE, x: 1e7 }] }, 'shapes.0.x'],
    ['void not a boolean', { shapes: [{ ...SQUARE, void: 'yes' }] }, 'shapes.0.void'],
    ['unknown units', { units: 'metric', shapes: [SQUARE] }, 'units'],
  ];
  it.each(cases)('%s', async (_name, body, path) => {
    const res = await post(body).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('invalid_input');
    expect(issues(res).map((i) => i.path)).toContain(path);
  });

  it('a number too large for JSON to hold as finite is refused, not measured', async () => {
    const res = await request(app.callback())
      .post('/v1/section-properties')
      .set('Content-Type', 'application/json')
      .send('{"shapes":[{"type":"rectangle","x":0,"y":0,"width":1e400,"height":1}]}')
      .expect(400);
    expect(issues(res).map((i) => i.path)).toContain('shapes.0.width');
  });
});

describe('checks beyond the schema, naming the shape', () => {
  it('fewer than 3 distinct points', async () => {
    const res = await post({
      shapes: [
        SQUARE,
        {
          type: 'polygon',
          points: [
            [0, 0],
            [5, 5],
            [0, 0],
            [5, 5],
          ],
        },
      ],
    }).expect(400);
    expect(issues(res)).toEqual([{ path: 'shapes.1.points', message: 'a polygon needs at least 3 distinct points' }]);
  });

  it('no area: points on one line', async () => {
    const res = await post({
      shapes: [
        {
          type: 'polygon',
          points: [
            [0, 0],
            [1, 1],
            [3, 3],
          ],
        },
      ],
    }).expect(400);
    expect(issues(res).map((i) => i.path)).toEqual(['shapes.0.points']);
    expect(issues(res)[0]!.message).toMatch(/no area/);
  });

  it('a self-intersecting polygon names the edges that cross', async () => {
    const res = await post({
      shapes: [
        {
          type: 'polygon',
          points: [
            [0, 0],
            [10, 10],
            [10, 0],
            [0, 5],
          ],
        },
      ],
    }).expect(400);
    expect(issues(res)).toEqual([
      { path: 'shapes.0.points', message: 'the polygon crosses itself: the edge from points 0 to 1 meets the edge from points 2 to 3' },
    ]);
  });

  it('a void outside every solid, and one that only touches it from outside', async () => {
    const res = await post({
      shapes: [
        SQUARE,
        { type: 'circle', x: 300, y: 0, diameter: 10, void: true },
        { type: 'rectangle', x: 100, y: 0, width: 10, height: 10, void: true },
      ],
    }).expect(400);
    expect(issues(res).map((i) => i.path)).toEqual(['shapes.1', 'shapes.2']);
    expect(issues(res)[0]!.message).toMatch(/outside every solid/);
  });

  it('voids that remove all the material', async () => {
    const res = await post({ shapes: [SQUARE, { ...SQUARE, x: -1, y: -1, width: 102, height: 102, void: true }] }).expect(400);
    expect(issues(res)).toEqual([{ path: 'shapes', message: 'the voids remove all the material: no area is left' }]);
  });

  it('a section too complex for the union is refused before the work, at shapes (issue 31)', async () => {
    // 60 overlapping circles: 60 x 2048 corners plus 1,770 overlapping pairs of 2 x 2048 = 7,372,800, over 2,000,000
    const circles = Array.from({ length: 60 }, (_, i) => ({ type: 'circle', x: i, y: 0, diameter: 200 }));
    const res = await post({ shapes: circles }).expect(400);
    expect(res.body.code).toBe('invalid_input');
    expect(issues(res)).toEqual([
      { path: 'shapes', message: expect.stringMatching(/^the section is too complex to measure: .*2,000,000 \(122,880 corners/) },
    ]);
  });

  it('every faulty shape at once', async () => {
    const res = await post({
      shapes: [
        SQUARE,
        {
          type: 'polygon',
          points: [
            [0, 0],
            [1, 1],
            [2, 2],
          ],
        },
        {
          type: 'polygon',
          points: [
            [0, 0],
            [10, 10],
            [10, 0],
            [0, 5],
          ],
        },
      ],
    }).expect(400);
    expect(issues(res).map((i) => i.path)).toEqual(['shapes.1.points', 'shapes.2.points']);
  });
});

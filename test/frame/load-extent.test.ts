/**
 * A frame `udl` on a sloping member (issue 36, defect 2): `from` defaults to 0 and `to` to the member's length,
 * a `to` within 1e-9 (relative) of the length is the member's end, and a length printed in a message, pasted
 * back, is accepted. The beam's past-the-end message prints its total length the same way.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClose, testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const post = (path: string, body: unknown) =>
  request(app.callback())
    .post(path)
    .send(body as object);

/** A rafter from (0, 0) to (10, 1.5) m: length √(10² + 1.5²) = √102.25 = 10.111874208078342 m. */
const LENGTH = Math.sqrt(102.25);
const rafter = (load: Record<string, unknown>) => ({
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 10, y: 1.5 },
  ],
  members: [{ id: 1, from: 1, to: 2 }],
  materials: [{ id: 1, E: 200, A: 5000, I: 1e8 }],
  supports: [
    { node: 1, type: 'pin' },
    { node: 2, type: 'roller' },
  ],
  memberLoads: [{ type: 'udl', member: 1, start: -2, ...load }],
});

type Reaction = { node: number; horizontal: number; vertical: number };

/**
 * 2 kN/m (global-y, per metre of rafter) over the whole rafter: W = 2 × 10.111874208 = 20.223748416 kN, its
 * resultant at mid-length, i.e. at x = 5 m, half-way between the supports: each carries W/2 = 10.111874208 kN up,
 * and with no horizontal load the pin carries none (statics).
 */
function expectWholeRafterLoaded(res: request.Response): void {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const reactions = res.body.reactions as Reaction[];
  for (const r of reactions) expectClose(r.vertical, LENGTH, 1e-9);
  expect(Math.abs(reactions[0]!.horizontal)).toBeLessThan(1e-9);
}

describe('a frame udl without from and to covers its member', () => {
  it('defaults from to 0 and to to the member length', async () => {
    expectWholeRafterLoaded(await post('/v1/frame/solve', rafter({})));
  });

  it('defaults to alone when from is given', async () => {
    // 2 kN/m from mid-length (5.0559 m) to the end: W = 10.111874208 kN at 3/4 of the span (x = 7.5 m), so the
    // roller carries 3/4 W = 7.583905656 kN and the pin 1/4 W = 2.527968552 kN (moments about each support)
    const res = await post('/v1/frame/solve', rafter({ from: LENGTH / 2 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [pin, roller] = res.body.reactions as Reaction[];
    expectClose(pin!.vertical, LENGTH / 4, 1e-9);
    expectClose(roller!.vertical, (3 * LENGTH) / 4, 1e-9);
  });

  it('accepts the length rounded to 12 figures, as the old message printed it, as the end', async () => {
    expectWholeRafterLoaded(await post('/v1/frame/solve', rafter({ from: 0, to: 10.1118742081 })));
  });

  it('refuses a to past the end and prints a length that, pasted back, is accepted', async () => {
    const refused = await post('/v1/frame/solve', rafter({ from: 0, to: 10.2 }));
    expect(refused.status).toBe(400);
    const [issue] = refused.body.issues as { path: string; message: string }[];
    expect(issue!.path).toBe('memberLoads.0.to');
    const printed = /\(length ([0-9.]+) m\)/.exec(issue!.message)?.[1];
    expect(printed, issue!.message).toBe('10.1118742081');
    expectWholeRafterLoaded(await post('/v1/frame/solve', rafter({ from: 0, to: Number(printed) })));
  });

  it('refuses a from at or past the default end at from', async () => {
    const res = await post('/v1/frame/solve', rafter({ from: LENGTH }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'memberLoads.0.from', message: '`to` must be greater than `from`' }]);
  });

  it('draws a udl without from and to the same as one over the whole member', async () => {
    const diagram = async (load: Record<string, unknown>) =>
      (await post('/v1/frame/diagram', { ...rafter(load), view: 'problem' }).buffer(true)).text;
    expect(await diagram({})).toBe(await diagram({ from: 0, to: LENGTH }));
  });
});

describe("a beam's past-the-end message prints a total length that can be pasted back", () => {
  it('prints 20/3 m to 12 figures, and that position is accepted', async () => {
    // 20/3 = 6.666666666666667 m; 6 figures (6.66667) would lie 3.3e-6 m past the end, beyond 1e-9 of the length
    const beam = (position: number) => ({
      spans: [{ length: 20 / 3, E: 200, I: 1e8 }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 20 / 3 },
      ],
      loads: [{ type: 'point', magnitude: -10, position }],
    });
    const refused = await post('/v1/beam/solve', beam(7));
    expect(refused.status).toBe(400);
    const printed = /total length ([0-9.]+) m/.exec(refused.body.issues[0].message)?.[1];
    expect(printed).toBe('6.66666666667');
    const accepted = await post('/v1/beam/solve', beam(Number(printed)));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});

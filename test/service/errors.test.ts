/**
 * Every bad request gets its problem+json code, with issues[] paths a user can act on; never a 500.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const good = {
  spans: [{ length: 6, E: 200, I: 1e8 }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
};

async function post(body: unknown) {
  return request(app.callback())
    .post('/v1/beam/solve')
    .send(body as object);
}

function paths(res: request.Response): string[] {
  return (res.body.issues as { path: string }[]).map((i) => i.path);
}

function expectProblem(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, type: `http://localhost:3000/problems/${code}` });
  expect(typeof res.body.title).toBe('string');
  expect(res.headers['x-engine-version']).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
}

describe('schema rules give 400 with the dotted path', () => {
  const cases: [string, unknown, string][] = [
    ['spans missing', { supports: good.supports }, 'spans'],
    ['no spans', { ...good, spans: [] }, 'spans'],
    ['21 spans', { ...good, spans: Array.from({ length: 21 }, () => ({ length: 1, E: 200, I: 1e8 })) }, 'spans'],
    ['22 supports', { ...good, supports: Array.from({ length: 22 }, (_, i) => ({ type: 'pin', position: i * 0.1 })) }, 'supports'],
    ['no supports', { ...good, supports: [] }, 'supports'],
    ['201 loads', { ...good, loads: Array.from({ length: 201 }, () => ({ type: 'point', magnitude: -1, position: 1 })) }, 'loads'],
    ['zero length', { ...good, spans: [{ length: 0, E: 200, I: 1e8 }] }, 'spans.0.length'],
    ['negative E', { ...good, spans: [{ length: 6, E: -1, I: 1e8 }] }, 'spans.0.E'],
    ['I as a string', { ...good, spans: [{ length: 6, E: 200, I: '1e8' }] }, 'spans.0.I'],
    ['unknown connection', { ...good, spans: [{ length: 6, E: 200, I: 1e8, connection: 'welded' }] }, 'spans.0.connection'],
    ['unknown span property', { ...good, spans: [{ length: 6, E: 200, I: 1e8, A: 5 }] }, 'spans.0.A'],
    ['unknown top-level property', { ...good, extra: true }, 'extra'],
    ['unknown units', { ...good, units: 'metric' }, 'units'],
    ['unknown support type', { ...good, supports: [{ type: 'hinge', position: 0 }] }, 'supports.0.type'],
    ['negative support position', { ...good, supports: [{ type: 'pin', position: -1 }] }, 'supports.0.position'],
    ['unknown load type', { ...good, loads: [{ type: 'wind', magnitude: 1 }] }, 'loads.0.type'],
    ['point load without magnitude', { ...good, loads: [{ type: 'point', position: 1 }] }, 'loads.0.magnitude'],
    ['udl with a stray field', { ...good, loads: [{ type: 'udl', start: -1, from: 0, to: 1, magnitude: 3 }] }, 'loads.0.magnitude'],
    ['area with zero width', { ...good, loads: [{ type: 'area', start: -1, from: 0, to: 1, width: 0 }] }, 'loads.0.width'],
    ['unknown load case', { ...good, loads: [{ type: 'point', magnitude: -1, position: 1, case: 'X' }] }, 'loads.0.case'],
    ['unknown standard', { ...good, combinations: { standard: 'NBC' } }, 'combinations.standard'],
    [
      '65 include ids',
      { ...good, combinations: { standard: 'AS1170', include: Array.from({ length: 65 }, () => 'AS1170-ULS-1') } },
      'combinations.include',
    ],
  ];
  it.each(cases)('%s', async (_name, body, path) => {
    const res = await post(body);
    expectProblem(res, 400, 'invalid_input');
    expect(paths(res)).toContain(path);
  });
});

describe('semantic checks give 400 before the engine runs (decisions.md 9, 13)', () => {
  const cases: [string, unknown, string][] = [
    [
      'support past the end',
      {
        ...good,
        supports: [
          { type: 'pin', position: 0 },
          { type: 'roller', position: 7 },
        ],
      },
      'supports.1.position',
    ],
    [
      'two supports at one position',
      {
        ...good,
        supports: [
          { type: 'pin', position: 0 },
          { type: 'roller', position: 0 },
        ],
      },
      'supports.1.position',
    ],
    ['point load past the end', { ...good, loads: [{ type: 'point', magnitude: -1, position: 6.5 }] }, 'loads.0.position'],
    ['udl from >= to', { ...good, loads: [{ type: 'udl', start: -1, from: 3, to: 3 }] }, 'loads.0.to'],
    ['udl past the end', { ...good, loads: [{ type: 'udl', start: -1, from: 3, to: 9 }] }, 'loads.0.to'],
    ['first span hinged', { ...good, spans: [{ length: 6, E: 200, I: 1e8, connection: 'hinge' }] }, 'spans.0.connection'],
    [
      'moment at a hinge',
      {
        spans: [
          { length: 4, E: 200, I: 1e8 },
          { length: 4, E: 200, I: 1e8, connection: 'hinge' },
        ],
        supports: [
          { type: 'fixed', position: 0 },
          { type: 'roller', position: 8 },
        ],
        loads: [{ type: 'moment', magnitude: 5, position: 4 }],
      },
      'loads.0.position',
    ],
    [
      'fixed support at a hinge',
      {
        spans: [
          { length: 4, E: 200, I: 1e8 },
          { length: 4, E: 200, I: 1e8, connection: 'hinge' },
        ],
        supports: [
          { type: 'pin', position: 0 },
          { type: 'fixed', position: 4 },
        ],
      },
      'supports.1.type',
    ],
    ['unknown combination id', { ...good, combinations: { standard: 'AS1170', include: ['AS1170-ULS-99'] } }, 'combinations.include.0'],
  ];
  it.each(cases)('%s', async (_name, body, path) => {
    const res = await post(body);
    expectProblem(res, 400, 'invalid_input');
    expect(paths(res)).toContain(path);
  });

  it('a request failing both schema and semantics gets the 400', async () => {
    const res = await post({ ...good, supports: [{ type: 'pin', position: 99 }], spans: [{ length: -1, E: 200, I: 1 }] });
    expectProblem(res, 400, 'invalid_input');
  });
});

describe('mechanisms are 422 unstable_structure naming the place', () => {
  it('one pin only', async () => {
    const res = await post({ ...good, supports: [{ type: 'pin', position: 0 }] });
    expectProblem(res, 422, 'unstable_structure');
    expect(res.body.detail).toMatch(/x = \d/);
  });

  it('a hinge that frees a span names the hinge position', async () => {
    const res = await post({
      spans: [
        { length: 5, E: 200, I: 1e8 },
        { length: 5, E: 200, I: 1e8, connection: 'hinge' },
      ],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 10 },
      ],
      loads: [{ type: 'point', magnitude: -10, position: 2 }],
    });
    expectProblem(res, 422, 'unstable_structure');
    expect(res.body.detail).toMatch(/x = (5|10|0) m/);
  });
});

describe('transport errors', () => {
  it('bad JSON is 400', async () => {
    const res = await request(app.callback()).post('/v1/beam/solve').set('Content-Type', 'application/json').send('{"spans": [');
    expectProblem(res, 400, 'invalid_input');
  });

  it('a body that is not JSON by Content-Type is 400', async () => {
    const res = await request(app.callback()).post('/v1/beam/solve').set('Content-Type', 'text/plain').send(JSON.stringify(good));
    expectProblem(res, 400, 'invalid_input');
  });

  it('a body over 102400 bytes is 413, refused while reading', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .set('Content-Type', 'application/json')
      .send(`{"pad": "${'x'.repeat(102400)}"}`);
    expectProblem(res, 413, 'payload_too_large');
  });

  it('a chunked body with no Content-Length is refused with 413 once it passes the limit', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { port, host: '127.0.0.1', method: 'POST', path: '/v1/beam/solve', headers: { 'content-type': 'application/json' } },
          (res) => {
            let body = '';
            res
              .setEncoding('utf8')
              .on('data', (c: string) => (body += c))
              .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        // 11 chunks of 10,000 bytes: the 11th passes 102,400
        for (let i = 0; i < 11; i++) req.write('x'.repeat(10000));
        req.end();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
    } finally {
      server.close();
    }
  });

  it('a JSON body with a byte order mark is read', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send(`\uFEFF${JSON.stringify(good)}`);
    expect(res.status).toBe(200);
  });

  it('a body of exactly 102400 bytes is read (and then judged by the schema)', async () => {
    const body = `{"pad": "${'x'.repeat(102400 - 11)}"}`;
    expect(Buffer.byteLength(body)).toBe(102400);
    const res = await request(app.callback()).post('/v1/beam/solve').set('Content-Type', 'application/json').send(body);
    expectProblem(res, 400, 'invalid_input');
  });

  it('a wrong method is 405 with Allow', async () => {
    const res = await request(app.callback()).get('/v1/beam/solve');
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('POST');
  });

  it('an unknown path is 404', async () => {
    const res = await request(app.callback()).get('/v1/nothing-here');
    expectProblem(res, 404, 'not_found');
  });

  it('a finite engine result too large for the response units is 422 engine_error, never Infinity', async () => {
    // EI = 1e-18 kN.m² (E = 1e-6 GPa, I = 1e-6 mm4), P = 1e290 kN: δ = PL³/3EI ≈ 3e307 m, which in mm overflows
    const res = await post({
      spans: [{ length: 1, E: 1e-6, I: 1e-6 }],
      supports: [{ type: 'fixed', position: 0 }],
      loads: [{ type: 'point', magnitude: -1e290, position: 1 }],
    });
    expectProblem(res, 422, 'engine_error');
    expect(res.text).not.toMatch(/Infinity|NaN|null/);
  });

  it('numbers that overflow are a 422, never a non-finite value or a 500', async () => {
    // each number is inside the engine's range (test/beam/engine-range.test.ts): EI = 1e-294 kN/m² x
    // 1e-302 m⁴ underflows only inside the engine, and P L³ overflows there
    const res = await post({
      spans: [{ length: 1e70, E: 1e-300, I: 1e-290 }],
      supports: [{ type: 'fixed', position: 0 }],
      loads: [{ type: 'point', magnitude: -1e300, position: 1e70 }],
    });
    expect([422]).toContain(res.status);
    expect(res.text).not.toMatch(/Infinity|NaN/);
  });
});

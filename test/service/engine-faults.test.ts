/**
 * Issue 31: no request breaks the engine for others, and none holds the process.
 * - A trap (a real one: the binding's test-only export aborts the instance as any Rust panic does) answers a
 *   500 that is counted, logs one line with the route and a hash of the body, shows on /v1/health, and the next
 *   request is served by a fresh instance.
 * - An instance whose memory grew past the bound is replaced after its request.
 * - A task past its deadline ends its thread (the pool starts another) with a 422 saying the model was too
 *   costly, and the next request is served.
 * - /v1/health answers at once while an engine thread renders a large figure.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine, packageDirectory } from '../../ts/engine/node.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { InlineCompute } from '../../ts/server/compute/inline.js';
import { EnginePool } from '../../ts/server/compute/pool.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';
import { testApp } from '../support/app.js';
import { heavyFigure } from '../support/heavy.js';
import { SIMPLE_BEAM } from '../support/models.js';

/** SIMPLE_BEAM's reactions: wL/2 = 10 kN/m x 6 m / 2 = 30 kN up at each end. */
function expectSimpleBeamAnswer(res: request.Response): void {
  expect(res.status).toBe(200);
  expect(res.body.reactions.map((r: { vertical: number }) => r.vertical)).toEqual([30, 30]);
}

const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

describe('a trapped engine instance', () => {
  it('answers 500 counted and logged once, shows on /v1/health, and the next request is served', async () => {
    const engine = await loadEngine();
    // the very glue module loadEngine initialised: its instance is the one that traps
    const glue = (await import(pathToFileURL(join(packageDirectory(), 'spanwise_engine.js')).href)) as { trapForTests(): void };
    const lines: string[] = [];
    const compute = new InlineCompute({ engine, sections: loadSectionLibrary() }, (line) => lines.push(line));
    const keys = new SqliteKeyStore(':memory:');
    closing.push(() => keys.close());
    const app = (await testApp({ compute, access: { keys, counters: new MemoryCounterStore() } })).callback();

    const analyseBeam = engine.analyseBeam;
    engine.analyseBeam = () => {
      glue.trapForTests();
      throw new Error('trapForTests returned');
    };
    let trapped: request.Response;
    try {
      trapped = await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM);
    } finally {
      engine.analyseBeam = analyseBeam;
    }
    expect(trapped.status).toBe(500);
    expect(trapped.body.code).toBe('internal_error');
    // counted like a served request: the anonymous day cap is 30 (spec table), this was the first
    expect(trapped.headers['x-ratelimit-remaining']).toBe('29');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^engine trap: POST \/v1\/beam\/solve \(beam\.solve\), body sha256 [0-9a-f]{16}: RuntimeError: unreachable/);

    const next = await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM);
    expectSimpleBeamAnswer(next);
    expect(next.headers['x-ratelimit-remaining']).toBe('28');

    const health = await request(app).get('/v1/health');
    expect(health.status).toBe(200);
    expect(health.body.engine).toMatchObject({ mode: 'inline', faults: 1, traps: 1, renewed: 1, faultWindowMinutes: 10 });
  });
});

describe('an instance that grew past its memory bound', () => {
  it('is replaced after its request, and answers stay right', async () => {
    const engine = await loadEngine();
    // a bound of one byte: every request leaves more than that, so every request renews the instance
    const compute = new InlineCompute({ engine, sections: loadSectionLibrary() }, () => {}, 1);
    const app = (await testApp({ compute })).callback();
    expectSimpleBeamAnswer(await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM));
    expect(compute.status().renewed).toBe(1);
    expectSimpleBeamAnswer(await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM));
    expect(compute.status()).toMatchObject({ renewed: 2, faults: 0 });
  });
});

describe('a task past its deadline', () => {
  it('is a 422 saying the model was too costly, and the pool serves the next request', async () => {
    const pool = new EnginePool({ threads: 1, deadlineMs: 100 });
    closing.push(() => pool.close());
    const app = (await testApp({ compute: pool })).callback();
    // started (and so the thread ready) before the deadline is put to the test
    expectSimpleBeamAnswer(await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM));
    const costly = await request(app).post('/v1/frame/diagram').send(heavyFigure());
    expect(costly.status).toBe(422);
    expect(costly.body.code).toBe('engine_error');
    expect(costly.body.detail).toMatch(/too costly: its analysis did not finish within 0\.1 s/);
    expectSimpleBeamAnswer(await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM));
  });
});

describe('/v1/health while an engine thread renders a large figure', () => {
  it('answers in well under 50 ms, and the figure is drawn', async () => {
    // a long deadline: what is measured here is the main thread, whatever the machine's load makes of the figure
    const pool = new EnginePool({ threads: 2, deadlineMs: 60_000 });
    closing.push(() => pool.close());
    const app = await testApp({ compute: pool });
    const server: Server = app.listen(0, '127.0.0.1');
    closing.push(() => new Promise((resolve) => server.close(resolve)));
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await fetch(`${url}/v1/health`);

    let drawn = false;
    const figure = fetch(`${url}/v1/frame/diagram`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(heavyFigure()),
    }).then(async (res) => {
      drawn = true;
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    });
    const times: number[] = [];
    while (!drawn) {
      const start = performance.now();
      const res = await fetch(`${url}/v1/health`);
      await res.json();
      if (!drawn) times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await figure;
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^image\/svg\+xml/);
    expect(answer.text).toContain('Envelope of ULS combinations: moment max and min');
    // the figure kept an engine thread busy for several health round trips; each is a few ms of the main thread
    expect(times.length).toBeGreaterThan(3);
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(50);
  });
});

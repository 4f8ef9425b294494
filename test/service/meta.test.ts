/** Health, the engine version on every response, meta and links.view. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageDirectory } from '../../ts/engine/node.js';
import { decodeViewModel } from '../../ts/solve/links.js';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const VERSION = /^\d+\.\d+\.\d+\+[0-9a-f]{12}$/;
const beam = {
  spans: [{ length: 6, E: 200, I: 1e8 }],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 6 },
  ],
  loads: [{ type: 'udl', start: -10, from: 0, to: 6 }],
};

describe('engine version', () => {
  it('is on every response and equals health and meta', async () => {
    const health = await request(app.callback()).get('/v1/health');
    expect(health.status).toBe(200);
    expect(health.body.ok).toBe(true);
    expect(new Date(health.body.timestamp).toISOString()).toBe(health.body.timestamp);
    const version = health.body.engineVersion as string;
    expect(version).toMatch(VERSION);
    expect(health.headers['x-engine-version']).toBe(version);

    const solved = await request(app.callback()).post('/v1/beam/solve').send(beam);
    expect(solved.headers['x-engine-version']).toBe(version);
    expect(solved.body.meta.engineVersion).toBe(version);
    for (const res of [
      await request(app.callback()).get('/nowhere'),
      await request(app.callback()).delete('/v1/health'),
      await request(app.callback()).post('/v1/beam/solve').send({}),
    ]) {
      expect(res.headers['x-engine-version']).toBe(version);
    }
  });

  it('names the revision the WASM was built from, a commit of this repository', async () => {
    const health = await request(app.callback()).get('/v1/health');
    const [crateVersion, revision] = (health.body.engineVersion as string).split('+');
    const cargo = readFileSync(new URL('../../Cargo.toml', import.meta.url), 'utf8');
    expect(cargo).toContain(`version = "${crateVersion}"`);
    // make wasm writes the revision it built from beside the package
    expect(readFileSync(`${packageDirectory()}/revision`, 'utf8').trim()).toBe(revision);
    expect(execFileSync('git', ['cat-file', '-t', revision!], { encoding: 'utf8' }).trim()).toBe('commit');
    if (process.env.CI) {
      // a fresh clone builds from HEAD
      expect(execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim()).toBe(revision);
    }
  });
});

describe('meta', () => {
  it('carries units, labels, computeMs, attribution and warnings', async () => {
    const res = await request(app.callback()).post('/v1/beam/solve').send(beam);
    expect(res.body.meta).toMatchObject({
      units: 'SI',
      unitLabels: { length: 'm', force: 'kN', moment: 'kN.m', deflection: 'mm', rotation: 'rad' },
      attribution: 'Computed by Spanwise - http://localhost:3000',
      warnings: [],
    });
    expect(res.body.meta.computeMs).toBeGreaterThanOrEqual(0);
  });

  it('warns when every load points upward', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send({
        ...beam,
        loads: [
          { type: 'udl', start: 10, from: 0, to: 6 },
          { type: 'point', magnitude: 5, position: 2 },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body.meta.warnings.join(' ')).toMatch(/upward/);
  });
});

describe('links.view', () => {
  it('decodes (base64url, inflateRaw) back to the SI request', async () => {
    const res = await request(app.callback()).post('/v1/beam/solve').send(beam);
    const url = new URL(res.body.links.view as string);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/calculator/beam');
    expect(decodeViewModel(url.searchParams.get('model')!)).toEqual({ ...beam, units: 'SI' });
  });

  it('carries the SI-converted model for an imperial request', async () => {
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send({ units: 'imperial', spans: [{ length: 10, E: 29000, I: 100 }], supports: [{ type: 'fixed', position: 0 }] });
    const model = decodeViewModel(new URL(res.body.links.view).searchParams.get('model')!) as {
      units: string;
      spans: { length: number; I: number }[];
    };
    expect(model.units).toBe('SI');
    // 10 ft = 3.048 m; 100 in4 = 100 x 25.4^4 mm4
    expect(model.spans[0]!.length).toBeCloseTo(3.048, 12);
    expect(model.spans[0]!.I / (100 * 25.4 ** 4)).toBeCloseTo(1, 12);
  });

  it('is omitted, never truncated, when the URL would pass 2,000 characters', async () => {
    const loads = Array.from({ length: 200 }, (_, i) => ({ type: 'point', magnitude: -1 - i * 0.123456789, position: (i * 6) / 200 }));
    const res = await request(app.callback())
      .post('/v1/beam/solve')
      .send({ ...beam, loads });
    expect(res.status).toBe(200);
    expect(res.body.links).toBeUndefined();
  });
});

/**
 * A beam's diagram series stay in the engine's typed array, converted in place to the response's units
 * (ts/solve/beam.ts), and are written straight from those numbers into the response (ts/solve/json-text.ts).
 * These tests hold that path to its promise: the very numbers the units table gives (same doubles, SI and
 * imperial, diagrams and envelope bounds), printed exactly as JSON.stringify prints them.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import type { DiagramName, EngineEnvelopeRequest, Samples } from '../../ts/engine/types.js';
import { beamEngineModel, beamRequestToSI, presentBeamResult } from '../../ts/solve/beam.js';
import { plainData, responseBody, SeriesData } from '../../ts/solve/json-text.js';
import type { BeamSolveRequest } from '../../ts/schema/beam.js';
import { fromEngine, type Quantity, type UnitSystem } from '../../ts/units/index.js';
import { factorVector, generateCombinations, presentCases, UNFACTORED } from '../../ts/combinations/index.js';
import { testApp } from '../support/app.js';

let app: Koa;
let engine: Engine;
beforeAll(async () => {
  [app, engine] = await Promise.all([testApp(), loadEngine()]);
});

/** Two unequal spans with every load type, hinge-free; numbers chosen to need 17 digits. */
const beam = (units: UnitSystem): BeamSolveRequest => ({
  units,
  spans: [
    { length: 7.3, E: 205, I: 1.37e8 },
    { length: 4.9, E: 200, I: 2.9e7 },
  ],
  supports: [
    { type: 'fixed', position: 0 },
    { type: 'roller', position: 7.3, settlement: -1.7 },
    { type: 'pin', position: 12.2 },
  ],
  loads: [
    { type: 'udl', start: -3.1, end: -7.7, from: 0.3, to: 11.9 },
    { type: 'point', magnitude: -13.3, position: 2.2 },
    { type: 'moment', magnitude: 9.1, position: 10.1, case: 'Q' },
    { type: 'area', start: -1.3, end: -2.9, width: 1.1, endWidth: 0.7, from: 1, to: 6, case: 'Q' },
  ],
});

const QUANTITY: Record<DiagramName, Quantity> = { shear: 'force', moment: 'moment', rotation: 'rotation', deflection: 'displacement' };

/** The series as the units table converts the engine's numbers, value by value. */
function converted(samples: Samples, diagram: DiagramName, units: UnitSystem): [number, number][] {
  const pairs: [number, number][] = [];
  for (let k = 0; k < samples.length; k += 2) {
    pairs.push([fromEngine('length', samples[k]!, units), fromEngine(QUANTITY[diagram], samples[k + 1]!, units)]);
  }
  return pairs;
}

describe('series written from the engine numbers', () => {
  for (const units of ['SI', 'imperial'] as const) {
    it(`are the units table's doubles, diagram by diagram, printed as JSON.stringify prints them (${units})`, () => {
      const model = beamEngineModel(beamRequestToSI(beam(units)));
      const combinations = [
        [1, 1, 0, 0, 0, 0, 0, 0],
        [1.2, 1.5, 0, 0, 0, 0, 0, 0],
        [0.9, 0, 0, 0, 0, 0, 0, 0],
      ];
      const envelopes: EngineEnvelopeRequest[] = [
        { combinations: [1, 2], diagram: 'moment' },
        { combinations: [1, 2], diagram: 'deflection' },
      ];
      // the presented result converts the engine's buffer in place: compare with a second solve
      const numbers = engine.analyseBeam(model, combinations, envelopes, 1);
      const presented = presentBeamResult(engine.analyseBeam(model, combinations, envelopes, 1).results[0]!, units, [7.3, 12.2]);
      for (const diagram of Object.keys(QUANTITY) as DiagramName[]) {
        const series = presented.diagrams[diagram];
        const want = converted(numbers.results[0]!.samples[diagram], diagram, units);
        expect(series.pairs(), diagram).toEqual(want);
        expect(series.json, diagram).toBe(JSON.stringify(want));
      }
    });
  }

  it('make a response JSON.stringify would print byte for byte, with and without combinations', async () => {
    for (const body of [beam('SI'), beam('imperial'), { ...beam('SI'), combinations: { standard: 'ASCE7' } }]) {
      const res = await request(app.callback()).post('/v1/beam/solve').send(body).expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.text).toBe(JSON.stringify(JSON.parse(res.text)));
    }
  });

  it('carry envelope bounds that are the engine bounds in the response units', async () => {
    // the same combinations the pipeline runs: the unfactored analysis first, then ASCE7's, moment bounded over ULS
    const body = { ...beam('imperial'), combinations: { standard: 'ASCE7' as const } };
    const set = generateCombinations(body.combinations, presentCases(body.loads ?? []));
    const vectors = [[...UNFACTORED], ...set.combinations.map((c) => factorVector(c.factors))];
    const uls = set.combinations.flatMap((c, i) => (c.kind === 'ULS' ? [i + 1] : []));
    const model = beamEngineModel(beamRequestToSI(body));
    const [bounds] = engine.analyseBeam(model, vectors, [{ combinations: uls, diagram: 'moment' }], 1).envelopes;
    const res = await request(app.callback()).post('/v1/beam/solve').send(body).expect(200);
    const moment = res.body.envelope.uls.moment as { max: [number, number][]; min: [number, number][] };
    const [max, min] = [converted(bounds!.max, 'moment', 'imperial'), converted(bounds!.min, 'moment', 'imperial')];
    // clean numbers (decisions.md 15): a moment below 1e-12 of the response's largest moment is written as 0; the
    // rest at the default 15 significant digits (decisions.md 22)
    const diagram = res.body.diagrams.moment as [number, number][];
    const largest = Math.max(...[...max, ...min, ...diagram].map(([, v]) => Math.abs(v)));
    const digits = (n: number) => Number(n.toPrecision(15));
    const clean = (pairs: [number, number][]) =>
      pairs.map(([x, v]): [number, number] => [digits(x), Math.abs(v) < 1e-12 * largest ? 0 : digits(v)]);
    expect(
      clean(max).some(([, v], k) => v !== max[k]![1]),
      'the bounds hold round-off at the pin',
    ).toBe(true);
    expect(moment.max).toEqual(clean(max));
    expect(moment.min).toEqual(clean(min));
  });
});

describe('responseBody', () => {
  it('writes series in place and leaves a string that looks like a marker alone', () => {
    const value = {
      a: new SeriesData(new Float64Array([0, 1.5])),
      b: ['\u00000', '\u0000deadbeef:0', 'µ'],
      c: { d: new SeriesData(new Float64Array(0)) },
    };
    expect(new TextDecoder().decode(responseBody(value))).toBe('{"a":[[0,1.5]],"b":["\\u00000","\\u0000deadbeef:0","µ"],"c":{"d":[]}}');
  });

  it('reads as its pairs under any other serialisation, and as data through plainData', () => {
    const value = { series: new SeriesData(new Float64Array([1, 2, 3, 4])) };
    expect(JSON.stringify(value)).toBe('{"series":[[1,2],[3,4]]}');
    expect(plainData(value)).toEqual({
      series: [
        [1, 2],
        [3, 4],
      ],
    });
  });

  it('prints the numbers JSON.stringify prints', () => {
    // JSON.stringify([[0,-0],[0.1,1e21],[1e-7,123456789012345680000],[2.5,-1/3]]) in Node 20
    const xy = new Float64Array([0, -0, 0.1, 1e21, 1e-7, 123456789012345680000, 2.5, -1 / 3]);
    expect(new SeriesData(xy).json).toBe('[[0,0],[0.1,1e+21],[1e-7,123456789012345680000],[2.5,-0.3333333333333333]]');
  });
});

it('writes long arrays of flat rows as JSON.stringify does, and leaves every other array to it', () => {
  const rows = (n: number, row: (i: number) => object) => Array.from({ length: n }, (_, i) => row(i));
  const flat = rows(20, (i) => ({ member: i % 2 ? `m${i}` : i, force: i === 3 ? -0 : 1 / (i + 1) - 0.5, dx: 1e21 * i }));
  const value = {
    members: flat,
    nested: { rows: flat, short: flat.slice(0, 3) },
    // one row with its keys in another order, one with a nested object, one with a missing key, one non-finite
    reordered: rows(20, (i) => (i === 7 ? { b: i, a: 1 } : { a: 1, b: i })),
    deep: rows(20, (i) => ({ a: i, b: i === 19 ? { c: 1 } : 2 })),
    missing: rows(20, (i) => (i === 0 ? { a: 1, b: 2 } : { a: i })),
    infinite: rows(20, (i) => ({ a: i === 5 ? Infinity : i })),
    absent: rows(20, (i) => ({ a: i, b: undefined })),
    series: new SeriesData(new Float64Array([0, 1])),
  };
  const expected = JSON.stringify({ ...value, series: [[0, 1]] });
  expect(new TextDecoder().decode(responseBody(value))).toBe(expected);
  expect(value.nested.rows).toBe(flat);
});

describe('SeriesData', () => {
  it('copies the digits of positions the series before printed, and prints the others', () => {
    // the second series shares 1/3 and 2/3 with the first, adds 0.5 and repeats 2/3 (a jump)
    const [third, twoThirds] = [1 / 3, 2 / 3];
    const first = new SeriesData(new Float64Array([0, 1, third, 2, twoThirds, 3]));
    const second = new SeriesData(new Float64Array([third, 4, 0.5, 5, twoThirds, 6, twoThirds, 7]));
    const body = new TextDecoder().decode(responseBody({ first, second }));
    expect(body).toBe(JSON.stringify({ first: first.pairs(), second: second.pairs() }));
    expect(body).toBe(
      '{"first":[[0,1],[0.3333333333333333,2],[0.6666666666666666,3]],"second":[[0.3333333333333333,4],[0.5,5],[0.6666666666666666,6],[0.6666666666666666,7]]}',
    );
  });
});

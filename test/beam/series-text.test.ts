/**
 * The engine writes a beam's diagram series as JSON text in the response's units (crates/engine-wasm
 * `series_text`). These tests hold it to the promise that makes that safe: the very numbers the units
 * table gives (same doubles, SI and imperial, diagrams and envelope bounds), printed exactly as
 * JSON.stringify prints them.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import type { DiagramName, EngineEnvelopeRequest, Samples } from '../../ts/engine/types.js';
import { beamEngineModel, beamRequestToSI } from '../../ts/solve/beam.js';
import { JsonText, plainData, responseBody } from '../../ts/solve/json-text.js';
import type { BeamSolveRequest } from '../../ts/schema/beam.js';
import { engineDivisors, fromEngine, type Quantity, type UnitSystem } from '../../ts/units/index.js';
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

/** ASCII text to bytes and back. */
function ascii(text: string): Uint8Array;
function ascii(bytes: Uint8Array): string;
function ascii(value: string | Uint8Array): string | Uint8Array {
  return typeof value === 'string' ? new TextEncoder().encode(value) : new TextDecoder().decode(value);
}

describe('series written by the engine', () => {
  for (const units of ['SI', 'imperial'] as const) {
    it(`are the units table's doubles, diagram by diagram and bound by bound (${units})`, () => {
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
      const seriesUnits = {
        length: engineDivisors('length', units),
        shear: engineDivisors('force', units),
        moment: engineDivisors('moment', units),
        rotation: engineDivisors('rotation', units),
        deflection: engineDivisors('displacement', units),
      };
      const numbers = engine.analyseBeam(model, combinations, envelopes, 1);
      const text = engine.analyseBeamText(model, combinations, envelopes, 1, seriesUnits);
      for (const diagram of Object.keys(QUANTITY) as DiagramName[]) {
        const json = ascii(text.results[0]!.samples[diagram]);
        const want = converted(numbers.results[0]!.samples[diagram], diagram, units);
        expect(JSON.parse(json), diagram).toEqual(want);
        expect(json, diagram).toBe(JSON.stringify(want));
      }
      envelopes.forEach(({ diagram }, i) => {
        for (const side of ['max', 'min'] as const) {
          const json = ascii(text.envelopes[i]![side]);
          expect(json, `${diagram} ${side}`).toBe(JSON.stringify(converted(numbers.envelopes[i]![side], diagram, units)));
        }
      });
      // the reactions and extremes cross the same way in both forms
      expect(text.results.map((r) => [r.reactions, r.extremes])).toEqual(numbers.results.map((r) => [r.reactions, r.extremes]));
    });
  }

  it('make a response JSON.stringify would print byte for byte, with and without combinations', async () => {
    for (const body of [beam('SI'), beam('imperial'), { ...beam('SI'), combinations: { standard: 'ASCE7' } }]) {
      const res = await request(app.callback()).post('/v1/beam/solve').send(body).expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.text).toBe(JSON.stringify(JSON.parse(res.text)));
    }
  });
});

describe('responseBody', () => {
  it('splices texts in place and leaves a string that looks like a marker alone', () => {
    const value = { a: new JsonText(ascii('[[0,1.5]]')), b: ['\u00000', '\u0000deadbeef:0', 'µ'], c: { d: new JsonText(ascii('[]')) } };
    expect(new TextDecoder().decode(responseBody(value))).toBe('{"a":[[0,1.5]],"b":["\\u00000","\\u0000deadbeef:0","µ"],"c":{"d":[]}}');
  });

  it('reads as its value under any other serialisation, and as data through plainData', () => {
    const value = { series: new JsonText<[number, number][]>(ascii('[[1,2],[3,4]]')) };
    expect(JSON.stringify(value)).toBe('{"series":[[1,2],[3,4]]}');
    expect(plainData(value)).toEqual({ series: [[1, 2], [3, 4]] });
  });
});

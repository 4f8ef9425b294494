/**
 * The response's text (ts/solve/json-text.ts `responseBody`) against JSON.stringify's over the same response object,
 * for every golden model of the three kinds and their combinations: the writer prints a long diagram series from
 * its numbers and a short one (a frame member's) through JSON.stringify, and the answer is the same bytes whichever
 * way each series went; with pattern loading (each golden model patterned, and the pattern fixtures as they are) each
 * bound's arrangement is written from the engine's bits and the pieces' texts, the same bytes again. And
 * `output.diagrams: false`, which the truss and frame pipelines answer without looking for series (they put none
 * there), leaves exactly the diagram series out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';
import type { SolveContext } from '../../ts/solve/context.js';
import { solveBeam } from '../../ts/solve/beam.js';
import { solveFrame } from '../../ts/solve/frame.js';
import { solveTruss } from '../../ts/solve/truss.js';
import { plainData, responseBody, SeriesData } from '../../ts/solve/json-text.js';
import { fixtures } from '../support/fixtures.js';
import { frameFixtures } from '../frame/fixtures.js';

let context: SolveContext;
beforeAll(async () => {
  const engine: Engine = await loadEngine();
  // a fixed clock: meta.computeMs is 0 in every answer, so two solves of one model answer the same bytes
  context = { engine, baseUrl: 'http://localhost:3000', sections: loadSectionLibrary(), now: () => 0 };
});

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

type Solve = (body: unknown, context: SolveContext) => unknown;
const models = (): [string, Solve, object][] => [
  ...fixtures('beam').map((f): [string, Solve, object] => [`beam ${f.name}`, solveBeam, f.request]),
  ...fixtures('truss').map((f): [string, Solve, object] => [`truss ${f.name}`, solveTruss, f.request]),
  ...frameFixtures().map((f): [string, Solve, object] => [`frame ${f.name}`, solveFrame, f.request]),
  // pattern loading: each bound names its arrangement, written from the engine's bits (ts/solve/piece-list.ts)
  ...fixtures('pattern').map((f): [string, Solve, object] => [`pattern beam ${f.name}`, solveBeam, f.request]),
  ...fixtures('pattern-frame').map((f): [string, Solve, object] => [`pattern frame ${f.name}`, solveFrame, f.request]),
];

describe('the response text', () => {
  it('is JSON.stringify of the response, for every golden model with and without combinations', () => {
    for (const [name, solve, request] of models()) {
      const patterned = { ...request, combinations: { standard: 'EN1990-UK', pattern: ['Q'] } };
      for (const body of [request, { ...request, combinations: { standard: 'EN1990-UK' } }, patterned]) {
        if (name.startsWith('truss') && body === patterned) continue;
        const response = solve(structuredClone(body), context);
        expect(text(responseBody(response)), name).toBe(JSON.stringify(response));
      }
    }
  });

  it('with output.diagrams false is the full answer less its diagram series', () => {
    // a truss has no diagram series, a frame's are its members' `diagrams` (decisions.md 22)
    const withoutDiagrams = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(withoutDiagrams);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(Object.entries(value).flatMap(([key, v]) => (key === 'diagrams' ? [] : [[key, withoutDiagrams(v)]])));
    };
    for (const [name, solve, request] of models()) {
      if (!name.startsWith('frame') && !name.startsWith('truss')) continue;
      for (const body of [request, { ...request, combinations: { standard: 'EN1990-UK' } }]) {
        const full = JSON.parse(text(responseBody(solve(structuredClone(body), context)))) as unknown;
        const off = JSON.parse(text(responseBody(solve({ ...structuredClone(body), output: { diagrams: false } }, context)))) as unknown;
        expect(off, name).toEqual(withoutDiagrams(full));
      }
    }
  });

  it('prints long and short series side by side as JSON.stringify does', () => {
    // 100 pairs (written from the numbers), 3 pairs (through JSON.stringify), then 100 sharing every position
    const long = (shift: number) => new SeriesData(Float64Array.from({ length: 200 }, (_, k) => (k % 2 ? k / 7 + shift : k / 3)));
    const value = { a: long(0), b: { short: new SeriesData(new Float64Array([0, 1 / 3, 0.1, -0, 2, 1e21])) }, c: [long(1)] };
    expect(text(responseBody(value))).toBe(JSON.stringify(plainData(value)));
  });
});

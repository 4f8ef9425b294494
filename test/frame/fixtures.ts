/**
 * The frame golden fixtures (test/fixtures/frame/*.json): a request, and the values a closed form gives for
 * parts of its response, each with its formula. Read by the engine's golden test over HTTP and by the
 * dense-solver cross-check.
 *
 * A path is dotted into the response (`members.1.start.moment`); `members.0.diagrams.deflection@2.5` is
 * the series value at that position (load positions and member ends are always samples).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FrameExpectation {
  path: string;
  value: number;
  source: string;
}

export interface FrameFixture {
  name: string;
  description: string;
  tolerance: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a request as sent over HTTP
  request: any;
  expect: FrameExpectation[];
}

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'frame');

export function frameFixtures(): FrameFixture[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as FrameFixture);
}

/** The value at `path` in a response: the beam and truss fixtures' reader (test/support/fixtures.ts). */
export { valueAt } from '../support/fixtures.js';

/** Absolute tolerance of an expectation: relative to its value, or to the fixture's largest value for a zero. */
export function toleranceOf(fixture: FrameFixture, expectation: FrameExpectation): number {
  const scale = Math.max(...fixture.expect.map((e) => Math.abs(e.value)));
  return fixture.tolerance * (expectation.value === 0 ? scale : Math.abs(expectation.value));
}

/**
 * The golden fixtures of beams and trusses (test/fixtures/<kind>/*.json): a request, and the values a hand
 * calculation gives for parts of its response, each with its source. The same files are read by the
 * engine's cargo tests (crates/engine/tests/golden_beams.rs, golden_truss.rs), which map each request to
 * the engine's model.
 *
 * A path is dotted into the response (`reactions.0.vertical`, `memberForces.2.force`). `diagrams.shear@3`
 * is the series value of the first pair at x = 3 (the left value at a jump), `diagrams.shear@3+` that of
 * the last pair there (the right value). A value is met within `tolerance` relative to it (1e-9 of it for
 * zero, as `expectClose`), or within `absolute` when the expectation gives one (0: exactly).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Expectation {
  path: string;
  value: number;
  source: string;
  /** Absolute tolerance in the response's units, replacing the relative one. */
  absolute?: number;
}

export interface Fixture {
  name: string;
  description: string;
  tolerance: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a request as sent over HTTP
  request: any;
  expect: Expectation[];
  /** Pattern loading (test/fixtures/pattern): the arrangement named at a path, and its combination. */
  arrangements?: { path: string; pattern: object[]; combination?: string }[];
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** Every fixture of a kind, by file name. */
export function fixtures(kind: 'beam' | 'truss' | 'pattern' | 'pattern-frame'): Fixture[] {
  const folder = join(root, kind);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as Fixture);
}

/** One fixture by name. */
export function fixture(kind: 'beam' | 'truss' | 'pattern' | 'pattern-frame', name: string): Fixture {
  const found = fixtures(kind).find((f) => f.name === name);
  if (!found) throw new Error(`no ${kind} fixture ${name}`);
  return found;
}

/** The value at `path` in a response, or undefined when the path leads nowhere. */
export function valueAt(response: unknown, path: string): number | undefined {
  const [dotted, at] = path.split('@') as [string, string | undefined];
  let node: unknown = response;
  for (const key of dotted.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (at === undefined) return typeof node === 'number' ? node : undefined;
  if (!Array.isArray(node)) return undefined;
  const right = at.endsWith('+');
  const position = Number(right ? at.slice(0, -1) : at);
  const pairs = (node as [number, number][]).filter(([x]) => Math.abs(x - position) < 1e-9);
  return (right ? pairs.at(-1) : pairs[0])?.[1];
}

/** The absolute tolerance of an expectation. */
export function toleranceOf(fixture: Fixture, expectation: Expectation): number {
  return expectation.absolute ?? fixture.tolerance * Math.max(Math.abs(expectation.value), 1e-9);
}

/** Each expectation of a fixture against a response: the ones not met, as messages. */
export function misses(fixture: Fixture, response: unknown): string[] {
  return fixture.expect.flatMap((e) => {
    const got = valueAt(response, e.path);
    const ok = got !== undefined && Number.isFinite(got) && Math.abs(got - e.value) <= toleranceOf(fixture, e);
    return ok ? [] : [`${fixture.name}: ${e.path} = ${got}, expected ${e.value} (${e.source})`];
  });
}

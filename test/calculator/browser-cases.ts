/**
 * The cases of browser.test.ts (a beam, a truss and a frame, and the fields its tests edit) and the pure
 * helpers it uses on models and responses: no browser and no service here. The models and their hand results
 * are those of test/support/models.ts.
 */
import { ValuePointer } from '@sinclair/typebox/value';
import { BEAM_VIEWS, FRAME_VIEWS, TRUSS_VIEWS } from '../../ts/schema/diagram.js';
import type { Kind } from '../support/calculator.js';
import { PORTAL_FRAME, SIMPLE_BEAM, TRIANGLE_TRUSS } from '../support/models.js';

export interface Case {
  kind: Kind;
  model: object;
  views: readonly string[];
  /** A load field the test edits, and the value it types. */
  load: { name: string; value: string };
  /** A field given a value the validators refuse. */
  bad: { name: string; value: string };
  /** Fields changed first (a select), then the support row removed, to leave a mechanism. */
  mechanism: { set: { name: string; value: string }[]; remove: string };
}

export const CASES: Case[] = [
  // 6 m span, pin and roller, 10 kN/m: reactions 30 kN, 45 kN.m at midspan; 12 kN/m gives 36 kN and 54 kN.m.
  {
    kind: 'beam',
    model: SIMPLE_BEAM,
    views: BEAM_VIEWS,
    load: { name: '/loads/0/start', value: '-12' },
    bad: { name: '/spans/0/E', value: '-200' },
    // a pin alone: the beam turns about it
    mechanism: { set: [], remove: '/supports/1' },
  },
  // the 8 m x 3 m triangle, 10 kN at the apex: rafters -25/3 kN, tie +20/3 kN; 15 kN scales them by 1.5.
  {
    kind: 'truss',
    model: TRIANGLE_TRUSS,
    views: TRUSS_VIEWS,
    load: { name: '/loads/0/fy', value: '-15' },
    bad: { name: '/materials/0/E', value: '-200' },
    // the pin at node 1 alone: the truss turns about it
    mechanism: { set: [], remove: '/supports/1' },
  },
  // the 6 m x 4 m fixed-base portal with 10 kN/m on the beam: 30 kN up at each base; 14 kN/m gives 42 kN.
  {
    kind: 'frame',
    model: PORTAL_FRAME,
    views: FRAME_VIEWS,
    load: { name: '/memberLoads/0/start', value: '-14' },
    bad: { name: '/materials/0/E', value: '-200' },
    // one fixed base holds the portal; one pinned base alone lets it turn
    mechanism: { set: [{ name: '/supports/0/type', value: 'pin' }], remove: '/supports/1' },
  },
];

/** The model with the field at `pointer` set to what was typed or chosen (a number field takes the number). */
export function edited<T>(model: T, pointer: string, value: string): T {
  const copy = structuredClone(model);
  ValuePointer.Set(copy, pointer, typeof ValuePointer.Get(copy, pointer) === 'number' ? Number(value) : value);
  return copy;
}

/** A model with its units written out (SI is the default). */
export const inSI = (model: unknown) => ({ units: 'SI', ...(model as object) });

/** The field a dotted issue path (`spans.0.E`, interface-spec "issues") names: its JSON pointer (`/spans/0/E`). */
export const fieldOf = (issuePath: string) => (issuePath === '' ? '' : `/${issuePath.split('.').join('/')}`);

/** A force or moment the response gives (what the results tables must show, at least). */
const RESULT_KEYS = new Set(['vertical', 'horizontal', 'moment', 'value', 'force']);

/** JSON pointers of the numbers under `root` of `response` whose key is one of RESULT_KEYS. */
export function resultPointers(response: unknown, root: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string, key: string) => {
    if (typeof value === 'number' && RESULT_KEYS.has(key)) found.push(path);
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, `${path}/${k}`, k);
    }
  };
  walk(ValuePointer.Get(response, root), root, '');
  return found;
}

/** Where a kind's extremes are: a beam's whole `extremes`, a truss's member forces, each frame member's extremes. */
export function extremesRoots(kind: Kind, response: { members?: unknown[] }): string[] {
  if (kind === 'beam') return ['/extremes'];
  if (kind === 'truss') return ['/memberForces'];
  return (response.members ?? []).map((_, i) => `/members/${i}/extremes`);
}

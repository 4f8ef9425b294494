/**
 * The frame request schema: every golden fixture is a valid request, and each bound of interface-spec.md
 * ("A frame request has units, nodes (2 to 300), members (1 to 1000), materials (1 to 100), supports (1 to
 * 100), nodalLoads (max 500), memberLoads (max 500)") is refused past its limit with a path a user can act on.
 */
import { describe, expect, it } from 'vitest';
import { FrameSolveRequest } from '../../ts/schema/frame.js';
import { compile } from '../../ts/schema/validate.js';
import { frameFixtures } from './fixtures.js';

const validator = compile(FrameSolveRequest);
const base = frameFixtures().find((f) => f.name === 'portal-fixed-gravity')!.request;
const paths = (request: unknown) => validator.issues(request).map((i) => i.path);
const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i + 1));

describe('frame request schema', () => {
  it('accepts every golden fixture', () => {
    for (const fixture of frameFixtures()) expect(validator.issues(fixture.request), fixture.name).toEqual([]);
  });

  it('refuses each array past its bound', () => {
    expect(paths({ ...base, nodes: many(301, (id) => ({ id, x: id, y: 0 })) })).toContain('nodes');
    expect(paths({ ...base, nodes: [{ id: 1, x: 0, y: 0 }] })).toContain('nodes');
    expect(paths({ ...base, members: many(1001, (id) => ({ id, from: 1, to: 2 })) })).toContain('members');
    expect(paths({ ...base, members: [] })).toContain('members');
    expect(paths({ ...base, materials: many(101, (id) => ({ id, E: 200, A: 1, I: 1 })) })).toContain('materials');
    expect(paths({ ...base, supports: many(101, () => ({ node: 1, type: 'pin' })) })).toContain('supports');
    expect(paths({ ...base, nodalLoads: many(501, () => ({ node: 2, fx: 1 })) })).toContain('nodalLoads');
    expect(paths({ ...base, memberLoads: many(501, () => ({ type: 'point', member: 1, magnitude: 1, position: 1 })) })).toContain(
      'memberLoads',
    );
  });

  it('names the field of a bad member load, support or release', () => {
    expect(paths({ ...base, memberLoads: [{ type: 'udl', member: 2, start: -1, from: -1, to: 6 }] })).toEqual(['memberLoads.0.from']);
    expect(paths({ ...base, memberLoads: [{ type: 'point', member: 2, magnitude: -1, position: 3, direction: 'down' }] })).toEqual([
      'memberLoads.0.direction',
    ]);
    expect(paths({ ...base, supports: [{ node: 1, type: 'clamped' }] })).toEqual(['supports.0.type']);
    expect(paths({ ...base, members: [{ id: 1, from: 1, to: 2, releases: { middle: true } }] })).toEqual(['members.0.releases.middle']);
    expect(paths({ ...base, materials: [{ id: 1, E: 0, A: 1, I: 1 }] })).toEqual(['materials.0.E']);
  });

  it('rejects unknown properties at every level, the top included', () => {
    expect(paths({ ...base, spans: [] })).toEqual(['spans']);
    expect(paths({ ...base, nodalLoads: [{ node: 2, fz: 1 }] })).toEqual(['nodalLoads.0.fz']);
  });
});

/**
 * Hollow-section designations as engineers write them (decisions.md 20): the family before or after the sizes,
 * a square's side once or twice, a thickness with or without ".0", resolve to the published row; a miss suggests
 * the nearest.
 */
import { join, resolve } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { normaliseDesignation } from '../../ts/sections/index.js';
import { createApp } from '../../ts/server/app.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';

const library = loadSectionLibrary(join(resolve(import.meta.dirname, '..', '..'), 'data', 'sections'));
const server = createApp({ engine: { version: '0.0.0+hollowtest0' } as Engine, sections: library, log: () => {} }).callback();

describe('hollow-section spellings', () => {
  it.each([
    ['89x89x5.0SHS', '89 x 5 SHS'],
    ['SHS 89x89x5', '89 x 5 SHS'],
    ['89x5SHS', '89 x 5 SHS'],
    ['shs 89 x 5.0', '89 x 5 SHS'],
    ['100x50x4.0RHS', '100 x 50 x 4 RHS'],
    ['RHS 100x50x4', '100 x 50 x 4 RHS'],
    ['CHS 168.3x6.4', '168.3 x 6.4 CHS'],
    ['168.3x6.40CHS', '168.3 x 6.4 CHS'],
    ['HSS6X6X1/4', 'HSS6X6X1/4'],
    ['hss6x6x1/4', 'HSS6X6X1/4'],
  ])('%s is %s', async (spelling, name) => {
    expect(library.lookup(spelling)?.section.row.designation).toBe(name);
    const res = await request(server)
      .get(`/v1/sections/${encodeURIComponent(spelling)}`)
      .expect(200);
    expect(res.body.name).toBe(name);
  });

  it('keeps other designations as they were (only family-and-sizes names are rewritten)', () => {
    expect(normaliseDesignation('150x150x12EA')).toBe('150x150x12ea');
    expect(normaliseDesignation('UB 457x191x67')).toBe('ub457x191x67');
    // a name with the family on both sides, or none, is not a hollow designation
    expect(normaliseDesignation('SHS89x5SHS')).toBe('shs89x5shs');
    expect(normaliseDesignation('89x5')).toBe('89x5');
  });

  it('a spelling two standards share resolves in the standards order, naming the other; ?standard= picks', async () => {
    // AS/NZS 1163 "100 x 5 SHS", EN 10210-2 "SHS 100x100x5.0" and IS 4923 "SHS 100 x 100 x 5.0" are all 100x100x5 SHS
    const first = await request(server).get('/v1/sections/100x100x5SHS').expect(200);
    expect(first.body).toMatchObject({ name: '100 x 5 SHS', standard: 'AS4100', alsoIn: ['EN10365', 'IS808'] });
    const picked = await request(server).get('/v1/sections/100x100x5SHS?standard=EN10365').expect(200);
    expect(picked.body).toMatchObject({ name: 'SHS 100x100x5.0', standard: 'EN10365' });
    expect(picked.body.alsoIn).toBeUndefined();
  });

  it('a miss suggests the nearest sizes', async () => {
    // no 89 x 7 SHS is rolled; 89 x 6 SHS is one edit away in the normalised key ("89x7shs" against "89x6shs")
    const res = await request(server).get('/v1/sections/89x89x7.0SHS').expect(404);
    expect(res.body.detail).toMatch(/^No section named "89x89x7.0SHS"\. Did you mean "89 x 6 SHS"/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Model } from '../../ts/web/columns.js';
import { get, pointer, pointerOfPath, set, tokens } from '../../ts/web/pointer.js';

describe('JSON pointers of the page fields', () => {
  it('escapes ~ and / both ways (RFC 6901 section 3)', () => {
    expect(pointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(tokens('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(tokens('')).toEqual([]);
  });

  it('reads an issue path as the field it names', () => {
    expect(pointerOfPath('loads.1.magnitude')).toBe('/loads/1/magnitude');
    expect(pointerOfPath('supports.0.settlement.x')).toBe('/supports/0/settlement/x');
    expect(pointerOfPath('')).toBe('');
  });

  it('gets, sets through missing objects, and deletes with the emptied objects', () => {
    const model: Model = { supports: [{ node: 1, type: 'pin' }] };
    set(model, '/supports/0/settlement/y', -5);
    expect(get(model, '/supports/0/settlement/y')).toBe(-5);
    expect(model).toEqual({ supports: [{ node: 1, type: 'pin', settlement: { y: -5 } }] });
    set(model, '/supports/0/settlement/y', undefined);
    // settlement held nothing else, so it goes too; the row stays
    expect(model).toEqual({ supports: [{ node: 1, type: 'pin' }] });
    expect(get(model, '/supports/3/node')).toBeUndefined();
    set(model, '/loads/0/fy', undefined);
    expect(model).toEqual({ supports: [{ node: 1, type: 'pin' }] });
  });
});

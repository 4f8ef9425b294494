/**
 * Clean numbers (decisions.md 15) over long arrays of rows, which `cleanNumbers` walks by the first row's keys
 * (ts/solve/clean.ts `RowShape`): rows that differ from the first (keys in another order, a key more, a nested
 * object where the first had a number) are cleaned exactly as any object. Every expected value by hand: a value
 * below 1e-12 of its quantity's largest magnitude in the whole answer is 0; ids (`member`, `node`) are no result.
 */
import { describe, expect, it } from 'vitest';
import { cleanNumbers } from '../../ts/solve/clean.js';

/** 20 rows (the walk reads rows by shape from 16), member i + 1 carrying a force of 1000 kN. */
function rows() {
  return Array.from({ length: 20 }, (_, i): Record<string, unknown> => ({
    member: i + 1,
    force: 1000,
    start: { axial: 1000, moment: 50 },
  }));
}

describe('clean numbers over rows', () => {
  it('zeroes round-off in rows that have the first row keys and in rows that do not', () => {
    const members = rows();
    // largest force 1000 kN, so a force below 1e-9 kN is round-off; largest moment 50 kN.m, so below 5e-11 kN.m
    members[3] = { member: 4, force: 4e-10, start: { axial: 1000, moment: 4e-11 } };
    // keys in another order: the id stays (1e-20 is an id's value here, not a result), the force goes
    members[7] = { force: 3e-10, member: 1e-20, start: { moment: 50, axial: 2e-10 } };
    // a key the first row does not have: `vertical` is a force too (2e-10 < 1e-9)
    members[11] = { member: 12, force: 1000, vertical: 2e-10, start: { axial: 1000, moment: 50 } };
    // a number where the first row had an object: under `start`, whose quantity is the parent's (none here), it is left
    members[17] = { member: 18, force: 1000, start: 1e-30 };
    // 5e-10 kN is not round-off of a moment, but under `axial` it is a force: round-off
    members[19] = { member: 20, force: 1000, start: { axial: 5e-10, moment: 5e-10 } };
    const answer = { members };
    cleanNumbers([answer]);
    expect(members[3]).toEqual({ member: 4, force: 0, start: { axial: 1000, moment: 0 } });
    expect(members[7]).toEqual({ force: 0, member: 1e-20, start: { moment: 50, axial: 0 } });
    expect(members[11]).toEqual({ member: 12, force: 1000, vertical: 0, start: { axial: 1000, moment: 50 } });
    expect(members[17]).toEqual({ member: 18, force: 1000, start: 1e-30 });
    expect(members[19]).toEqual({ member: 20, force: 1000, start: { axial: 0, moment: 5e-10 } });
    expect(members[0]).toEqual({ member: 1, force: 1000, start: { axial: 1000, moment: 50 } });
  });

  it('rounds every result of every row to the digits asked, ids left whole', () => {
    const members: Record<string, unknown>[] = rows().map((row, i) => ({ ...row, member: i + 0.123456789, force: 1 / 3 }));
    members[5] = { force: 2 / 3, member: 6.123456789, start: { moment: 123456.789, axial: 1 } };
    cleanNumbers([{ members }], undefined, 4);
    // 1/3 to 4 significant digits is 0.3333, 2/3 is 0.6667, 123456.789 is 123500
    expect(members[0]).toEqual({ member: 0.123456789, force: 0.3333, start: { axial: 1000, moment: 50 } });
    expect(members[5]).toEqual({ force: 0.6667, member: 6.123456789, start: { moment: 123500, axial: 1 } });
  });
});

/**
 * Envelopes over hand-made per-combination results. The numbers are chosen so that the answer
 * is read off by inspection: the expected max and min are written next to each input.
 */
import { describe, expect, it } from 'vitest';
import { beamEnvelope, type BeamResult, type BeamRun, type Series, type TrussRun } from '../../ts/combinations/envelope.js';
import { trussEnvelope } from '../../ts/combinations/truss-envelope.js';
import type { Combination, CombinationsHeader, Factors, LimitState } from '../../ts/combinations/types.js';
import { Problem } from '../../ts/problem/index.js';

const header: CombinationsHeader = { standard: 'AS1170', occupancy: 'office' };

function combination(id: string, kind: LimitState, factors: Partial<Factors> = { G: 1 }): Combination {
  return { id, name: id, kind, factors: { G: 0, Q: 0, Qr: 0, W: 0, E: 0, S: 0, R: 0, T: 0, ...factors } };
}

// A 6 m beam with a point load at 3 m: every series holds two pairs at x = 3 (left, then right).
const X = [0, 3, 3, 6];
const series = (values: number[]): Series => values.map((v, i) => [X[i]!, v]);

interface Shape {
  shear: number[];
  moment: number[];
  deflection: number[];
  vertical: [number, number];
  moment0?: number;
  extremes: Omit<BeamResult['extremes'], 'spans'>;
}

/** One 6 m span: its largest deflection is the beam's, L/δ = 6000 mm / |δ|. */
const oneSpan = (deflection: { value: number; position: number }) => [
  { from: 0, to: 6, deflection, ratio: 6000 / Math.abs(deflection.value) },
];

function beamResult(shape: Shape): BeamResult {
  return {
    reactions: [
      { type: 'fixed', position: 0, vertical: shape.vertical[0], moment: shape.moment0 ?? 0 },
      { type: 'roller', position: 6, vertical: shape.vertical[1], moment: 0 },
    ],
    diagrams: {
      shear: series(shape.shear),
      moment: series(shape.moment),
      rotation: series([0, 0, 0, 0]),
      deflection: series(shape.deflection),
    },
    extremes: { ...shape.extremes, spans: oneSpan(shape.extremes.deflection.max) },
  };
}

const at = (value: number, position: number) => ({ value, position });

// Two ULS combinations whose series cross: A is larger left of the load, B right of it.
const A: BeamRun = {
  combination: combination('AS1170-ULS-1', 'ULS', { G: 1.35 }),
  result: beamResult({
    shear: [10, 4, -6, -12],
    moment: [0, 30, 30, 0],
    deflection: [0, -90, -90, 0],
    vertical: [10, 12],
    moment0: -3,
    extremes: {
      shear: { max: at(10, 0), min: at(-12, 6) },
      moment: { maxSagging: at(30, 3), maxHogging: at(0, 0) },
      deflection: { max: at(-90, 3), maxUp: at(0, 0), maxDown: at(-90, 3) },
    },
  }),
};
const B: BeamRun = {
  combination: combination('AS1170-ULS-2', 'ULS', { G: 1.2, Q: 1.5 }),
  result: beamResult({
    shear: [6, 8, -2, -14],
    moment: [-5, 30, 28, -5],
    deflection: [0, -80, -80, 0],
    vertical: [6, 14],
    moment0: 4,
    extremes: {
      shear: { max: at(8, 3), min: at(-14, 6) },
      // Ties A's maxSagging (30) at another position: A, first in the order given, governs.
      moment: { maxSagging: at(30, 2.5), maxHogging: at(-5, 0) },
      deflection: { max: at(-80, 3), maxUp: at(0, 0), maxDown: at(-80, 3) },
    },
  }),
};
// Two SLS combinations: C sags more, D lifts at the right end.
const C: BeamRun = {
  combination: combination('AS1170-SLS-1', 'SLS'),
  result: beamResult({
    shear: [100, 100, 100, 100],
    moment: [500, 500, 500, 500],
    deflection: [0, -5, -5, 0],
    vertical: [100, 100],
    extremes: {
      shear: { max: at(100, 0), min: at(100, 0) },
      moment: { maxSagging: at(500, 0), maxHogging: at(500, 0) },
      deflection: { max: at(-5, 3), maxUp: at(0, 0), maxDown: at(-5, 3) },
    },
  }),
};
const D: BeamRun = {
  combination: combination('AS1170-SLS-2', 'SLS', { G: 1, Q: 0.7 }),
  result: beamResult({
    shear: [-100, -100, -100, -100],
    moment: [-500, -500, -500, -500],
    deflection: [0, -4, -4, 2],
    vertical: [-100, -100],
    extremes: {
      shear: { max: at(-100, 0), min: at(-100, 0) },
      moment: { maxSagging: at(-500, 0), maxHogging: at(-500, 0) },
      deflection: { max: at(-4, 3), maxUp: at(2, 6), maxDown: at(-4, 3) },
    },
  }),
};

describe('beam envelope', () => {
  const envelope = beamEnvelope(header, [A, B, C, D]);

  it('ULS shear and moment series are pointwise max and min over ULS combinations only', () => {
    // Index by index: max(10, 6) = 10, max(4, 8) = 8, max(-6, -2) = -2, max(-12, -14) = -12.
    expect(envelope.uls?.shear).toEqual({ max: series([10, 8, -2, -12]), min: series([6, 4, -6, -14]) });
    // C and D carry moments of +/-500 that must not enter: they are SLS.
    expect(envelope.uls?.moment).toEqual({ max: series([0, 30, 30, 0]), min: series([-5, 30, 28, -5]) });
  });

  it('ULS extremes name the governing combination, max and min from different ones', () => {
    expect(envelope.uls?.extremes).toEqual({
      shear: {
        max: { value: 10, position: 0, combination: 'AS1170-ULS-1' },
        min: { value: -14, position: 6, combination: 'AS1170-ULS-2' },
      },
      moment: {
        maxSagging: { value: 30, position: 3, combination: 'AS1170-ULS-1' },
        maxHogging: { value: -5, position: 0, combination: 'AS1170-ULS-2' },
      },
    });
  });

  it('ULS reactions: max and min per support with their combination; a tie names the first', () => {
    expect(envelope.uls?.reactions).toEqual([
      {
        type: 'fixed',
        position: 0,
        vertical: { max: { value: 10, combination: 'AS1170-ULS-1' }, min: { value: 6, combination: 'AS1170-ULS-2' } },
        moment: { max: { value: 4, combination: 'AS1170-ULS-2' }, min: { value: -3, combination: 'AS1170-ULS-1' } },
      },
      {
        type: 'roller',
        position: 6,
        vertical: { max: { value: 14, combination: 'AS1170-ULS-2' }, min: { value: 12, combination: 'AS1170-ULS-1' } },
        moment: { max: { value: 0, combination: 'AS1170-ULS-1' }, min: { value: 0, combination: 'AS1170-ULS-1' } },
      },
    ]);
  });

  it('SLS deflection comes from SLS combinations only (A and B sag 90 and 80)', () => {
    expect(envelope.sls).toEqual({
      deflection: { max: series([0, -4, -4, 2]), min: series([0, -5, -5, 0]) },
      extremes: {
        deflection: {
          max: { value: -5, position: 3, combination: 'AS1170-SLS-1' },
          maxUp: { value: 2, position: 6, combination: 'AS1170-SLS-2' },
          maxDown: { value: -5, position: 3, combination: 'AS1170-SLS-1' },
        },
        // C sags 5 mm, D 4 mm: the span's largest is C's, 6000 / 5 = L/1200
        spans: [{ from: 0, to: 6, deflection: { value: -5, position: 3, combination: 'AS1170-SLS-1' }, ratio: 1200 }],
      },
    });
  });

  it('combinations[] carry id, name, kind, factors, reactions and extremes (no diagrams) in the order given', () => {
    expect(envelope.combinations.map((c) => c.id)).toEqual(['AS1170-ULS-1', 'AS1170-ULS-2', 'AS1170-SLS-1', 'AS1170-SLS-2']);
    expect(envelope.combinations[1]).toEqual({
      id: 'AS1170-ULS-2',
      name: 'AS1170-ULS-2',
      kind: 'ULS',
      factors: { G: 1.2, Q: 1.5, Qr: 0, W: 0, E: 0, S: 0, R: 0, T: 0 },
      reactions: B.result.reactions,
      extremes: B.result.extremes,
    });
    expect(Object.keys(envelope).sort()).toEqual(['combinations', 'occupancy', 'sls', 'standard', 'uls']);
  });

  it('on a tie the first combination in the order given governs', () => {
    // Reversing the ULS order makes B the first of the two moments of 30.
    const reversed = beamEnvelope(header, [B, A]);
    expect(reversed.uls?.extremes.moment.maxSagging).toEqual({ value: 30, position: 2.5, combination: 'AS1170-ULS-2' });
    // Equal magnitudes of opposite sign for the largest deflection: the first keeps it.
    const lifted: BeamRun = {
      combination: combination('AS1170-SLS-3', 'SLS'),
      result: {
        ...D.result,
        extremes: { ...D.result.extremes, deflection: { max: at(5, 6), maxUp: at(5, 6), maxDown: at(-1, 3) }, spans: oneSpan(at(5, 6)) },
      },
    };
    expect(beamEnvelope(header, [C, lifted]).sls?.extremes.deflection.max.combination).toBe('AS1170-SLS-1');
    expect(beamEnvelope(header, [lifted, C]).sls?.extremes.deflection.max).toEqual({ value: 5, position: 6, combination: 'AS1170-SLS-3' });
  });

  it('uls is absent without a ULS combination (BSL-Japan), sls without an SLS one', () => {
    const bsl = beamEnvelope({ standard: 'BSL-Japan', occupancy: 'office', snowZone: 'heavy' }, [C, D]);
    expect(bsl.uls).toBeUndefined();
    expect(bsl.sls).toBeDefined();
    expect(bsl.snowZone).toBe('heavy');
    const ulsOnly = beamEnvelope(header, [A]);
    expect(ulsOnly.sls).toBeUndefined();
    expect(ulsOnly.uls?.shear.max).toEqual(A.result.diagrams.shear);
  });

  it('echoes only standard, occupancy and snowZone of the header', () => {
    const set = { ...header, combinations: [A.combination], warnings: ['w'] };
    expect(Object.keys(beamEnvelope(set, [A])).sort()).toEqual(['combinations', 'occupancy', 'standard', 'uls']);
  });

  it('series sampled at different positions are an internal error, not a wrong envelope', () => {
    const shifted: BeamRun = {
      ...B,
      result: {
        ...B.result,
        diagrams: { ...B.result.diagrams, shear: B.result.diagrams.shear.map(([x, v]) => [x + 0.5, v] as [number, number]) },
      },
    };
    expect(() => beamEnvelope(header, [A, shifted])).toThrow(Problem);
    try {
      beamEnvelope(header, [A, shifted]);
    } catch (error) {
      expect((error as Problem).code).toBe('internal_error');
    }
  });
});

describe('truss envelope', () => {
  const truss = (
    id: string,
    kind: LimitState,
    forces: [number, number],
    reactions: [number, number],
    disp: [number, number],
  ): TrussRun => ({
    combination: combination(id, kind),
    result: {
      reactions: [{ node: 1, horizontal: reactions[0], vertical: reactions[1] }],
      memberForces: [
        { member: 1, from: 1, to: 2, force: forces[0] },
        { member: 2, from: 2, to: 3, force: forces[1] },
      ],
      displacements: [{ node: 2, dx: disp[0], dy: disp[1] }],
    },
  });
  // Member 1 changes sign between U1 (tension 10) and U2 (compression 4); member 2 ties at -3.
  const U1 = truss('IS456-ULS-1', 'ULS', [10, -3], [5, 20], [100, 100]);
  const U2 = truss('IS456-ULS-4', 'ULS', [-4, -3], [-7, 15], [-100, -100]);
  const S1 = truss('IS456-SLS-1', 'SLS', [1000, 1000], [1000, 1000], [1.5, -2]);
  const S2 = truss('IS456-SLS-4', 'SLS', [-1000, -1000], [-1000, -1000], [-0.5, -3]);
  const envelope = trussEnvelope({ standard: 'IS456', occupancy: 'office' }, [U1, U2, S1, S2]);

  it('ULS member forces: max and min with their combination, ties to the first', () => {
    expect(envelope.uls?.memberForces).toEqual([
      { member: 1, max: { value: 10, combination: 'IS456-ULS-1' }, min: { value: -4, combination: 'IS456-ULS-4' } },
      { member: 2, max: { value: -3, combination: 'IS456-ULS-1' }, min: { value: -3, combination: 'IS456-ULS-1' } },
    ]);
  });

  it('ULS reactions per node, horizontal and vertical', () => {
    expect(envelope.uls?.reactions).toEqual([
      {
        node: 1,
        horizontal: { max: { value: 5, combination: 'IS456-ULS-1' }, min: { value: -7, combination: 'IS456-ULS-4' } },
        vertical: { max: { value: 20, combination: 'IS456-ULS-1' }, min: { value: 15, combination: 'IS456-ULS-4' } },
      },
    ]);
  });

  it('SLS displacements from SLS combinations only', () => {
    expect(envelope.sls).toEqual({
      displacements: [
        {
          node: 2,
          dx: { max: { value: 1.5, combination: 'IS456-SLS-1' }, min: { value: -0.5, combination: 'IS456-SLS-4' } },
          dy: { max: { value: -2, combination: 'IS456-SLS-1' }, min: { value: -3, combination: 'IS456-SLS-4' } },
        },
      ],
    });
  });

  it('combinations[] carry reactions and memberForces', () => {
    expect(envelope.combinations[0]).toEqual({ ...U1.combination, reactions: U1.result.reactions, memberForces: U1.result.memberForces });
  });

  it('no uls without ULS combinations, no sls without SLS ones', () => {
    expect(trussEnvelope(header, [S1]).uls).toBeUndefined();
    expect(trussEnvelope(header, [U1]).sls).toBeUndefined();
    expect(trussEnvelope(header, [])).toEqual({ standard: 'AS1170', occupancy: 'office', combinations: [] });
  });

  it('members listed in a different order are an internal error', () => {
    const swapped: TrussRun = { ...U2, result: { ...U2.result, memberForces: [...U2.result.memberForces].reverse() } };
    expect(() => trussEnvelope(header, [U1, swapped])).toThrow(/do not line up/);
  });
});

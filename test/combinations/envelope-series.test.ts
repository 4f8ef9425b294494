/**
 * The series half of the beam envelope on its own: the pipeline bounds the engine's series and hands
 * the bounds to beamEnvelopeWithSeries. Values chosen so the answer is read off by inspection.
 */
import { describe, expect, it } from 'vitest';
import {
  beamEnvelope,
  beamEnvelopeWithSeries,
  beamSeriesBounds,
  diagramBounds,
  seriesBounds,
  type BeamResult,
  type BeamRun,
  type Series,
} from '../../ts/combinations/envelope.js';
import type { Combination, LimitState } from '../../ts/combinations/types.js';
import { Problem } from '../../ts/problem/index.js';

const header = { standard: 'custom', occupancy: 'office' } as const;
const combination = (id: string, kind: LimitState): Combination => ({
  id,
  name: id,
  kind,
  factors: { G: 1, Q: 0, Qr: 0, W: 0, E: 0, S: 0, R: 0, T: 0 },
});
const at = (value: number, position: number) => ({ value, position });
// positions 0, 2, 2, 4: a jump at x = 2 holds two pairs
const X = [0, 2, 2, 4];
const series = (values: number[]): Series => values.map((v, i) => [X[i]!, v]);

function run(id: string, kind: LimitState, shear: number[], moment: number[], deflection: number[]): BeamRun {
  const result: BeamResult = {
    reactions: [{ type: 'pin', position: 0, vertical: shear[0]!, moment: 0 }],
    diagrams: { shear: series(shear), moment: series(moment), rotation: series([0, 0, 0, 0]), deflection: series(deflection) },
    extremes: {
      shear: { max: at(Math.max(...shear), 0), min: at(Math.min(...shear), 4) },
      moment: { maxSagging: at(Math.max(...moment), 2), maxHogging: at(Math.min(...moment), 0) },
      deflection: { max: at(Math.min(...deflection), 2), maxUp: at(0, 0), maxDown: at(Math.min(...deflection), 2) },
      spans: [],
    },
  };
  return { combination: combination(id, kind), result };
}

const U1 = run('CUSTOM-1', 'ULS', [5, 1, -3, -7], [0, 6, 6, 0], [0, -1, -1, 0]);
const U2 = run('CUSTOM-2', 'ULS', [2, 4, -6, -4], [0, 8, 8, 0], [0, -2, -2, 0]);
const S1 = run('CUSTOM-3', 'SLS', [1, 1, -1, -1], [0, 2, 2, 0], [0, -3, -5, 0]);

describe('seriesBounds', () => {
  it('bounds index by index, so both sides of a jump stay apart', () => {
    const { max, min } = seriesBounds([U1.result.diagrams.shear, U2.result.diagrams.shear], 'shear');
    expect(max).toEqual(series([5, 4, -3, -4]));
    expect(min).toEqual(series([2, 1, -6, -7]));
  });

  it('series of different lengths or positions are an internal error', () => {
    const short: Series = [
      [0, 1],
      [4, 1],
    ];
    expect(() => seriesBounds([series([1, 1, 1, 1]), short], 'moment')).toThrow(/do not line up/);
    const moved: Series = series([1, 1, 1, 1]).map(([x, v]) => [x === 2 ? 2.5 : x, v]);
    expect(() => seriesBounds([series([1, 1, 1, 1]), moved], 'moment')).toThrow(/do not line up/);
    expect(() => seriesBounds([], 'moment')).toThrow(Problem);
  });
});

describe('beamEnvelopeWithSeries', () => {
  it('is beamEnvelope when given the bounds of the same runs', () => {
    const runs = [U1, U2, S1];
    const summaries = runs.map(({ combination, result }) => ({
      combination,
      result: { reactions: result.reactions, extremes: result.extremes },
    }));
    expect(beamEnvelopeWithSeries(header, summaries, beamSeriesBounds(runs, diagramBounds))).toEqual(beamEnvelope(header, runs));
  });

  it('ULS shear and moment bounds come from ULS runs only, deflection from SLS runs only', () => {
    const bounds = beamSeriesBounds([U1, U2, S1], diagramBounds);
    expect(bounds.uls!.moment.max).toEqual(series([0, 8, 8, 0])); // S1's 2 is not a ULS value
    expect(bounds.uls!.moment.min).toEqual(series([0, 6, 6, 0]));
    expect(bounds.sls!.deflection.min).toEqual(series([0, -3, -5, 0])); // U2's -2 is not an SLS value
    expect(beamSeriesBounds([S1], diagramBounds).uls).toBeUndefined();
    expect(beamSeriesBounds([U1], diagramBounds).sls).toBeUndefined();
  });

  it('ULS runs without their series bounds are an internal error, not an envelope without diagrams', () => {
    const summary = { combination: U1.combination, result: { reactions: U1.result.reactions, extremes: U1.result.extremes } };
    expect(() => beamEnvelopeWithSeries(header, [summary], {})).toThrow(/do not line up/);
    try {
      beamEnvelopeWithSeries(header, [summary], {});
    } catch (error) {
      expect((error as Problem).code).toBe('internal_error');
    }
  });
});

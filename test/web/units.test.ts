import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beamRequestToSI } from '../../ts/solve/beam.js';
import { frameRequestToSI } from '../../ts/solve/frame-model.js';
import { trussRequestToSI } from '../../ts/solve/truss.js';
import type { Model } from '../../ts/web/columns.js';
import { SPECS } from '../../ts/web/kinds.js';
import { convertModel } from '../../ts/web/units.js';

const fixture = (path: string) => (JSON.parse(readFileSync(`test/fixtures/${path}`, 'utf8')) as { request: Model }).request;

describe('switching units', () => {
  it('converts a beam to imperial by the units table, to 10 significant figures', () => {
    const imperial = convertModel(SPECS.beam.sample, SPECS.beam, 'imperial');
    // 6 m / 0.3048 m/ft = 19.685039370... ft; 200 GPa / (4.4482216152605 kN / 25.4² mm²) = 29007.547546... ksi;
    // 1e8 mm4 / 25.4⁴ mm4/in4 = 240.2509610029 in4; 10 kN/m / (4.4482216152605 / 0.3048) = 0.68521765857 k/ft
    expect(imperial).toEqual({
      units: 'imperial',
      spans: [{ length: 19.68503937, E: 29007.54755, I: 240.250961 }],
      supports: [
        { type: 'pin', position: 0 },
        { type: 'roller', position: 19.68503937 },
      ],
      loads: [{ type: 'udl', start: -0.6852176586, from: 0, to: 19.68503937 }],
    });
  });

  it('converts a frame to SI: 10 ft = 3.048 m, 5 kip = 22.2411080763 kN', () => {
    const model = {
      units: 'imperial',
      nodes: [
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 0, y: 10 },
      ],
      members: [{ id: 1, from: 1, to: 2 }],
      materials: [{ id: 1, E: 29000, A: 10, I: 100 }],
      supports: [{ node: 1, type: 'fixed', settlement: { rotation: 0.01 } }],
      nodalLoads: [{ node: 2, fx: 5, moment: 2 }],
    };
    const si = convertModel(model, SPECS.frame, 'SI');
    expect(si.nodes).toEqual([
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 0, y: 3.048 },
    ]);
    // 29000 ksi × 4.4482216152605 / 25.4² = 199.94796150 GPa; 10 in2 = 6451.6 mm2; 100 in4 × 25.4⁴ = 41623142.56 mm4
    expect(si.materials).toEqual([{ id: 1, E: 199.9479615, A: 6451.6, I: 41623142.56 }]);
    // a rotation is in radians in both systems; 2 kip.ft = 2 × 4.4482216152605 × 0.3048 = 2.71163589666 kN.m
    expect(si.supports).toEqual([{ node: 1, type: 'fixed', settlement: { rotation: 0.01 } }]);
    expect(si.nodalLoads).toEqual([{ node: 2, fx: 22.24110808, moment: 2.711635897 }]);
    expect(si.units).toBe('SI');
  });

  it('converts exactly as the service does when asked for every digit', () => {
    const beam = fixture('beam/imperial-simply-supported-udl.json');
    expect(convertModel(beam, SPECS.beam, 'SI', true)).toEqual(beamRequestToSI(beam as never));
    const frame = fixture('frame/three-hinged-portal-imperial.json');
    expect(convertModel(frame, SPECS.frame, 'SI', true)).toEqual(frameRequestToSI(frame as never, undefined));
    const truss: Model = { ...fixture('truss/triangle.json'), units: 'imperial' };
    expect(convertModel(truss, SPECS.truss, 'SI', true)).toEqual(trussRequestToSI(truss as never, undefined));
  });

  it('leaves a model in its own units as it is', () => {
    expect(convertModel(SPECS.truss.sample, SPECS.truss, 'SI')).toEqual(SPECS.truss.sample);
  });
});

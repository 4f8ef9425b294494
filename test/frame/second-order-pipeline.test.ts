/**
 * The frame pipeline's second-order pieces beyond the route's goldens: an engine that does not converge is a
 * 422 engine_error; the equilibrium check balances on the deformed geometry only with the P-Δ couples; the
 * `buckling` figure draws the mode and names its factor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineFailure, type Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { Problem } from '../../ts/problem/index.js';
import { renderFrameDiagram } from '../../ts/solve/diagram.js';
import { equilibriumResidual, frameActions } from '../../ts/solve/equilibrium.js';
import { solveFrame } from '../../ts/solve/frame.js';
import { pDeltaCouples } from '../../ts/solve/second-order.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});
const BASE = 'http://localhost:3000';

// SI cantilever column, 5 m, EI = 200 GPa × 8e7 mm⁴ = 16,000 kN.m²: Euler's π²EI/4L² = 1,579.1 kN
const column = (p: number) => ({
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: 5 },
  ],
  members: [{ id: 1, from: 1, to: 2 }],
  materials: [{ id: 1, E: 200, A: 5000, I: 8e7 }],
  supports: [{ node: 1, type: 'fixed' as const }],
  nodalLoads: [{ node: 2, fx: 10, fy: -p }],
  analysis: { order: 'second' as const },
});

describe('refusals of the engine', () => {
  it('not converging is 422 engine_error, never a 500', () => {
    const stuck: Engine = {
      ...engine,
      solveFrame: () => {
        throw new EngineFailure({ kind: 'notConverged', message: 'the axial forces of load arrangement 0 changed by more than 1e-10' });
      },
    };
    let problem: unknown;
    try {
      solveFrame(column(500), { engine: stuck, baseUrl: BASE });
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(Problem);
    expect((problem as Problem).code).toBe('engine_error');
    expect((problem as Problem).detail).toContain('changed by more than');
  });
});

describe('equilibrium on the deformed geometry', () => {
  it('balances with the P-Δ couples, and misses by P·Δ without them', () => {
    const response = solveFrame(column(1000), { engine, baseUrl: BASE, link: false });
    expect(response.meta.check!.equilibrium).toBeLessThan(1e-10);
    const request = { ...column(1000), units: 'SI' as const };
    const actions = frameActions(request, response.reactions);
    // the base moment HL + PΔ is the largest moment of any action (the load's about the origin is HL = 50 kN.m):
    // without the column's couple the moments about the origin miss by PΔ of it
    const tipSway = response.displacements[1]!.dx / 1000; // m
    const missing = equilibriumResidual(actions);
    const baseMoment = Math.abs(response.reactions[0]!.moment);
    expect(Math.abs(missing - (1000 * tipSway) / baseMoment)).toBeLessThan(1e-9);
    const si = { ...request, materials: [{ id: 1, E: 200, A: 5000, I: 8e7 }] };
    expect(equilibriumResidual([...actions, ...pDeltaCouples(si, response.displacements, 'SI')])).toBeLessThan(1e-10);
  });
});

describe('the buckling figure', () => {
  it("draws the mode with its factor: the cantilever's π²EI/4L²/P", () => {
    const svg = renderFrameDiagram({ ...column(1000), analysis: { buckling: 1 }, view: 'buckling' }, { engine, baseUrl: BASE });
    const factor = (Math.PI ** 2 * 16000) / (4 * 25 * 1000);
    expect(svg).toContain('buckling mode 1');
    expect(svg).toContain(`critical load factor ${factor.toPrecision(3)}`);
  });

  it('draws a mode past those asked for, says how to ask when none are, and refuses `mode` with another view', () => {
    const svg = renderFrameDiagram({ ...column(1000), analysis: { buckling: 1 }, view: 'buckling', mode: 2 }, { engine, baseUrl: BASE });
    // the second mode of a cantilever: 9π²EI/4L² (the caption gives 3 significant figures)
    expect(svg).toContain(`critical load factor ${((9 * Math.PI ** 2 * 16000) / (4 * 25 * 1000)).toPrecision(3)}`);
    const { analysis: _, ...plain } = column(1000);
    expect(renderFrameDiagram({ ...plain, view: 'buckling' }, { engine, baseUrl: BASE })).toContain(
      'no buckling mode 1: ask for critical load factors with analysis.buckling',
    );
    expect(() => renderFrameDiagram({ ...plain, view: 'moment', mode: 2 }, { engine, baseUrl: BASE })).toThrow(Problem);
  });
});

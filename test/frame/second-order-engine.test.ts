/**
 * The engine facade's second-order frame solve and critical factors (issue 33), through the WebAssembly binding:
 * the AISC 360-16 Commentary C2.2 Case 2 cantilever and Euler's fixed-free column against their closed forms, and
 * refusals as problems (a buckled arrangement is 422 `unstable_structure`, never a 500). The engine's own tests
 * (crates/engine/tests/second_order*.rs) hold the full set of closed forms and the generative checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import type { EngineFrameModel } from '../../ts/engine/frame-model.js';
import { engineProblem } from '../../ts/solve/failures.js';
import { Problem } from '../../ts/problem/index.js';

const KIP = 4.4482216152605; // kN
const INCH = 0.0254; // m
// W14X48: Ix = 484 in⁴, A = 14.1 in², E = 29,000 ksi; 28 ft
const [E, A, I, L] = [(29000 * KIP) / INCH ** 2, 14.1 * INCH ** 2, 484 * INCH ** 4, 28 * 12 * INCH];

/** The cantilever of Case 2: fixed base, H sideways and P down at the top. */
function cantilever(h: number, p: number): EngineFrameModel {
  return {
    nodes: [
      { x: 0, y: 0 },
      { x: 0, y: L },
    ],
    members: [{ from: 0, to: 1, e: E, a: A, i: I, releaseStart: false, releaseEnd: false }],
    supports: [{ node: 0, kind: 'fixed', angle: 0, settlement: { x: 0, y: 0, rotation: 0 } }],
    nodalLoads: [{ node: 1, fx: h, fy: -p, moment: 0, case: 0 }],
    memberLoads: [],
  };
}

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('second order through the binding', () => {
  it('gives the Case 2 base moment HL·tan(kL)/kL (printed 848 kip-in at P = 200 kip)', () => {
    const kl = Math.sqrt((200 * KIP) / (E * I)) * L;
    const want = (KIP * L * Math.tan(kl)) / kl;
    const solved = engine.solveFrame(cantilever(KIP, 200 * KIP), [[1]], 0, { secondOrder: true, buckling: 0, bucklingOf: [false] });
    const base = Math.abs(solved.results[0]!.reactions[0]!.moment);
    expect(Math.abs(base - want) / want).toBeLessThan(1e-9);
    expect(Math.abs(base / (KIP * INCH) - 848) / 848).toBeLessThan(5e-3);
    // the column's axial force is P before and after: one solve with the re-formed member settles it
    expect(solved.results[0]!.iterations).toBe(1);
  });

  it("gives Euler's fixed-free factor π²EI/4L²P with its mode scaled to a unit sway", () => {
    const p = 100 * KIP;
    const solved = engine.solveFrame(cantilever(0, p), [[1]], 0, { secondOrder: false, buckling: 2, bucklingOf: [true] });
    const [first, second] = solved.results[0]!.buckling!;
    expect(Math.abs(first!.factor / ((Math.PI ** 2 * E * I) / (4 * L * L * p)) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(second!.factor / ((9 * Math.PI ** 2 * E * I) / (4 * L * L * p)) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(first!.displacements[1]!.x)).toBe(1);
    expect(solved.results[0]!.iterations).toBe(0);
  });

  it('refuses loads past the critical load as 422 unstable_structure', () => {
    const critical = (Math.PI ** 2 * E * I) / (4 * L * L);
    let problem: Problem | undefined;
    try {
      engine.solveFrame(cantilever(KIP, 1.2 * critical), [[1]], 0, { secondOrder: true, buckling: 0, bucklingOf: [false] });
    } catch (error) {
      problem = engineProblem(error, () => 'mechanism');
    }
    expect(problem?.code).toBe('unstable_structure');
  });
});

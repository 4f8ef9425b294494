/**
 * OpenAPI examples of a frame's `analysis` (decisions.md 18 and 19): a second-order solve with critical factors,
 * and the 422 a combination past its critical load answers (test/openapi checks it against the live service).
 */
import type { Example } from './examples.js';

/** The AISC 360-16 Commentary C2.2 Case 2 cantilever: W14X48, 28 ft, 1 kip sideways and 200 kip down at its top. */
const cantilever = {
  units: 'imperial',
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: 28 },
  ],
  members: [{ id: 1, from: 1, to: 2 }],
  materials: [{ id: 1, section: 'W14X48' }],
  supports: [{ node: 1, type: 'fixed' }],
  nodalLoads: [{ node: 2, fx: 1, fy: -200, case: 'G' }],
};

export const frameAnalysisExamples: Record<string, Example> = {
  secondOrder: {
    summary:
      'Second order and the two lowest critical factors of the AISC C2.2 Case 2 cantilever (W14X48, 28 ft, P = 200 kip, H = 1 kip): base moment 70.7 k.ft (848 kip-in), factor 1.534',
    value: { ...cantilever, analysis: { order: 'second', buckling: 2 } },
  },
};

/** The cantilever with its loads doubled by a custom ULS combination: 400 kip is past Euler's 306.8 kip. */
export const bucklingRequest = {
  ...cantilever,
  analysis: { order: 'second' },
  combinations: { standard: 'custom', custom: [{ name: 'doubled', kind: 'ULS', factors: { G: 2 } }] },
};

const hint =
  "The loads of combination CUSTOM-1 reach the frame's elastic critical load, so the second-order analysis has no equilibrium. " +
  'Their lowest elastic critical load factor is 0.76711 (with first-order axial forces). Reduce the loads, or stiffen or brace the compressed members.';

export const bucklingProblemExamples: Record<string, Example> = {
  buckled: {
    summary:
      'Second order, the cantilever of the secondOrder example with its loads doubled by a custom ULS combination (400 kip > 306.8 kip)',
    value: {
      type: 'http://localhost:3000/problems/unstable_structure',
      title: 'Unstable structure',
      status: 422,
      code: 'unstable_structure',
      detail: hint,
      mechanism: { kind: 'buckling', combination: 'CUSTOM-1', factor: 0.767109890739089, hint },
    },
  },
};

/**
 * The benchmark fixtures (written by the engine's native examples, in engine units) as API requests, for
 * the benchmarks that go through the pipeline, HTTP or the calculator page.
 */
import { readFileSync } from 'node:fs';
import { LOAD_CASES } from '../ts/combinations/index.js';
import type { EngineBeamModel, EngineTrussModel } from '../ts/engine/types.js';
import type { BeamLoadInput, BeamSolveRequest } from '../ts/schema/beam.js';

export const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

/**
 * The 20-span, 200-load beam in API shape: E in GPa, I in mm4, clockwise moments; q = [a, b, c] over
 * s = x - from is a udl when c = 0, else an area load p(s)·w(s) with w(0) = 1: p0 = a, p'·w' = c, a·w' + p' = b.
 */
export function beamRequest(model: EngineBeamModel): BeamSolveRequest {
  return {
    spans: model.spans.map((s) => ({
      length: s.length,
      E: s.e / 1e6,
      I: s.i * 1e12,
      ...(s.hinge && { connection: 'hinge' as const }),
    })),
    supports: model.supports.map((s) => ({ type: s.kind, position: s.position, settlement: s.settlement * 1000 })),
    loads: model.loads.map((l): BeamLoadInput => {
      const loadCase = LOAD_CASES[l.case]!;
      if (l.type === 'point') return { type: 'point', magnitude: l.force, position: l.position, case: loadCase };
      if (l.type === 'moment') return { type: 'moment', magnitude: -l.moment, position: l.position, case: loadCase };
      const [a, b, c] = l.q;
      const length = l.to - l.from;
      if (c === 0) return { type: 'udl', start: a, end: a + b * length, from: l.from, to: l.to, case: loadCase };
      const dw = (b - Math.sqrt(b * b - 4 * a * c)) / (2 * a);
      return {
        type: 'area',
        start: a,
        end: a + (c / dw) * length,
        width: 1,
        endWidth: 1 + dw * length,
        from: l.from,
        to: l.to,
        case: loadCase,
      };
    }),
  };
}

/** The 300-node, 1000-member lattice of the engine benchmarks as an API request (SI: GPa, mm2). */
export function latticeRequest() {
  const { model } = JSON.parse(readFileSync(fixture('truss-300.json'), 'utf8')) as { model: EngineTrussModel };
  const materialKey = (m: { e: number; a: number }) => `${m.e}/${m.a}`;
  const materials = [...new Map(model.members.map((m) => [materialKey(m), m])).values()].map((m, i) => ({
    id: i + 1,
    E: m.e / 1e6,
    A: m.a * 1e6,
  }));
  const materialOf = new Map(materials.map((m, i) => [materialKey({ e: m.E * 1e6, a: m.A / 1e6 }), i + 1]));
  return {
    nodes: model.nodes.map((n, i) => ({ id: i + 1, x: n.x, y: n.y })),
    members: model.members.map((m, i) => ({ id: i + 1, from: m.from + 1, to: m.to + 1, material: materialOf.get(materialKey(m)) ?? 1 })),
    materials,
    supports: model.supports.map((s) => ({ node: s.node + 1, type: s.kind, angle: (s.angle * 180) / Math.PI })),
    loads: model.loads.map((l) => ({ node: l.node + 1, fx: l.fx, fy: l.fy, case: LOAD_CASES[l.case] })),
  };
}

/**
 * The benchmark fixtures (written by the engine's native examples, in engine units) as API requests, for
 * the benchmarks that go through the pipeline, HTTP or the calculator page.
 */
import { readFileSync } from 'node:fs';
import { LOAD_CASES } from '../ts/combinations/index.js';
import type { EngineFrameModel, EngineLoadDirection } from '../ts/engine/frame-model.js';
import type { EngineBeamModel, EngineTrussModel } from '../ts/engine/types.js';
import type { BeamLoadInput, BeamSolveRequest } from '../ts/schema/beam.js';
import { MAX_MEMBER_LOADS } from '../ts/schema/frame.js';

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

const FRAME_DIRECTIONS: Record<EngineLoadDirection, string> = {
  globalX: 'global-x',
  globalY: 'global-y',
  localX: 'local-x',
  localY: 'local-y',
};

/** Uniform loads over the same stretch of the same member summed into one (case G); other loads as they are. */
function unfactoredLineLoads(loads: EngineFrameModel['memberLoads']): EngineFrameModel['memberLoads'] {
  const merged = new Map<string, EngineFrameModel['memberLoads'][number]>();
  const rest: EngineFrameModel['memberLoads'] = [];
  for (const load of loads) {
    const k = load.kind;
    if (k.type !== 'line' || k.start !== k.end) {
      rest.push(load);
      continue;
    }
    const at = `${load.member}/${k.from}/${k.to}/${k.direction}`;
    const sum = merged.get(at);
    if (sum?.kind.type === 'line')
      merged.set(at, { ...sum, kind: { ...sum.kind, start: sum.kind.start + k.start, end: sum.kind.end + k.end } });
    else merged.set(at, { ...load, case: 0 });
  }
  return [...merged.values(), ...rest];
}

/**
 * The 300-node, 1000-member frame of the engine benchmark as an API request (SI: GPa, mm2, mm4, clockwise
 * moments). The engine benchmark puts dead and live load on every beam, 522 member loads, where a request takes
 * 500: each beam's two uniform loads become their sum here (case G), which leaves the unfactored analysis the
 * service answers unchanged (every case at factor 1). With `keepCases` (for combinations, where the cases
 * matter) the loads keep their cases instead and the request takes the first 500 member loads of the 522. Every
 * default is left out (material 1 is the most used, case G, global-y, uniform loads, zero components).
 */
export function frameRequest(keepCases = false) {
  const { model } = JSON.parse(readFileSync(fixture('frame-300.json'), 'utf8')) as { model: EngineFrameModel };
  const key = (m: { e: number; a: number; i: number }) => `${m.e}/${m.a}/${m.i}`;
  const uses = new Map<string, { m: EngineFrameModel['members'][number]; count: number }>();
  for (const m of model.members) uses.set(key(m), { m, count: (uses.get(key(m))?.count ?? 0) + 1 });
  const distinct = [...uses.values()].sort((a, b) => b.count - a.count).map((u) => u.m);
  const materialOf = new Map(distinct.map((m, k) => [key(m), k + 1]));
  const unless = <T>(value: T, byDefault: T, field: string) => (value === byDefault ? {} : { [field]: value });
  const loadCase = (c: number) => unless(LOAD_CASES[c], 'G', 'case');
  const direction = (d: EngineLoadDirection) => unless(FRAME_DIRECTIONS[d], 'global-y', 'direction');
  return {
    nodes: model.nodes.map((n, i) => ({ id: i + 1, x: n.x, y: n.y })),
    members: model.members.map((m, i) => ({
      id: i + 1,
      from: m.from + 1,
      to: m.to + 1,
      ...unless(materialOf.get(key(m)), 1, 'material'),
      ...((m.releaseStart || m.releaseEnd) && {
        releases: { ...unless(m.releaseStart, false, 'start'), ...unless(m.releaseEnd, false, 'end') },
      }),
    })),
    materials: distinct.map((m, k) => ({ id: k + 1, E: m.e / 1e6, A: m.a * 1e6, I: m.i * 1e12 })),
    supports: model.supports.map((s) => ({ node: s.node + 1, type: s.kind, ...unless((s.angle * 180) / Math.PI, 0, 'angle') })),
    nodalLoads: model.nodalLoads.map((l) => ({
      node: l.node + 1,
      ...unless(l.fx, 0, 'fx'),
      ...unless(l.fy, 0, 'fy'),
      ...unless(-l.moment, 0, 'moment'),
      ...loadCase(l.case),
    })),
    memberLoads: (keepCases ? model.memberLoads.slice(0, MAX_MEMBER_LOADS) : unfactoredLineLoads(model.memberLoads)).map(
      ({ member, kind: k, case: c }) => {
        const common = { member: member + 1, ...loadCase(c) };
        if (k.type === 'point') return { type: 'point', ...common, magnitude: k.force, position: k.at, ...direction(k.direction) };
        if (k.type === 'moment') return { type: 'moment', ...common, magnitude: -k.moment, position: k.at };
        return {
          type: 'udl',
          ...common,
          start: k.start,
          ...unless(k.end, k.start, 'end'),
          from: k.from,
          to: k.to,
          ...direction(k.direction),
        };
      },
    ),
  };
}

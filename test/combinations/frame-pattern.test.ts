/**
 * Pattern loading on frames (decisions.md 17): the golden two-bay portal of test/fixtures/pattern-frame over HTTP
 * (each number a slope-deflection closed form named beside it), brute force through the service on random frames
 * (every one of the 2^n arrangements solved as an ordinary request with the absent pieces' loads left out, under the
 * same custom combinations: the patterned envelope is their largest and smallest, and each named arrangement solved on
 * its own reproduces its bound), and the envelope's shape, warnings, refusals and figure.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures, misses } from '../support/fixtures.js';
import { loadEngine } from '../../ts/engine/node.js';
import { solveFrame } from '../../ts/solve/frame.js';
import { plainData } from '../../ts/solve/json-text.js';
import {
  dominated,
  generateCombinations,
  LOAD_CASES,
  type Arrangement,
  type Combination,
  type Factors,
  type LimitState,
} from '../../ts/combinations/index.js';
import { patternFlags } from '../../ts/solve/frame-pattern.js';
import type { SolveContext } from '../../ts/solve/context.js';
import { solveOverHttp } from './over-http.js';

const { post, solveFrame: solveFrameOverHttp } = solveOverHttp();

/** The object at a dotted path. */
function objectAt(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);
}

describe('pattern loading: the golden two-bay portal', () => {
  for (const f of fixtures('pattern-frame')) {
    it(`${f.name}: ${f.description.slice(0, 80)}`, async () => {
      const body = await solveFrameOverHttp(f.request);
      expect(misses(f, body)).toEqual([]);
      for (const a of f.arrangements ?? []) expect((objectAt(body, a.path) as { pattern: unknown }).pattern, a.path).toEqual(a.pattern);
    });
  }
});

const portal = () => fixtures('pattern-frame').find((f) => f.name === 'two-bay-portal-live-pattern')!.request;

describe('pattern loading on frames: the envelope around it', () => {
  it('lists the pieces by member and node, and leaves the combinations and the unfactored analysis fully loaded', async () => {
    const request = portal();
    request.nodalLoads = [{ node: 5, fx: 4, case: 'Q' }];
    const body = await solveFrameOverHttp(request);
    expect(objectAt(body, 'envelope.pattern')).toEqual({
      cases: ['Q'],
      pieces: [
        { case: 'Q', member: 2 },
        { case: 'Q', member: 4 },
        { case: 'Q', node: 5 },
      ],
    });
    const plain = await solveFrameOverHttp({ ...request, combinations: { ...request.combinations, pattern: undefined } });
    expect(objectAt(plain, 'envelope.pattern')).toBeUndefined();
    // to round-off of the largest magnitude (its stiff members make the system ill-conditioned): a patterned case is solved piece by piece and summed
    const scale = Math.max(
      ...JSON.stringify(plain.envelope)
        .match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g)!
        .map((v) => Math.abs(Number(v))),
    );
    const near = (got: unknown, want: unknown): void => {
      if (typeof want === 'number') expect(Math.abs((got as number) - want)).toBeLessThanOrEqual(1e-10 * scale);
      else if (want !== null && typeof want === 'object')
        for (const [k, v] of Object.entries(want)) near((got as Record<string, unknown>)[k], v);
      else expect(got).toEqual(want);
    };
    near(objectAt(body, 'envelope.combinations'), objectAt(plain, 'envelope.combinations'));
    near(body.reactions, plain.reactions);
    expect(objectAt(plain, 'envelope.uls.reactions.0.moment.max.pattern')).toBeUndefined();
  });

  it('warns about a patterned case that no load carries, and names the empty arrangement', async () => {
    const request = portal();
    const body = await solveFrameOverHttp({ ...request, combinations: { ...request.combinations, pattern: ['W'] } });
    expect(objectAt(body, 'meta.warnings')).toContain('combinations.pattern: no load is in case W, so there is nothing of it to pattern.');
    expect(objectAt(body, 'envelope.pattern')).toEqual({ cases: ['W'], pieces: [] });
    expect(objectAt(body, 'envelope.uls.members.1.moment.maxSagging.pattern')).toEqual([]);
    // no combination has a piece (W is in none of them, and has no load): every bound, largest and smallest, of
    // every reaction, member and node names the empty arrangement, as its combination's own result
    const bounds = JSON.stringify([objectAt(body, 'envelope.uls'), objectAt(body, 'envelope.sls')]).match(
      /"(max|min|maxSagging|maxHogging)":\{[^{}]*\}/g,
    )!;
    expect(bounds.length).toBe(2 * 3 * (3 + 5 + 6));
    for (const bound of bounds) expect(bound).toMatch(/"pattern":\[\]/);
  });

  it('refuses a case that is not a load case, and a pattern outside combinations, at their paths', async () => {
    const request = portal();
    const wrong = await post('/v1/frame/solve', { ...request, combinations: { ...request.combinations, pattern: ['Q', 'L'] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues.map((i: { path: string }) => i.path)).toEqual(['combinations.pattern.1']);
    const { combinations: _none, ...bare } = request;
    const outside = await post('/v1/frame/solve', { ...bare, pattern: ['Q'] });
    expect(outside.status).toBe(400);
    expect(outside.body.issues.map((i: { path: string }) => i.path)).toEqual(['pattern']);
  });

  it('draws the patterned moment envelope and says so in the caption', async () => {
    const res = await post('/v1/frame/diagram', { ...portal(), view: 'moment', combination: 'envelope' });
    expect(res.status).toBe(200);
    const svg = String(res.body instanceof Buffer ? res.body.toString('utf8') : res.text);
    expect(svg).toContain('moment max and min, Q patterned');
    // the left beam's sagging peak over every arrangement, 14.07 kN.m (two-bay-portal-live-pattern.json)
    expect(svg).toContain('14.1');
  });
});

// ---------------------------------------------------------------------------------------------
// Brute force through the service

/** SplitMix-like deterministic numbers, so every run tests the same frames. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Request = Record<string, unknown> & { memberLoads: Record<string, unknown>[]; nodalLoads: Record<string, unknown>[] };

/** A frame of 1-3 bays, one or two storeys, dead load on the beams and live load on `pieces` members and nodes. */
function randomFrame(next: () => number, pieces: number): Request {
  const bays = 1 + Math.floor(next() * 3);
  const storeys = 1 + Math.floor(next() * 2);
  const widths = Array.from({ length: bays }, () => 3 + Math.round(next() * 50) / 10);
  const nodes: { id: number; x: number; y: number }[] = [];
  const id = (col: number, level: number) => level * (bays + 1) + col + 1;
  for (let level = 0; level <= storeys; level++)
    for (let col = 0; col <= bays; col++)
      nodes.push({ id: id(col, level), x: widths.slice(0, col).reduce((a, b) => a + b, 0), y: 3.5 * level });
  const members: { id: number; from: number; to: number; releases?: object }[] = [];
  for (let level = 0; level < storeys; level++)
    for (let col = 0; col <= bays; col++) members.push({ id: members.length + 1, from: id(col, level), to: id(col, level + 1) });
  const beams: number[] = [];
  for (let level = 1; level <= storeys; level++)
    for (let col = 0; col < bays; col++) {
      beams.push(members.length + 1);
      members.push({
        id: members.length + 1,
        from: id(col, level),
        to: id(col + 1, level),
        ...(next() < 0.15 && { releases: { end: true } }),
      });
    }
  const lengthOf = (m: number) => {
    const { from, to } = members[m - 1]!;
    const [a, b] = [nodes[from - 1]!, nodes[to - 1]!];
    return Math.hypot(b.x - a.x, b.y - a.y);
  };
  const memberLoads: Record<string, unknown>[] = beams.map((m) => ({
    type: 'udl',
    member: m,
    start: -(5 + Math.round(next() * 15)),
    from: 0,
    to: lengthOf(m),
    case: 'G',
  }));
  const nodalLoads: Record<string, unknown>[] = [];
  const places = [...members.map((m) => ['member', m.id] as const), ...nodes.slice(bays + 1).map((n) => ['node', n.id] as const)];
  places.sort(() => next() - 0.5);
  for (const [kind, at] of places.slice(0, pieces)) {
    if (kind === 'node') {
      nodalLoads.push({ node: at, fx: Math.round(next() * 20 - 10), fy: -Math.round(next() * 30), case: 'Q' });
      continue;
    }
    const l = lengthOf(at);
    const choice = Math.floor(next() * 3);
    if (choice === 0) memberLoads.push({ type: 'udl', member: at, start: -10, from: 0, to: l, case: 'Q' });
    else if (choice === 1)
      memberLoads.push({ type: 'point', member: at, magnitude: 12, position: 0.4 * l, direction: 'global-x', case: 'Q' });
    else memberLoads.push({ type: 'udl', member: at, start: -12, end: -4, from: 0.2 * l, to: 0.9 * l, direction: 'local-y', case: 'Q' });
  }
  const supports = nodes.slice(0, bays + 1).map((n, k) => ({ node: n.id, type: k === 0 || next() < 0.5 ? 'fixed' : 'pin' }));
  return {
    units: 'SI',
    nodes,
    members,
    materials: [{ id: 1, E: 200, A: 8000, I: 1e8 }],
    supports,
    memberLoads,
    nodalLoads,
    // custom rows (AS1170's 1.2G + 1.5Q, 1.2G + 0.6Q, 1.35G, G + 0.7Q and G + 0.4Q): an arrangement without live load
    // keeps them all; the service bounds neither 1.35G (no patterned case: its own result) nor the rows with a smaller
    // live load factor after a row of the same dead load (never above it), and the brute force solves them all
    combinations: {
      standard: 'custom',
      custom: [
        { name: 'strength', kind: 'ULS', factors: { G: 1.2, Q: 1.5 } },
        { name: 'dead', kind: 'ULS', factors: { G: 1.35 } },
        { name: 'long-term', kind: 'ULS', factors: { G: 1.2, Q: 0.6 } },
        { name: 'service', kind: 'SLS', factors: { G: 1, Q: 0.7 } },
        { name: 'quasi-permanent', kind: 'SLS', factors: { G: 1, Q: 0.4 } },
      ],
    },
  };
}

interface Piece {
  case: string;
  member?: number;
  node?: number;
}

/** The request with the live loads of the pieces `present` only, and no pattern. */
function arranged(request: Request, pieces: readonly Piece[], present: (k: number) => boolean): Request {
  const keep = (load: Record<string, unknown>, key: 'member' | 'node') =>
    load.case !== 'Q' || present(pieces.findIndex((p) => p[key] === load[key] && p.case === 'Q'));
  return {
    ...request,
    memberLoads: request.memberLoads.filter((l) => keep(l, 'member')),
    nodalLoads: request.nodalLoads.filter((l) => keep(l, 'node')),
  };
}

type Bound = { value: number; pattern?: Arrangement; combination: string };
type Body = ReturnType<typeof solveFrame>;

/** Every bound of an envelope: `[path, bound, side]`, and where a combination's own result holds that quantity. */
function boundsOf(body: Body): { bound: Bound; max: boolean; own: (c: Record<string, never>) => number }[] {
  const out: { bound: Bound; max: boolean; own: (c: Record<string, never>) => number }[] = [];
  const env = body.envelope!;
  env.uls!.reactions.forEach((r, s) => {
    for (const q of ['horizontal', 'vertical', 'moment'] as const)
      for (const max of [true, false])
        out.push({ bound: r[q][max ? 'max' : 'min'] as Bound, max, own: (c) => objectAt(c, `reactions.${s}.${q}`) as number });
  });
  env.uls!.members.forEach((m, k) => {
    const sides = [
      ['axial', 'max', 'axial.max'],
      ['axial', 'min', 'axial.min'],
      ['shear', 'max', 'shear.max'],
      ['shear', 'min', 'shear.min'],
      ['moment', 'maxSagging', 'moment.maxSagging'],
      ['moment', 'maxHogging', 'moment.maxHogging'],
    ] as const;
    for (const [q, side, path] of sides) {
      const bound = (m[q] as Record<string, Bound>)[side]!;
      out.push({
        bound,
        max: side === 'max' || side === 'maxSagging',
        own: (c) => objectAt(c, `members.${k}.extremes.${path}.value`) as number,
      });
    }
  });
  env.sls!.displacements.forEach((d, n) => {
    for (const q of ['dx', 'dy', 'rotation'] as const)
      for (const max of [true, false])
        out.push({ bound: d[q][max ? 'max' : 'min'] as Bound, max, own: (c) => objectAt(c, `displacements.${n}.${q}`) as number });
  });
  return out;
}

describe('pattern loading on frames: brute force over every arrangement through the service', () => {
  let context: SolveContext;
  beforeAll(async () => {
    context = { engine: await loadEngine(), baseUrl: 'http://localhost:3000' };
  });

  it('finds the largest and smallest of all 2^n arrangements, each named arrangement reproducing its bound', () => {
    const next = random(32);
    for (const n of [1, 3, 5, 7, 10]) {
      const request = randomFrame(next, n);
      const patterned = solveFrame({ ...request, combinations: { ...(request.combinations as object), pattern: ['Q'] } }, context);
      const pieces = patterned.envelope!.pattern!.pieces as Piece[];
      const bounds = boundsOf(patterned);
      const scale = Math.max(1, ...bounds.map((b) => Math.abs(b.bound.value)));
      const brute = bounds.map((b) => (b.max ? -Infinity : Infinity));
      for (let mask = 0; mask < 1 << pieces.length; mask++) {
        const each = boundsOf(
          solveFrame(
            arranged(request, pieces, (k) => ((mask >> k) & 1) === 1),
            context,
          ),
        );
        each.forEach((b, i) => (brute[i] = b.max ? Math.max(brute[i]!, b.bound.value) : Math.min(brute[i]!, b.bound.value)));
      }
      bounds.forEach((b, i) => {
        expect(Math.abs(b.bound.value - brute[i]!), `${n} pieces, bound ${i}`).toBeLessThanOrEqual(1e-9 * scale);
        // the arrangement as the answer names it (the pipeline holds the engine's bits until then)
        const named = plainData(b.bound.pattern!) as Piece[];
        const alone = solveFrame(
          arranged(request, pieces, (k) => named.some((p) => p.member === pieces[k]!.member && p.node === pieces[k]!.node)),
          context,
        );
        const combination = alone.envelope!.combinations.find((c) => c.id === b.bound.combination) as unknown as Record<string, never>;
        expect(Math.abs(b.own(combination) - b.bound.value), `${n} pieces, bound ${i} named`).toBeLessThanOrEqual(1e-9 * scale);
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Combinations another bounds over every arrangement

describe('pattern loading on frames: the combinations that never govern', () => {
  const rows = (...rows: [LimitState, Partial<Factors>][]): Combination[] =>
    rows.map(([kind, f], k) => ({
      id: `c${k}`,
      name: `c${k}`,
      kind,
      factors: { ...Object.fromEntries(LOAD_CASES.map((c) => [c, 0])), ...f } as Factors,
    }));

  it("leaves out AS1170's rows whose live load factor is smaller than an earlier row's of the same dead and wind load", () => {
    // AS/NZS 1170.0 4.2.2 for G, Q and W, in the order generated: 1.35G; 1.2G + 1.5Q; 1.2G + 0.6Q (psi_l Q, the same
    // 1.2G with 0.4 of the earlier live load: outdone); 1.2G + 0.4Q + W; 0.9G + W; then SLS G; G + 0.7Q; G + 0.4Q
    // (the same G with 4/7 of G + 0.7Q's live load: outdone). G comes before G + 0.7Q, which bounds it: on a tie the
    // earlier governs, so it stays
    const set = generateCombinations({ standard: 'AS1170' }, ['G', 'Q', 'W']);
    expect(set.combinations.map((c) => c.name)).toEqual([
      '1.35G',
      '1.2G + 1.5Q',
      '1.2G + 0.6Q',
      '1.2G + 0.4Q + W',
      '0.9G + W',
      'G',
      'G + 0.7Q',
      'G + 0.4Q',
    ]);
    const outdone = dominated(set.combinations, ['Q']);
    expect(outdone).toEqual([false, false, true, false, false, false, false, true]);
    // what the engine is asked to bound: nothing for the unfactored analysis, the outdone rows and those without Q
    // (their own results, no piece present); forces for the other ULS rows, displacements for the other SLS one
    expect(patternFlags(set.combinations, ['Q'], outdone, false)).toEqual([0, 0, 1, 0, 1, 0, 0, 2, 0]);
    // a figure of the envelope samples every ULS row it draws, with or without Q
    expect(patternFlags(set.combinations, ['Q'], outdone, true)).toEqual([0, 5, 5, 0, 5, 5, 0, 2, 0]);
  });

  it('takes only a later row of the same kind, the same other factors and its patterned factors scaled by 0 to 1', () => {
    const cases = [
      // [rows, patterned cases, outdone]
      [rows(['ULS', { G: 1.2, Q: 1.5 }], ['ULS', { G: 1.2 }]), ['Q'], [false, true]],
      [rows(['ULS', { G: 1.2, Q: 0.6 }], ['ULS', { G: 1.2, Q: 1.5 }]), ['Q'], [false, false]],
      [rows(['ULS', { G: 1.2, Q: 1.5 }], ['SLS', { G: 1.2, Q: 0.6 }]), ['Q'], [false, false]],
      [rows(['ULS', { G: 1.2, Q: 1.5 }], ['ULS', { G: 1.35, Q: 0.6 }]), ['Q'], [false, false]],
      [rows(['ULS', { G: 1.2, Q: 1.5 }], ['ULS', { G: 1.2, Q: -0.6 }]), ['Q'], [false, false]],
      [rows(['ULS', { G: 1.2, Q: -1.5 }], ['ULS', { G: 1.2, Q: -0.6 }]), ['Q'], [false, true]],
      [rows(['ULS', { G: 1.2, Q: 1.5, W: 1 }], ['ULS', { G: 1.2, Q: 0.6 }]), ['Q'], [false, false]],
      // two patterned cases: in proportion (0.5 of each), or not (each smaller, but not by one factor: the threshold
      // that counts a piece is set by both cases together, so the rows are not compared)
      [rows(['ULS', { G: 1, Q: 1.5, S: 1 }], ['ULS', { G: 1, Q: 0.75, S: 0.5 }]), ['Q', 'S'], [false, true]],
      [rows(['ULS', { G: 1, Q: 1.5, S: 1 }], ['ULS', { G: 1, Q: 0.6, S: 1 }]), ['Q', 'S'], [false, false]],
      [rows(['ULS', { G: 1, Q: 1.5, S: 1 }], ['ULS', { G: 1, Q: 1.5, S: 1 }], ['ULS', { G: 1, Q: 1.5 }]), ['Q'], [false, true, false]],
    ] as const;
    for (const [combinations, pattern, want] of cases)
      expect(dominated(combinations, pattern), JSON.stringify(combinations.map((c) => c.factors))).toEqual(want);
  });
});

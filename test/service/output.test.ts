/**
 * `output: {diagrams, precision}` on the three solve routes (decisions.md 22): the default of 15 significant
 * digits, the diagram series left out (absent, not empty) with everything else kept, every result number rounded,
 * the calculator link unchanged, bad values refused at their path; a large frame's body shrinking from megabytes to
 * kilobytes, and a large truss's by its digits (its answer has no series). `significant`, the rounding itself, is checked against `toPrecision` on random values.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { latticeRequest } from '../../bench/requests.js';
import { significant } from '../../ts/solve/clean.js';
import { testApp, withoutTiming } from '../support/app.js';
import { generator } from '../support/random.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

async function solve(kind: string, body: object | string): Promise<{ status: number; bytes: number; body: Record<string, unknown> }> {
  const res = await request(app.callback()).post(`/v1/${kind}/solve`).send(body);
  return { status: res.status, bytes: Buffer.byteLength(res.text), body: res.body as Record<string, unknown> };
}

/** Keys whose numbers are ids, factors or service data, not results. */
const NOT_RESULTS = new Set(['meta', 'links', 'node', 'member', 'from', 'to', 'factors']);

/** Every result number of an answer, with its path. */
function resultNumbers(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => resultNumbers(v, `${path}.${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => (NOT_RESULTS.has(k) ? [] : resultNumbers(v, `${path}.${k}`)));
}

/** Three unequal spans: shear, moment and deflection values that are not round in binary. */
const THREE_SPANS = {
  spans: [
    { length: 4.1, E: 200, I: 1.3e8 },
    { length: 5.7, E: 200, I: 1.3e8 },
    { length: 3.3, E: 200, I: 1.3e8 },
  ],
  supports: [
    { type: 'pin', position: 0 },
    { type: 'roller', position: 4.1 },
    { type: 'roller', position: 9.8 },
    { type: 'roller', position: 13.1 },
  ],
  loads: [
    { type: 'udl', start: -7.3, from: 0, to: 13.1, case: 'G' },
    { type: 'point', magnitude: -11.9, position: 6.2, case: 'Q' },
  ],
  combinations: { standard: 'EN1990-UK' },
};

/**
 * A frame of `bays` x `storeys` (4 m bays, 3.5 m storeys, fixed bases): gravity on every beam and wind on the
 * windward columns, over the AS1170 combinations.
 */
function officeFrame(bays: number, storeys: number) {
  const id = (column: number, level: number) => level * (bays + 1) + column + 1;
  const nodes = [];
  for (let level = 0; level <= storeys; level++) for (let c = 0; c <= bays; c++) nodes.push({ id: id(c, level), x: 4 * c, y: 3.5 * level });
  const members: { id: number; from: number; to: number }[] = [];
  const memberLoads: Record<string, unknown>[] = [];
  for (let level = 1; level <= storeys; level++) {
    for (let c = 0; c <= bays; c++) {
      members.push({ id: members.length + 1, from: id(c, level - 1), to: id(c, level) });
      if (c === 0) memberLoads.push({ type: 'udl', member: members.length, start: 3, from: 0, to: 3.5, direction: 'global-x', case: 'W' });
    }
    for (let c = 0; c < bays; c++) {
      members.push({ id: members.length + 1, from: id(c, level), to: id(c + 1, level) });
      memberLoads.push({ type: 'udl', member: members.length, start: -12, from: 0, to: 4, case: 'G' });
      memberLoads.push({ type: 'udl', member: members.length, start: -6, from: 0, to: 4, case: 'Q' });
    }
  }
  return {
    nodes,
    members,
    materials: [{ id: 1, section: '310UB40.4' }],
    supports: Array.from({ length: bays + 1 }, (_, c) => ({ node: id(c, 0), type: 'fixed' })),
    memberLoads,
    combinations: { standard: 'AS1170' },
  };
}

describe('precision', () => {
  it('is 15 significant digits by default, the same answer as asking for 15', async () => {
    const plain = await solve('beam', THREE_SPANS);
    expect(plain.status).toBe(200);
    const numbers = resultNumbers(plain.body);
    expect(numbers.length).toBeGreaterThan(1000);
    for (const [path, n] of numbers) expect(Number(n.toPrecision(15)), path).toBe(n);
    // before decisions.md 22 some of these printed 16 or 17 digits: the default does round
    const fifteen = await solve('beam', { ...THREE_SPANS, output: { precision: 15 } });
    expect(withoutTiming(fifteen.body)).toEqual(withoutTiming(plain.body));
  });

  it('rounds every result number to the digits asked, each within half a unit of its last digit of the full value', async () => {
    const full = resultNumbers((await solve('beam', THREE_SPANS)).body);
    for (const digits of [3, 6]) {
      const rounded = resultNumbers((await solve('beam', { ...THREE_SPANS, output: { precision: digits } })).body);
      expect(rounded.map(([path]) => path)).toEqual(full.map(([path]) => path));
      rounded.forEach(([path, n], i) => {
        const exact = full[i]![1];
        expect(Number(n.toPrecision(digits)), path).toBe(n);
        // 0 stays 0 (clean numbers); anything else is within half a unit of its last digit of the value (the full
        // answer's own 15 digits may round a tie the other way)
        const unit = exact === 0 ? 0 : 10 ** (Math.floor(Math.log10(Math.abs(exact))) - digits + 1);
        expect(Math.abs(n - exact), path).toBeLessThanOrEqual(0.5 * unit * (1 + 1e-9));
      });
    }
  });
});

describe('diagrams: false', () => {
  it('leaves out the beam series, top level and envelope, and keeps everything else as it was', async () => {
    const full = (await solve('beam', THREE_SPANS)).body as Record<string, Record<string, Record<string, unknown>>>;
    const compact = (await solve('beam', { ...THREE_SPANS, output: { diagrams: false } })).body as typeof full;
    expect('diagrams' in compact).toBe(false);
    expect(Object.keys(compact.envelope!.uls!)).toEqual(['extremes', 'reactions']);
    expect(Object.keys(compact.envelope!.sls!)).toEqual(['extremes']);
    const { diagrams: _diagrams, ...rest } = full;
    const { shear: _s, moment: _m, ...uls } = full.envelope!.uls!;
    const { deflection: _d, ...sls } = full.envelope!.sls!;
    expect(withoutTiming(compact)).toEqual(withoutTiming({ ...rest, envelope: { ...full.envelope, uls, sls } }));
  });

  it('leaves the calculator link as it was: the link carries the model, not the output options', async () => {
    const full = await solve('beam', THREE_SPANS);
    const compact = await solve('beam', { ...THREE_SPANS, output: { diagrams: false, precision: 4 } });
    expect(compact.body.links).toEqual(full.body.links);
  });

  it('shrinks a 12-bay, 20-storey frame (273 nodes, 500 members) from megabytes to kilobytes, end forces and extremes kept', async () => {
    const { combinations: _combinations, ...frame } = officeFrame(12, 20);
    const full = await solve('frame', frame);
    const compact = await solve('frame', { ...frame, output: { diagrams: false, precision: 6 } });
    console.log(`500-member frame: ${full.bytes} bytes in full, ${compact.bytes} with output {diagrams: false, precision: 6}`);
    expect(full.status).toBe(200);
    expect(full.bytes).toBeGreaterThan(950_000);
    // each member's deflection extremes (issue 36) are kept too
    expect(compact.bytes).toBeLessThan(350_000);
    const members = compact.body.members as { start: { moment: number }; extremes: object; diagrams?: unknown }[];
    expect(members).toHaveLength(500);
    expect(members.every((m) => m.diagrams === undefined && m.extremes !== undefined)).toBe(true);
    const fullMembers = full.body.members as typeof members;
    members.forEach((m, k) => expect(m.start.moment).toBe(Number(fullMembers[k]!.start.moment.toPrecision(6))));
  });

  it("with combinations, each combination's own results stay (decisions.md 22) and carry most of the answer", async () => {
    const frame = officeFrame(10, 10);
    const full = await solve('frame', frame);
    const compact = await solve('frame', { ...frame, output: { diagrams: false, precision: 6 } });
    const combinations = Buffer.byteLength(JSON.stringify((compact.body.envelope as { combinations: unknown }).combinations));
    console.log(
      `210-member frame with AS1170 combinations: ${full.bytes} bytes in full, ${compact.bytes} with output {diagrams: false, ` +
        `precision: 6}, of which envelope.combinations ${combinations}`,
    );
    expect(compact.bytes).toBeLessThan(0.7 * full.bytes);
    expect(combinations).toBeGreaterThan(0.5 * compact.bytes);
  });

  it('shrinks a 1000-member truss with combinations by its digits alone (a truss answer has no series)', async () => {
    const truss = { ...latticeRequest(), combinations: { standard: 'AS1170' } };
    const full = await solve('truss', truss);
    const compact = await solve('truss', { ...truss, output: { diagrams: false, precision: 6 } });
    console.log(
      `1000-member truss with AS1170 combinations: ${full.bytes} bytes in full, ${compact.bytes} with output {diagrams: false, precision: 6}`,
    );
    expect(full.status).toBe(200);
    expect(compact.bytes).toBeLessThan(0.9 * full.bytes);
  });
});

describe('combinations: "envelope"', () => {
  /** An answer's envelope without each combination's own results, and its combinations by id, name and kind. */
  const envelopeOf = (body: Record<string, unknown>) => {
    const { combinations, ...rest } = body.envelope as { combinations: { id: string; name: string; kind: string }[] };
    return { ...rest, combinations: combinations.map(({ id, name, kind }) => ({ id, name, kind })) };
  };

  it('answers the envelope alone on all three routes, every governing value as in the detailed answer', async () => {
    const truss = { ...latticeRequest(), combinations: { standard: 'AS1170' } };
    for (const [kind, model] of [
      ['beam', THREE_SPANS],
      ['truss', truss],
      ['frame', officeFrame(2, 2)],
    ] as const) {
      const detail = await solve(kind, model);
      const alone = await solve(kind, { ...model, output: { combinations: 'envelope' } });
      expect(alone.status, kind).toBe(200);
      // no unfactored analysis (decisions.md 4's top-level results), no per-combination results
      expect(Object.keys(alone.body), kind).toEqual(['envelope', 'meta', ...('links' in detail.body ? ['links'] : [])]);
      expect(alone.body.envelope, kind).toEqual(envelopeOf(detail.body));
      expect(alone.body.links, kind).toEqual(detail.body.links);
      const meta = (body: Record<string, unknown>) => (withoutTiming(body) as { meta: unknown }).meta;
      expect(meta(alone.body), kind).toEqual(meta(detail.body));
    }
  });

  it('changes nothing without combinations, and "detail" is the default', async () => {
    const { combinations: _combinations, ...plain } = THREE_SPANS;
    const asked = await solve('beam', { ...plain, output: { combinations: 'envelope' } });
    expect(withoutTiming(asked.body)).toEqual(withoutTiming((await solve('beam', plain)).body));
    const detail = await solve('beam', { ...THREE_SPANS, output: { combinations: 'detail' } });
    expect(withoutTiming(detail.body)).toEqual(withoutTiming((await solve('beam', THREE_SPANS)).body));
  });

  it("shrinks a 210-member frame's answer with AS1170 combinations by more than ten times", async () => {
    const frame = officeFrame(10, 10);
    const detail = await solve('frame', { ...frame, output: { diagrams: false, precision: 6 } });
    const alone = await solve('frame', { ...frame, output: { diagrams: false, precision: 6, combinations: 'envelope' } });
    const full = await solve('frame', frame);
    console.log(
      `210-member frame with AS1170 combinations: ${full.bytes} bytes in full, ${detail.bytes} with output {diagrams: false, ` +
        `precision: 6}, ${alone.bytes} adding combinations: "envelope"`,
    );
    // 8 combinations each repeat the 121 nodes' displacements and the 210 members' extremes, beside the unfactored
    // analysis; the envelope alone keeps one bound per quantity
    expect(alone.bytes).toBeLessThan(detail.bytes / 5);
    expect(alone.bytes).toBeLessThan(full.bytes / 10);
    expect((alone.body.envelope as { uls: { members: unknown[] } }).uls.members).toHaveLength(210);
  });
});

describe('bad output', () => {
  it('is a 400 at the field, on every solve route, and a diagram request takes no output', async () => {
    for (const [output, path] of [
      [{ precision: 2 }, 'output.precision'],
      [{ precision: 16 }, 'output.precision'],
      [{ precision: 6.5 }, 'output.precision'],
      [{ diagrams: 'no' }, 'output.diagrams'],
      [{ series: false }, 'output.series'],
      [{ combinations: 'all' }, 'output.combinations'],
      ['compact', 'output'],
    ] as const) {
      const res = await solve('beam', { ...THREE_SPANS, output });
      expect(res.status, JSON.stringify(output)).toBe(400);
      expect((res.body.issues as { path: string }[]).map((i) => i.path)).toEqual([path]);
    }
    const truss = await solve('truss', { ...latticeRequest(), output: { precision: 1 } });
    expect((truss.body.issues as { path: string }[])[0]!.path).toBe('output.precision');
    const drawn = await request(app.callback())
      .post('/v1/beam/diagram')
      .send({ ...THREE_SPANS, output: { diagrams: false } });
    expect(drawn.status).toBe(400);
    expect(drawn.body.issues).toEqual([{ path: 'output', message: 'is not a known property' }]);
  });
});

describe('significant', () => {
  it('equals Number(value.toPrecision(digits)) on random values of every magnitude, and never fails', () => {
    const random = generator(35);
    for (let k = 0; k < 100_000; k++) {
      const value = (random.next() - 0.5) * 10 ** random.int(-30, 30);
      const digits = random.int(3, 15);
      expect(significant(value, digits)).toBe(Number(value.toPrecision(digits)));
    }
    // powers of ten, values just below them and the halves between digits, where a shortcut goes wrong first
    for (let e = -20; e <= 20; e++) {
      for (const value of [10 ** e, 10 ** e * (1 - 1e-16), 10 ** e * 0.5, 10 ** e * 0.99999999, 1.25 * 10 ** e, 1.35 * 10 ** e]) {
        for (const digits of [3, 6, 15]) expect(significant(-value, digits)).toBe(Number((-value).toPrecision(digits)));
      }
    }
    for (const odd of [0, Number.MIN_VALUE, Number.MAX_VALUE, 1e300, -1e-300]) {
      expect(significant(odd, 6)).toBe(Number(odd.toPrecision(6)));
    }
  });
});

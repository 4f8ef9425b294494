/**
 * Figures of a combination and of the envelope (decisions.md 15), over HTTP on the real engine: each labelled
 * value read back from the SVG text equals the solve response's value for that combination or envelope, and
 * the hand calculation of combination-models.ts (factors from combinations.md section 1). Then the caption,
 * and every figure field a view cannot draw refused with a 400 at its path. Their labels' collisions: collisions.test.ts.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import { captionText } from '../../ts/svg/caption.js';
import { palettes } from '../../ts/svg/theme.js';
import { expectClose, testApp } from '../support/app.js';
import { fixedMember, patternBeam, portalWithCases, twoEqualSpans, windTriangle, workedExample } from './combination-models.js';
import { labelsOf, parseSvg, svgText } from './labels-of.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const post = (path: string, body: object) => request(app.callback()).post(path).send(body);

async function figure(kind: 'beam' | 'truss' | 'frame', body: object): Promise<string> {
  const res = await post(`/v1/${kind}/diagram`, body);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return svgText(res);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- solve responses are read freely here
async function solve(kind: 'beam' | 'truss' | 'frame', body: object): Promise<any> {
  const res = await post(`/v1/${kind}/solve`, body);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A label's value as the figure writes it: three significant figures, a true minus read as '-'. */
const shown = (value: number) => String(Number(value.toPrecision(3))).replace(/^-0$/, '0');

/** A beam chart's label of a peak inside a span, `<value> at <position> m` (the unit is in the chart's title), from the solve's numbers. */
const peakLabel = (e: { value: number; position: number }) => `${shown(e.value)} at ${shown(e.position)} m`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a combination of the solve response, by id
const combinationOf = (response: any, id: string) => response.envelope.combinations.find((c: { id: string }) => c.id === id);

describe('a beam combination: AS1170-ULS-2 = 1.2G + 1.5Q of the combinations.md 1.7 worked example', () => {
  it('moment chart: the labelled peak is the solve\u2019s ULS-2 maxSagging, wL²/8 = 19.5 x 36 / 8 = 87.75 kN.m at 3 m', async () => {
    const body = { ...workedExample, view: 'moment', combination: 'AS1170-ULS-2' };
    const [svg, response] = await Promise.all([figure('beam', body), solve('beam', workedExample)]);
    const peak = combinationOf(response, 'AS1170-ULS-2').extremes.moment.maxSagging;
    expectClose(peak.value, 87.75);
    expectClose(peak.position, 3);
    const labels = labelsOf(svg);
    expect(labels).toContain(peakLabel(peak));
    expect(labels).toContain('87.8 at 3 m');
    expect(labels).toContain('Bending moment M, sagging positive (kN.m)');
    expect(labels).toContain('Combination AS1170-ULS-2: 1.2G + 1.5Q (loads factored)');
    // the unfactored peak (G + Q: 15 x 36 / 8 = 67.5 kN.m) is not what is drawn
    expect(labels).not.toContain('67.5 at 3 m');
  });

  it('shear chart: ±wL/2 = ±58.5 kN at the supports, the solve\u2019s ULS-2 shear extremes', async () => {
    const body = { ...workedExample, view: 'shear', combination: 'AS1170-ULS-2' };
    const [svg, response] = await Promise.all([figure('beam', body), solve('beam', workedExample)]);
    const { max, min } = combinationOf(response, 'AS1170-ULS-2').extremes.shear;
    expectClose(max.value, 58.5);
    expectClose(min.value, -58.5);
    // the chart writes each support's value (the unit in its title)
    const labels = labelsOf(svg);
    expect(labels).toContain(shown(max.value));
    expect(labels).toContain(shown(min.value));
  });

  it('setup view: the loads factored (1.2 x 10 = 12 kN/m, 1.5 x 5 = 7.5 kN/m) and the ULS-2 reactions wL/2 = 58.5 kN', async () => {
    const body = { ...workedExample, view: 'setup', combination: 'AS1170-ULS-2' };
    const [svg, response] = await Promise.all([figure('beam', body), solve('beam', workedExample)]);
    const reactions = combinationOf(response, 'AS1170-ULS-2').reactions as { vertical: number }[];
    reactions.forEach((r) => expectClose(r.vertical, 58.5));
    const labels = labelsOf(svg);
    expect(labels).toEqual(expect.arrayContaining(['12 kN/m (G)', '7.5 kN/m (Q)', `${shown(reactions[0]!.vertical)} kN`]));
    expect(labels.filter((l) => l === '58.5 kN')).toHaveLength(2);
    // the characteristic loads are not drawn; in a model with cases the dead load names its case too
    expect(labels).not.toContain('10 kN/m (G)');
  });

  it('a combination without a case leaves its loads out: AS1170-ULS-1 = 1.35G draws 13.5 kN/m and no Q load', async () => {
    const labels = labelsOf(await figure('beam', { ...workedExample, view: 'problem', combination: 'AS1170-ULS-1' }));
    expect(labels).toContain('13.5 kN/m (G)');
    expect(labels.filter((l) => l.includes('(Q)'))).toEqual([]);
  });

  it('deflection chart of AS1170-SLS-2 = G + 0.7Q: 5wL⁴/384EI = 5 x 13.5 x 6⁴ / (384 x 2e4) m = 11.39 mm down', async () => {
    const body = { ...workedExample, view: 'deflection', combination: 'AS1170-SLS-2' };
    const [svg, response] = await Promise.all([figure('beam', body), solve('beam', workedExample)]);
    const down = combinationOf(response, 'AS1170-SLS-2').extremes.deflection.maxDown;
    expectClose(down.value, -((5 * 13.5 * 6 ** 4) / (384 * 2e4)) * 1000);
    expect(labelsOf(svg)).toContain(peakLabel(down));
  });
});

/** The page coordinates of a path's vertices. */
function vertices(d: string): { x: number; y: number }[] {
  return [...d.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
}

/** The paths of a group of the figure (`spanwise-<name>`), with their stroke. */
function pathsOf(svg: string, name: string): { d: string; stroke?: string }[] {
  const groups = [parseSvg(svg).svg.g].flat() as { id: string; path?: unknown }[];
  const group = groups.find((g) => g.id === `spanwise-${name}`);
  return [group?.path ?? []].flat() as { d: string; stroke?: string }[];
}

describe('the beam envelope: two equal 6 m spans, ULS w = 13.5 (ULS-1), 19.5 (ULS-2), 15 (ULS-3) kN/m', () => {
  it('moment: both bounds drawn, labelled with the solve\u2019s envelope extremes, 9wL²/128 and -wL²/8 for w = 19.5', async () => {
    const body = { ...twoEqualSpans, view: 'moment', combination: 'envelope' };
    const [svg, response] = await Promise.all([figure('beam', body), solve('beam', twoEqualSpans)]);
    const { maxSagging, maxHogging } = response.envelope.uls.extremes.moment;
    expectClose(maxSagging.value, (9 * 19.5 * 36) / 128);
    expectClose(maxSagging.position, 2.25);
    expect(maxSagging.combination).toBe('AS1170-ULS-2');
    expectClose(maxHogging.value, -87.75);
    expectClose(maxHogging.position, 6);
    const labels = labelsOf(svg);
    // the sagging peak inside the first span; the hogging one is the lower bound's value at the middle support
    expect(labels).toContain(peakLabel(maxSagging));
    expect(labels).toContain('49.4 at 2.25 m');
    expect(labels).toContain(shown(maxHogging.value));
    expect(labels).toContain('-87.8');
    // the upper bound over the middle support, ULS-1's -60.75 kN.m
    expect(labels).toContain('-60.8');
    expect(labels).toContain('Envelope of ULS combinations: moment max and min');

    // the two curves, upper in the positive colour and lower in the negative; over the middle support the
    // upper bound is ULS-1's -13.5 x 36 / 8 = -60.75 and the lower ULS-2's -87.75 kN.m: their distances
    // below the zero line are in the ratio 87.75 / 60.75
    const valueAt = (series: [number, number][], x: number) => series.find(([p]) => Math.abs(p - x) < 1e-9)![1];
    expectClose(valueAt(response.envelope.uls.moment.max, 6), -60.75);
    expectClose(valueAt(response.envelope.uls.moment.min, 6), -87.75);
    const light = palettes.light;
    const curves = pathsOf(svg, 'curve');
    const upper = curves.find((p) => p.stroke === light.positive);
    const lower = curves.find((p) => p.stroke === light.negative);
    expect(upper && lower).toBeTruthy();
    const zero = vertices(pathsOf(svg, 'grid').find((p) => p.stroke === light.ink)!.d);
    const [left, right] = [zero[0]!, zero[zero.length - 1]!];
    const support = left.x + (right.x - left.x) / 2;
    const at = (points: { x: number; y: number }[]) => points.find((p) => Math.abs(p.x - support) < 0.01)!.y - left.y;
    expect(at(vertices(upper!.d))).toBeGreaterThan(20);
    expect(at(vertices(lower!.d)) / at(vertices(upper!.d))).toBeCloseTo(87.75 / 60.75, 2);
    // each bound's values in its colour: the upper's sagging peak blue, the lower's hogging over the support red
    const fills = new Map(
      ([parseSvg(svg).svg.g].flat() as { text?: unknown }[])
        .flatMap((g) => [g.text ?? []].flat() as { '#text': unknown; fill: string }[])
        .map((t) => [String(t['#text']).replace(/\u2212/g, '-'), t.fill]),
    );
    expect(fills.get('49.4 at 2.25 m')).toBe(light.positive);
    expect(fills.get('-87.8')).toBe(light.negative);
    expect(fills.get('-60.8')).toBe(light.positive);
  });

  it('shear: ±5wL/8 = ±73.125 kN either side of the middle support (w = 19.5), the solve\u2019s envelope extremes', async () => {
    const body = { ...twoEqualSpans, view: 'shear', combination: 'envelope' };
    const [svg, response] = await Promise.all([figure('beam', body), solve('beam', twoEqualSpans)]);
    const { max, min } = response.envelope.uls.extremes.shear;
    expectClose(max.value, (5 * 19.5 * 6) / 8);
    expectClose(min.value, -(5 * 19.5 * 6) / 8);
    // either side of the middle support: the upper bound's 73.1 and the lower's -73.1 (the unit in the title)
    const labels = labelsOf(svg);
    expect(labels).toContain(shown(max.value));
    expect(labels).toContain(shown(min.value));
    expect(labels).toEqual(expect.arrayContaining(['73.1', '-73.1', 'Shear force V (kN)']));
  });

  it('deflection: the SLS bounds, largest down from SLS-2 (G + 0.7Q = 13.5 kN/m) as in a propped cantilever', async () => {
    const body = { ...twoEqualSpans, view: 'deflection', combination: 'envelope' };
    const [svg, response] = await Promise.all([figure('beam', body), solve('beam', twoEqualSpans)]);
    const down = response.envelope.sls.extremes.deflection.maxDown;
    // each span of two equal continuous spans under w deflects as a propped cantilever:
    // y = w x (L³ - 3 L x² + 2 x³) / 48EI, largest where L³ - 9 L x² + 8 x³ = 0: x = L (1 + √33) / 16
    const [w, L, EI] = [13.5, 6, 2e4];
    const x = (L * (1 + Math.sqrt(33))) / 16;
    expectClose(down.value, -((w * x * (L ** 3 - 3 * L * x * x + 2 * x ** 3)) / (48 * EI)) * 1000);
    expectClose(down.position, x, 1e-4);
    expect(down.combination).toBe('AS1170-SLS-2');
    const labels = labelsOf(svg);
    expect(labels).toContain(peakLabel(down));
    expect(labels).toContain('Envelope of SLS combinations: deflection max and min');
    expect(pathsOf(svg, 'curve').filter((p) => p.stroke === palettes.light.positive || p.stroke === palettes.light.negative)).toHaveLength(
      2,
    );
  });
});

describe('truss: the triangle with G = 10 kN down and W = 4 kN sideways at its apex', () => {
  it('AS1170-ULS-4 = 1.2G + W: member forces (P + H)/2 = 8, (H - P)/√2 = -5.66, -(P + H)/√2 = -11.3 kN, one arrow of the loads 12 and 4 kN', async () => {
    const body = { ...windTriangle, combination: 'AS1170-ULS-4' };
    const [svg, response] = await Promise.all([figure('truss', body), solve('truss', windTriangle)]);
    const forces = combinationOf(response, 'AS1170-ULS-4').memberForces as { force: number }[];
    [8, -8 / Math.SQRT2, -16 / Math.SQRT2].forEach((want, i) => expectClose(forces[i]!.force, want));
    const labels = labelsOf(svg);
    for (const f of forces) expect(labels).toContain(`${shown(f.force)} kN`);
    // the apex's two loads are one resultant arrow, hypot(12, 4) = 12.649 kN, its label listing each with its case
    expect(labels).toEqual(
      expect.arrayContaining(['12.6 kN: 12 kN ↓ (G), 4 kN → (W)', 'Combination AS1170-ULS-4: 1.2G + W (loads factored)']),
    );
  });

  it('envelope: each member labelled max / min, the solve\u2019s envelope.uls.memberForces', async () => {
    const body = { ...windTriangle, combination: 'envelope' };
    const [svg, response] = await Promise.all([figure('truss', body), solve('truss', windTriangle)]);
    const bounds = response.envelope.uls.memberForces as { max: { value: number }; min: { value: number } }[];
    // combination-models.ts: member 1 (P + H)/2, member 2 (H - P)/√2, member 3 -(P + H)/√2 over
    // ULS-1 (P 13.5, H 0), ULS-4 (P 12, H 4) and ULS-5 (P 9, H 4)
    const hand = [
      [(12 + 4) / 2, (9 + 4) / 2],
      [(4 - 9) / Math.SQRT2, (0 - 13.5) / Math.SQRT2],
      [-(9 + 4) / Math.SQRT2, -(12 + 4) / Math.SQRT2],
    ];
    bounds.forEach((b, i) => {
      expectClose(b.max.value, hand[i]![0]!);
      expectClose(b.min.value, hand[i]![1]!);
    });
    const labels = labelsOf(svg);
    for (const b of bounds) expect(labels).toContain(`${shown(b.max.value)} / ${shown(b.min.value)} kN`);
    expect(labels).toEqual(expect.arrayContaining(['8 / 6.5 kN', '-3.54 / -9.55 kN', '-9.19 / -11.3 kN']));
    // no loads or reactions: they belong to one combination each
    expect(labels).not.toContain('10 kN');
    expect(labels).not.toContain('4 kN');
  });
});

describe('frame: one 6 m member fixed at both ends, G = 10 and Q = 5 kN/m', () => {
  it('AS1170-ULS-2: -wL²/12 = -58.5 kN.m at the ends and wL²/24 = 29.25 kN.m at midspan, the solve\u2019s ULS-2 extremes', async () => {
    const body = { ...fixedMember, view: 'moment', combination: 'AS1170-ULS-2' };
    const [svg, response] = await Promise.all([figure('frame', body), solve('frame', fixedMember)]);
    const { maxSagging, maxHogging } = combinationOf(response, 'AS1170-ULS-2').members[0].extremes.moment;
    expectClose(maxSagging.value, 29.25);
    expectClose(maxHogging.value, -58.5);
    const labels = labelsOf(svg);
    expect(labels).toContain(`${shown(maxSagging.value)} kN.m`);
    expect(labels).toContain(`${shown(maxHogging.value)} kN.m`);
    expect(labels).toContain('Combination AS1170-ULS-2: 1.2G + 1.5Q (loads factored)');
  });

  it('envelope: the upper bound 29.25 (ULS-2) at midspan and -40.5 (ULS-1) at the ends, the lower -58.5 (ULS-2)', async () => {
    const body = { ...fixedMember, view: 'moment', combination: 'envelope' };
    const [svg, response] = await Promise.all([figure('frame', body), solve('frame', fixedMember)]);
    const { maxSagging, maxHogging } = response.envelope.uls.members[0].moment;
    expectClose(maxSagging.value, 29.25);
    expect(maxSagging.combination).toBe('AS1170-ULS-2');
    expectClose(maxHogging.value, -58.5);
    const labels = labelsOf(svg);
    expect(labels).toEqual(
      expect.arrayContaining([
        `${shown(maxSagging.value)} kN.m`,
        `${shown(maxHogging.value)} kN.m`,
        '-40.5 kN.m',
        '29.3 kN.m',
        '-58.5 kN.m',
      ]),
    );
    const light = palettes.light;
    const strokes = pathsOf(svg, 'chart').map((p) => p.stroke);
    expect(strokes).toContain(light.positive);
    expect(strokes).toContain(light.negative);
    expect(labels).toContain('Envelope of ULS combinations: moment max and min');
  });

  it('shear envelope: +wL/2 at the start, upper 58.5 (ULS-2) and lower 40.5 (ULS-1) kN, and their negatives at the end', async () => {
    const body = { ...fixedMember, view: 'shear', combination: 'envelope' };
    const [svg, response] = await Promise.all([figure('frame', body), solve('frame', fixedMember)]);
    const { max, min } = response.envelope.uls.members[0].shear;
    expectClose(max.value, 58.5);
    expectClose(min.value, -58.5);
    expect(labelsOf(svg)).toEqual(expect.arrayContaining(['58.5 kN', '40.5 kN', '-40.5 kN', '-58.5 kN']));
  });

  it('the portal: every envelope peak inside a member is labelled with the solve\u2019s value', async () => {
    const body = { ...portalWithCases, view: 'moment', combination: 'envelope' };
    const [svg, response] = await Promise.all([figure('frame', body), solve('frame', portalWithCases)]);
    const labels = labelsOf(svg);
    const lengths = new Map((response.members as { member: number; length: number }[]).map((m) => [m.member, m.length]));
    let inside = 0;
    for (const m of response.envelope.uls.members as { member: number; moment: Record<string, { value: number; position: number }> }[]) {
      for (const peak of [m.moment.maxSagging!, m.moment.maxHogging!]) {
        if (peak.position <= 1e-9 || peak.position >= lengths.get(m.member)! - 1e-9 || peak.value === 0) continue;
        inside++;
        expect(labels, `member ${m.member}`).toContain(`${shown(peak.value)} kN.m`);
      }
    }
    // the beam's sagging peak at least (5 kN/m G and 3 kN/m Q on a 6 m beam)
    expect(inside).toBeGreaterThan(0);
  });

  it('a combination in the results view draws its factored loads and reactions: ULS-1 = 1.35G, 13.5 kN/m, ends wL/2 = 40.5 kN', async () => {
    const labels = labelsOf(await figure('frame', { ...fixedMember, view: 'results', combination: 'AS1170-ULS-1' }));
    expect(labels).toEqual(expect.arrayContaining(['13.5 kN/m (G)', '40.5 kN']));
    expect(labels).not.toContain('5 kN/m (Q)');
  });
});

describe('captions', () => {
  it('a request with combinations and no combination says its figure is the unfactored analysis', async () => {
    expect(labelsOf(await figure('beam', { ...workedExample, view: 'moment' }))).toContain(
      'Unfactored analysis (combinations not applied)',
    );
    expect(labelsOf(await figure('truss', windTriangle))).toContain('Unfactored analysis (combinations not applied)');
    expect(labelsOf(await figure('frame', fixedMember))).toContain('Unfactored analysis (combinations not applied)');
  });

  it('a request without combinations has no caption, and its figure keeps the whole height', async () => {
    const { combinations: _none, ...plain } = workedExample;
    const svg = await figure('beam', { ...plain, view: 'moment' });
    expect(labelsOf(svg).filter((l) => l.includes('analysis') || l.includes('Combination'))).toEqual([]);
    const groups = [parseSvg(svg).svg.g].flat().map((g: { id: string }) => g.id);
    expect(groups).not.toContain('spanwise-caption');
    expect(groups).toContain('spanwise-curve');
  });

  it('a combination and an envelope figure are the same bytes every time, the attribution last', async () => {
    for (const body of [
      { ...patternBeam, view: 'moment', combination: 'envelope' },
      { ...patternBeam, view: 'setup', combination: 'AS1170-ULS-2' },
    ]) {
      const [first, second] = [await figure('beam', body), await figure('beam', body)];
      expect(second).toBe(first);
      expect(first.trimEnd().split('\n').pop()).toBe('<!-- Computed by Spanwise - http://localhost:3000 -->');
    }
  });

  it('the caption also names the figure in its title', async () => {
    const svg = await figure('beam', { ...patternBeam, view: 'moment', combination: 'envelope' });
    expect(parseSvg(svg).svg.title['#text']).toBe('Beam moment diagram: Envelope of ULS combinations: moment max and min');
    const groups = [parseSvg(svg).svg.g].flat().map((g: { id: string }) => g.id);
    expect(groups).toContain('spanwise-caption');
  });

  it('a caption too long for the width is set smaller, then cut with an ellipsis, always inside the canvas', () => {
    const long = `Combination CUSTOM-1: ${'x'.repeat(60)} (loads factored)`;
    for (const width of [400, 860, 2000]) {
      const text = captionText(long, width);
      expect(text.box.x0).toBeGreaterThanOrEqual(0);
      expect(text.box.x1).toBeLessThanOrEqual(width);
      expect(text.size).toBeGreaterThanOrEqual(8);
    }
    expect(captionText(long, 2000).text).toBe(long);
    expect(captionText(`${long}${'y'.repeat(40)}`, 400).text.endsWith('\u2026')).toBe(true);
  });
});

describe('figure fields a view cannot draw are a 400 at their path', () => {
  const paths = (res: request.Response) => (res.body.issues as { path: string }[]).map((i) => i.path);

  it('combination without combinations (beam, truss, frame)', async () => {
    const { combinations: _b, ...beam } = workedExample;
    const { combinations: _t, ...truss } = windTriangle;
    const { combinations: _f, ...frame } = fixedMember;
    for (const [kind, body] of [
      ['beam', { ...beam, view: 'moment', combination: 'envelope' }],
      ['truss', { ...truss, combination: 'AS1170-ULS-1' }],
      ['frame', { ...frame, view: 'moment', combination: 'envelope' }],
    ] as const) {
      const res = await post(`/v1/${kind}/diagram`, body);
      expect(res.status, kind).toBe(400);
      expect(res.body.code).toBe('invalid_input');
      expect(paths(res)).toEqual(['combination']);
      expect(res.body.issues[0].message).toMatch(/needs `combinations`/);
    }
  });

  it('an id the request did not generate names the ids it did: unknown, and AS1170-ULS-4 without wind', async () => {
    for (const id of ['ULS-2', 'AS1170-ULS-4']) {
      const res = await post('/v1/beam/diagram', { ...workedExample, view: 'moment', combination: id });
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual(['combination']);
      // G and Q present: ULS-1, 2, 3 and SLS-1, 2, 3 (combinations.md 1.2 and 1.3 `requires`)
      expect(res.body.detail).toBe(
        `This request's combinations are "AS1170-ULS-1", "AS1170-ULS-2", "AS1170-ULS-3", "AS1170-SLS-1", "AS1170-SLS-2", "AS1170-SLS-3" or "envelope".`,
      );
    }
    const truss = await post('/v1/truss/diagram', { ...windTriangle, combination: 'AS1170-ULS-2' });
    expect(truss.status).toBe(400);
    expect(truss.body.issues[0].message).toMatch(/known: AS1170-ULS-1, AS1170-ULS-4, AS1170-ULS-5/);
    const frame = await post('/v1/frame/diagram', { ...fixedMember, combination: 'CUSTOM-1' });
    expect(frame.status).toBe(400);
    expect(paths(frame)).toEqual(['combination']);
  });

  it('the envelope on a view that draws one analysis', async () => {
    for (const [kind, body] of [
      ['beam', { ...workedExample, view: 'setup', combination: 'envelope' }],
      ['beam', { ...workedExample, view: 'problem', combination: 'envelope' }],
      ['beam', { ...workedExample, view: 'results', combination: 'envelope' }],
      ['truss', { ...windTriangle, view: 'problem', combination: 'envelope' }],
      ['frame', { ...fixedMember, view: 'results', combination: 'envelope' }],
      ['frame', { ...fixedMember, view: 'deflected', combination: 'envelope' }],
    ] as const) {
      const res = await post(`/v1/${kind}/diagram`, body);
      expect(res.status, `${kind} ${body.view}`).toBe(400);
      expect(paths(res)).toEqual(['combination']);
      expect(res.body.issues[0].message).toMatch(/^the envelope is drawn on the /);
    }
  });

  it('the envelope of a limit state no combination ran: BSL-Japan runs SLS rows only (combinations.md 5)', async () => {
    const bsl = { ...workedExample, combinations: { standard: 'BSL-Japan' } };
    const moment = await post('/v1/beam/diagram', { ...bsl, view: 'moment', combination: 'envelope' });
    expect(moment.status).toBe(400);
    expect(paths(moment)).toEqual(['combination']);
    expect(moment.body.issues[0].message).toMatch(/ULS combinations, and this request ran none/);
    // the deflection envelope is SLS: BSLJ-SLS-1 = G + Q alone, 15 kN/m: 5 x 15 x 6⁴ / (384 x 2e4) m = 12.66 mm
    const labels = labelsOf(await figure('beam', { ...bsl, view: 'deflection', combination: 'envelope' }));
    expect(labels).toContain(`${shown(-((5 * 15 * 6 ** 4) / (384 * 2e4)) * 1000)} at 3 m`);
  });

  it('deformed: true on a view other than setup; false anywhere and true on setup are fine', async () => {
    for (const view of ['problem', 'results', 'shear', 'moment', 'deflection']) {
      const res = await post('/v1/beam/diagram', { ...workedExample, view, deformed: true });
      expect(res.status, view).toBe(400);
      expect(paths(res)).toEqual(['deformed']);
      expect(res.body.issues[0].message).toMatch(/^overlays the deflected shape on the setup view only/);
    }
    expect((await post('/v1/beam/diagram', { ...workedExample, view: 'moment', deformed: false })).status).toBe(200);
    expect((await post('/v1/beam/diagram', { ...workedExample, view: 'setup', deformed: true })).status).toBe(200);
  });

  it('both fields wrong at once: both issues', async () => {
    const { combinations: _none, ...plain } = workedExample;
    const res = await post('/v1/beam/diagram', { ...plain, view: 'moment', deformed: true, combination: 'envelope' });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['deformed', 'combination']);
  });

  it('the schema: an empty or non-string combination', async () => {
    for (const combination of ['', 5, null]) {
      const res = await post('/v1/beam/diagram', { ...workedExample, view: 'moment', combination });
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual(['combination']);
    }
  });
});

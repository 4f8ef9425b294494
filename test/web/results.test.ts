import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { Problem } from '../../ts/problem/index.js';
import type { SolveContext } from '../../ts/solve/context.js';
import { renderBeamDiagram, renderFrameDiagram, renderTrussDiagram, withAttribution } from '../../ts/solve/diagram.js';
import type { Model } from '../../ts/web/columns.js';
import { SPECS } from '../../ts/web/kinds.js';
import { mechanismFigure } from '../../ts/web/mechanism.js';
import {
  displacementsTable,
  envelopeTable,
  extremesTable,
  formatValue,
  reactionsTable,
  spansTable,
  tableHtml,
  type Cell,
} from '../../ts/web/results.js';
import { fixture } from '../support/fixtures.js';
import { figure, solve } from '../../ts/web/solve.js';
import { convertModel } from '../../ts/web/units.js';
import { portalWithCases, windTriangle, workedExample } from '../svg/combination-models.js';

let engine: Engine;
let context: SolveContext;
beforeAll(async () => {
  engine = await loadEngine();
  context = { engine, baseUrl: 'http://localhost:3000', link: false };
});

/** The numbers of a table as `path -> value`. */
const numbers = (rows: Cell[][]) => Object.fromEntries(rows.flat().flatMap((c) => (c.path === undefined ? [] : [[c.path, c.value]])));

describe('results tables', () => {
  it('shows the README beam: R = wL/2 = 10 × 6 / 2 = 30 kN, M = wL²/8 = 45 kN.m at 3 m', () => {
    const { response } = solve('beam', SPECS.beam.sample, context);
    const reactions = reactionsTable(response);
    expect(reactions.head).toEqual(['Support', 'Position (m)', 'Vertical (kN)', 'Moment (kN.m)']);
    expect(numbers(reactions.rows)).toMatchObject({ '/reactions/0/vertical': 30, '/reactions/1/vertical': 30, '/reactions/1/position': 6 });
    const extremes = numbers(extremesTable('beam', response).rows);
    expect(extremes['/extremes/moment/maxSagging/value']).toBeCloseTo(45, 12);
    expect(extremes['/extremes/moment/maxSagging/position']).toBeCloseTo(3, 12);
    // every cell holds the response's number exactly
    const html = tableHtml(reactions);
    expect(html).toContain(
      `data-path="/reactions/0/vertical" data-value="${String((response.reactions as { vertical: number }[])[0]!.vertical)}">30<`,
    );
  });

  it('shows the README truss: tie +4/3 × 5 = 6.667 kN, rafters -5/0.6 = -8.333 kN', () => {
    const { response } = solve('truss', SPECS.truss.sample, context);
    const forces = numbers(extremesTable('truss', response).rows);
    expect(forces['/memberForces/0/force']).toBeCloseTo(20 / 3, 12);
    expect(forces['/memberForces/1/force']).toBeCloseTo(-25 / 3, 12);
    expect(tableHtml(extremesTable('truss', response))).toContain('>6.667<');
    expect(displacementsTable(response)!.head).toEqual(['Node', 'dx (mm)', 'dy (mm)']);
  });

  it('names the governing arrangement of pattern loading beside its combination', () => {
    // three equal 6 m spans, live load patterned: end-span sagging with spans 1 and 3 (test/fixtures/pattern)
    const { response } = solve('beam', fixture('pattern', 'three-span-live-pattern').request as Model, context);
    const rows = envelopeTable(response)!.rows.map((r) => r.map((c) => c.text));
    expect(rows).toContainEqual(['ULS', expect.stringMatching(/sagging/i), '36.45', 'live, with Q 0–6, Q 12–18']);
  });

  it('names the governing arrangement of a frame by its members', () => {
    // the two-bay portal, live load patterned: the left beam's sagging 14.07 kN.m with member 2 alone (test/fixtures/pattern-frame)
    const { response } = solve('frame', fixture('pattern-frame', 'two-bay-portal-live-pattern').request as Model, context);
    const rows = envelopeTable(response)!.rows.map((r) => r.map((c) => c.text));
    expect(rows).toContainEqual(['ULS', expect.stringMatching(/member 2 .*sagging/i), '14.07', 'strength, with Q member 2']);
  });

  it('names a large arrangement by runs of consecutive members and nodes, case by case', () => {
    // a frame's bound names its pieces case by case, members then nodes, in the request's order (decisions.md 17)
    const piece = (c: string, kind: 'member' | 'node', id: number) => ({ case: c, [kind]: id });
    const pattern = [
      ...[11, 12, 13, 14, 15, 16, 17, 18, 19, 30, 31, 32, 45].map((m) => piece('Q', 'member', m)),
      piece('Q', 'node', 3),
      piece('Q', 'node', 4),
      piece('Qr', 'member', 7),
    ];
    const response = {
      envelope: {
        combinations: [{ id: 'C1', name: 'strength' }],
        uls: { members: [{ member: 5, moment: { maxSagging: { value: 1.5, position: 2, pattern, combination: 'C1' } } }] },
      },
    };
    const rows = envelopeTable(response)!.rows.map((r) => r.map((c) => c.text));
    expect(rows[0]![3]).toBe('strength, with Q members 11–19, 30–32, 45, Q nodes 3–4, Qr member 7');
  });

  it('shows each span of the README beam with its L/deflection: 5wL⁴/384EI = 8.4375 mm, L/711', () => {
    // EI = 200e6 kN/m² × 1e-4 m⁴ = 2e4 kN.m²; 5·10·6⁴/(384·2e4) = 8.4375e-3 m; 6000/8.4375 = 711.1 (Roark, Table 8.1 case 2e)
    const { response } = solve('beam', SPECS.beam.sample, context);
    const table = spansTable(response)!;
    expect(table.head).toEqual(['Span', 'From (m)', 'To (m)', 'Deflection (mm)', 'At (m)', 'L/δ']);
    const [span, from, to, deflection, at, ratio] = table.rows[0]!;
    expect([span, from, to, at, ratio].map((c) => c!.text)).toEqual(['1', '0', '6', '3', 'L/711']);
    expect(deflection!.value).toBeCloseTo(-8.4375, 9);
    // the beam's own extremes table keeps to shear, moment and deflection
    expect(extremesTable('beam', response).rows.every((r) => !r.some((c) => c.text.startsWith('spans')))).toBe(true);
    expect(spansTable({ ...response, extremes: undefined })).toBeUndefined();
  });

  it('names an envelope reaction by its position rounded for reading (6 m in feet: at 19.69, not 19.68503937)', () => {
    const governed = { value: 1, combination: 'AS1170-ULS-1' };
    const table = envelopeTable({
      envelope: {
        combinations: [],
        uls: { reactions: [{ type: 'pin', position: 19.68503937, vertical: { max: governed, min: governed } }] },
      },
    })!;
    expect(table.rows.map((r) => r[1]!.text)).toEqual(['reaction at 19.69 vertical max', 'reaction at 19.69 vertical min']);
  });

  it('rounds for reading only', () => {
    expect(formatValue(6.666666666666666)).toBe('6.667');
    expect(formatValue(-8.333333333333332)).toBe('-8.333');
    expect(formatValue(8.198570028001158e-17)).toBe('8.199e-17');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(100000000)).toBe('1e8');
    expect(formatValue(12345)).toBe('12350');
  });
});

describe('figures', () => {
  const RENDER = { beam: renderBeamDiagram, truss: renderTrussDiagram, frame: renderFrameDiagram } as const;
  // each kind's sample, the same in imperial units, and models with load cases and combinations (whose
  // unfactored figures carry a caption saying so)
  const models: [keyof typeof RENDER, Model][] = [
    ...(['beam', 'truss', 'frame'] as const).flatMap((kind): [keyof typeof RENDER, Model][] => [
      [kind, SPECS[kind].sample],
      [kind, convertModel(SPECS[kind].sample, SPECS[kind], 'imperial')],
    ]),
    ['beam', workedExample as unknown as Model],
    ['truss', windTriangle as unknown as Model],
    ['frame', portalWithCases as unknown as Model],
  ];

  it('are the diagram route’s SVG less the attribution comment, drawn from the page’s own solve', () => {
    for (const [kind, model] of models) {
      const solved = solve(kind, model, context);
      for (const view of SPECS[kind].views) {
        const svg = figure(kind, view, context, { model, solved });
        expect(svg.endsWith('</svg>\n'), `${kind} ${view}`).toBe(true);
        expect(withAttribution(svg, context.baseUrl), `${kind} ${view}`).toBe(RENDER[kind]({ ...model, view }, context));
      }
    }
  });

  it('of a combination are the diagram route’s for that combination', () => {
    const model = workedExample as unknown as Model;
    const solved = solve('beam', model, context);
    const combination = (solved.response.envelope as { combinations: { id: string }[] }).combinations[0]!.id;
    const svg = figure('beam', 'moment', context, { model, solved, combination });
    expect(withAttribution(svg, context.baseUrl)).toBe(renderBeamDiagram({ ...model, combination, view: 'moment' }, context));
  });
});

describe('a mechanism on the problem figure', () => {
  const mechanism = (kind: 'beam' | 'truss' | 'frame', model: Model) => {
    try {
      solve(kind, model, context);
    } catch (error) {
      if (error instanceof Problem && error.code === 'unstable_structure') return error.mechanism as { node?: number; position?: number };
      throw error;
    }
    throw new Error('solved');
  };

  it('rings the free end of a beam on one pin: x = 44 + (860 - 88) × 6/6 = 816 px, y = round(250 × 0.46) = 115 px', () => {
    const model = { ...SPECS.beam.sample, supports: [{ type: 'pin', position: 0 }] };
    const place = mechanism('beam', model);
    expect(place?.position).toBe(6);
    const drawn = mechanismFigure('beam', model, place);
    expect(drawn.mark).toEqual({ x: 816, y: 115 });
    expect(drawn.svg.startsWith('<svg')).toBe(true);
    // drawn for a 500 px pane as the page draws it: x = 44 + (500 - 88) × 6/6 = 456 px
    const narrow = mechanismFigure('beam', model, place, 500);
    expect(narrow.mark).toEqual({ x: 456, y: 115 });
    expect(narrow.svg).toMatch(/^<svg[^>]* width="500"/);
  });

  it('rings node 1 of the triangle on one roller at node 2', () => {
    // truss figure: 860 × 460, margins 70 (left, right), 64 top, 70 bottom: room 720 × 326; scale min(720/8, 326/3) = 90 px/m;
    // offset x = 70, y = 64 + (326 - 3 × 90)/2 = 92; node (x, y) at (70 + 90x, 92 + 90(3 - y))
    const model = { ...SPECS.truss.sample, supports: [{ node: 2, type: 'roller' }] };
    const place = mechanism('truss', model);
    expect(place?.node).toBe(1);
    expect(mechanismFigure('truss', model, place).mark).toEqual({ x: 70, y: 362 });
    expect(mechanismFigure('truss', model, { node: 3 }).mark).toEqual({ x: 430, y: 92 });
  });
});

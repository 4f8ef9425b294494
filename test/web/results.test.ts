import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { Problem } from '../../ts/problem/index.js';
import type { SolveContext } from '../../ts/solve/context.js';
import { renderBeamDiagram, renderTrussDiagram, withAttribution } from '../../ts/solve/diagram.js';
import type { Model } from '../../ts/web/columns.js';
import { SPECS } from '../../ts/web/kinds.js';
import { mechanismFigure } from '../../ts/web/mechanism.js';
import { displacementsTable, extremesTable, formatValue, reactionsTable, tableHtml, type Cell } from '../../ts/web/results.js';
import { figure, solve } from '../../ts/web/solve.js';

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
    const response = solve('beam', SPECS.beam.sample, context);
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
    const response = solve('truss', SPECS.truss.sample, context);
    const forces = numbers(extremesTable('truss', response).rows);
    expect(forces['/memberForces/0/force']).toBeCloseTo(20 / 3, 12);
    expect(forces['/memberForces/1/force']).toBeCloseTo(-25 / 3, 12);
    expect(tableHtml(extremesTable('truss', response))).toContain('>6.667<');
    expect(displacementsTable(response)!.head).toEqual(['Node', 'dx (mm)', 'dy (mm)']);
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
  it('are the diagram route’s SVG less the attribution comment', () => {
    for (const view of SPECS.beam.views) {
      const svg = figure('beam', SPECS.beam.sample, view, context);
      expect(svg.endsWith('</svg>\n')).toBe(true);
      expect(withAttribution(svg, context.baseUrl)).toBe(renderBeamDiagram({ ...SPECS.beam.sample, view }, context));
    }
    const svg = figure('truss', SPECS.truss.sample, 'problem', context);
    expect(withAttribution(svg, context.baseUrl)).toBe(renderTrussDiagram({ ...SPECS.truss.sample, view: 'problem' }, context));
  });
});

describe('a mechanism on the problem figure', () => {
  const mechanism = (kind: 'beam' | 'truss' | 'frame', model: Model) => {
    try {
      solve(kind, model, context);
    } catch (error) {
      if (error instanceof Problem && error.code === 'unstable_structure') return error.mechanism;
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

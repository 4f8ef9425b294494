/**
 * Issue 16, acceptance: each beam chart labels its value at every support and at every point load and applied
 * moment (both sides where the curve jumps), each span's peak and the moment's sign changes inside a span, with
 * the hand-calculated values of models.ts, read back from the SVG text near the position they name. Also the
 * value axis: round steps with the zero line labelled.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { renderBeamDiagram } from '../../ts/solve/diagram.js';
import { chartScene, niceStep } from '../../ts/svg/chart.js';
import { emit } from '../../ts/svg/emit.js';
import { solveBeam } from '../../ts/solve/beam.js';
import { plainData } from '../../ts/solve/json-text.js';
import { collisions, readFigure, type Label } from './figure-boxes.js';
import { issue16Beam, simplySupported } from './models.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** [position in m, label text with a hyphen for the minus sign] */
type Expected = [number, string][];

const cases: { name: string; model: object; total: number; charts: Record<'shear' | 'moment' | 'deflection', Expected> }[] = [
  {
    // models.ts issue16Beam: R0 = 18, R6 = 42, R12 = 24 kN; V, M and the settlement from the hand calculation there
    name: 'issue16Beam',
    model: issue16Beam,
    total: 12,
    charts: {
      shear: [
        [0, '18'],
        [5, '-22'],
        [6, '-22'],
        [6, '20'],
        [10, '11'],
        [10, '-9'],
        [12, '-24'],
      ],
      moment: [
        [0, '0'],
        [5, '-30'],
        [5, '-18'],
        [6, '-40'],
        [10, '32'],
        [12, '0'],
        [1.8, '16.2 at 1.8 m'],
        [3.6, '3.6 m'],
      ],
      deflection: [
        [0, '0'],
        [6, '-10'],
        [12, '0'],
      ],
    },
  },
  {
    // models.ts simplySupported: wL/2 = 40 kN, wL²/8 = 80 kN.m at 4 m, 5wL⁴/384EI = 26.7 mm at 4 m
    name: 'simplySupported',
    model: simplySupported,
    total: 8,
    charts: {
      shear: [
        [0, '40'],
        [8, '-40'],
      ],
      moment: [
        [0, '0'],
        [8, '0'],
        [4, '80 at 4 m'],
      ],
      deflection: [
        [0, '0'],
        [8, '0'],
        [4, '-26.7 at 4 m'],
      ],
    },
  },
];

/** How far in pixels a label's box may sit from the position it names (beside a jump, or moved off the curve). */
const NEAR = 40;

function near(label: Label, x: number): boolean {
  return label.box.x0 - NEAR <= x && x <= label.box.x1 + NEAR;
}

describe('chart labels at every support and jump, with the hand-calculated values', () => {
  for (const { name, model, total, charts } of cases) {
    for (const [view, expected] of Object.entries(charts)) {
      for (const width of [860, 2000]) {
        for (const style of ['modern', 'classic']) {
          it(`${name} ${view} ${width} ${style}`, () => {
            const figure = readFigure(renderBeamDiagram({ ...model, view, width, style }, { engine, baseUrl: 'http://localhost:3000' }));
            // chart.ts: the plot runs from x = 64 to width - 28
            const px = (x: number) => 64 + ((width - 92) * x) / total;
            const labels = figure.labels.map((l) => ({ ...l, text: l.text.replace(/\u2212/g, '-') }));
            const unused = [...labels];
            for (const [position, text] of expected) {
              const found = unused.findIndex((l) => l.text === text && near(l, px(position)));
              expect(found, `${text} at ${position} m among ${labels.map((l) => l.text).join(' | ')}`).toBeGreaterThanOrEqual(0);
              unused.splice(found, 1);
            }
          });
        }
      }
    }
  }
});

describe('value axis', () => {
  it('round steps of 1, 2 or 5 times a power of ten', () => {
    // a range of 120 in 3 parts is 40 a part, nearer 50 than 20 on a log scale; 7 in 4 parts is 1.75: 2
    expect([niceStep(120, 3), niceStep(7, 4), niceStep(0.3, 3), niceStep(10, 2)]).toEqual([50, 2, 0.1, 5]);
  });
  it('the moment chart of the simply supported beam has grid values 0 to 80 in steps of 20', () => {
    // 240 px high: the plot runs 40 to 206 px with the curve 22 px inside each edge, so it spans about -14.4 to
    // 94.4 kN.m (80 x 22 / 122 beyond each end); floor(166 / 40) = 4 parts of 27.2: the nearest round step is 20
    const figure = readFigure(renderBeamDiagram({ ...simplySupported, view: 'moment' }, { engine, baseUrl: 'http://localhost:3000' }));
    const axis = figure.labels.filter((l) => l.box.x1 <= 64).map((l) => l.text);
    expect(axis).toEqual(expect.arrayContaining(['0', '20', '40', '60', '80']));
  });
});

describe('two curves on one chart (the seam an envelope uses)', () => {
  it('labels the upper curve upward and the lower downward, each with its own values, without collisions', () => {
    // simplySupported scaled by 1.5 and by 0.9 (two factored analyses): peaks 1.5 x 80 = 120 and 0.9 x 80 = 72 kN.m
    // at 4 m, shears 1.5 x 40 = 60 and 0.9 x 40 = 36 kN at the supports
    const results = plainData(solveBeam(simplySupported, { engine, baseUrl: 'http://localhost:3000' }));
    const scaled = (k: number) => results.diagrams.moment.map(([x, v]) => [x, k * v] as [number, number]);
    const scene = chartScene(
      simplySupported,
      { width: 860, height: 300, style: 'modern' },
      { kind: 'moment', title: 'Bending moment envelope', name: 'envelope' },
      [
        { series: scaled(1.5), outward: 1 },
        { series: scaled(0.9), outward: -1 },
      ],
    );
    const figure = readFigure(emit(scene, { theme: 'light', idPrefix: 'e' }));
    const texts = figure.labels.map((l) => l.text);
    expect(texts).toEqual(expect.arrayContaining(['120 at 4 m', '72 at 4 m']));
    const upper = figure.labels.find((l) => l.text === '120 at 4 m')!;
    const lower = figure.labels.find((l) => l.text === '72 at 4 m')!;
    // the upper curve's peak label sits above the lower curve's
    expect(upper.y).toBeLessThan(lower.y);
    expect(collisions(figure, ['curve'])).toEqual([]);
  });
});

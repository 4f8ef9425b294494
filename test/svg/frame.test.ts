/**
 * Frame figures: every view renders well-formed, deterministic SVG at every width, with labels clear of
 * each other and of the canvas edge, the hand-calculated values labelled, and the moment drawn on the
 * tension side. The results are a cantilever column's, written from closed forms (Gere & Goodno, Table G-1
 * case 4): 4 m tall, EI = 2e4 kN.m², 10 kN along +x at the top, so V = 10 kN, M(s) = -P (L - s) (the -x
 * face in tension at the base), the top moves PL³/3EI = 10.667 mm, the base reaction moment is -PL
 * (clockwise positive) = -40 kN.m.
 */
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { frameScene, renderFrame, type FrameFigureModel, type FrameFigureResults, type FrameView } from '../../ts/svg/index.js';
import { inside, overlaps } from '../../ts/svg/label-boxes.js';
import { texts, type PathShape } from '../../ts/svg/scene.js';
import { labelsOf } from './labels-of.js';

const [P, L, EI] = [10, 4, 2e4];
const model: FrameFigureModel = {
  units: 'SI',
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 0, y: L },
  ],
  members: [{ id: 1, from: 1, to: 2 }],
  supports: [{ node: 1, type: 'fixed' }],
  nodalLoads: [{ node: 2, fx: P }],
};
// local y' of a member running up is -x: the tip moves along -y' by P s²(3L - s)/6EI
const deflection = Array.from({ length: 25 }, (_, i) => {
  const s = (L * i) / 24;
  return [s, ((-P * s * s * (3 * L - s)) / (6 * EI)) * 1000] as [number, number];
});
const results: FrameFigureResults = {
  reactions: [{ node: 1, horizontal: -P, vertical: 0, moment: -P * L }],
  displacements: [
    { node: 1, dx: 0, dy: 0, rotation: 0 },
    { node: 2, dx: ((P * L ** 3) / (3 * EI)) * 1000, dy: 0, rotation: (-P * L * L) / (2 * EI) },
  ],
  members: [
    {
      member: 1,
      length: L,
      extremes: {
        axial: { max: { value: 0, position: 0 }, min: { value: 0, position: 0 } },
        shear: { max: { value: P, position: 0 }, min: { value: P, position: 0 } },
        moment: { maxSagging: { value: 0, position: L }, maxHogging: { value: -P * L, position: 0 } },
      },
      diagrams: {
        axial: [
          [0, 0],
          [L, 0],
        ],
        shear: [
          [0, P],
          [L, P],
        ],
        moment: [
          [0, -P * L],
          [L, 0],
        ],
        deflection,
      },
    },
  ],
};
const VIEWS: FrameView[] = ['problem', 'results', 'deflected', 'axial', 'shear', 'moment'];
const options = (view: FrameView, width = 860) => ({ view, width, height: 420, theme: 'light' as const, style: 'modern' as const });

describe('frame figures', () => {
  for (const view of VIEWS) {
    for (const width of [400, 860, 2000]) {
      it(`${view} at ${width} px: well-formed, deterministic, labels clear of each other and on the canvas`, () => {
        const svg = renderFrame(model, results, options(view, width));
        expect(XMLValidator.validate(svg)).toBe(true);
        expect(renderFrame(model, results, options(view, width))).toBe(svg);
        const boxes = texts(frameScene(model, results, options(view, width))).map((t) => t.box);
        boxes.forEach((a, i) => {
          expect(inside(a, { x0: 0, y0: 0, x1: width, y1: 420 })).toBe(true);
          boxes.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false));
        });
      });
    }
  }

  it('labels the load, the reactions and the tip displacement with their hand-calculated values', () => {
    expect(labelsOf(renderFrame(model, results, options('problem')))).toContain('10 kN');
    const labels = labelsOf(renderFrame(model, results, options('results')));
    expect(labels).toEqual(expect.arrayContaining(['10 kN', '40 kN.m']));
    expect(labelsOf(renderFrame(model, results, options('deflected')))).toContain('deflected shape ×20; max 10.7 mm at node 2');
  });

  it('labels the moment at the base, -PL = -40 kN.m, and the shear, P = 10 kN', () => {
    expect(labelsOf(renderFrame(model, results, options('moment')))).toContain('-40 kN.m');
    expect(labelsOf(renderFrame(model, results, options('shear')))).toContain('10 kN');
  });

  it('draws the moment on the tension side: left of the column, whose -x face is in tension', () => {
    const scene = frameScene(model, results, options('moment'));
    const column = scene.layers.find((l) => l.name === 'members')!.shapes[0] as PathShape;
    const x = column.d[0]![1] as number;
    const curve = scene.layers
      .find((l) => l.name === 'chart')!
      .shapes.filter((s): s is PathShape => s.kind === 'path' && s.stroke !== undefined);
    const xs = curve.flatMap((p) => p.d.filter((c) => c[0] !== 'Z').map((c) => c[1] as number));
    expect(Math.min(...xs)).toBeLessThan(x - 20);
    expect(Math.max(...xs)).toBeLessThanOrEqual(x + 1e-9);
  });
});

describe('a settled support (issue 16: settlements drawn with their value)', () => {
  // The cantilever column's base sinks 10 mm and turns 0.002 rad: the figure names both beside the base.
  const settled: FrameFigureModel = { ...model, supports: [{ node: 1, type: 'fixed', settlement: { y: -10, rotation: 0.002 } }] };

  it.each(['problem', 'results'] as const)('%s: the settled base carries its components', (view) => {
    const svg = renderFrame(settled, results, { view, width: 860, height: 420, theme: 'light', style: 'modern' });
    expect(labelsOf(svg)).toContain('\u0394y -10 mm, \u0394\u03b8 0.002 rad');
  });

  it('an unsettled base has no such label', () => {
    const svg = renderFrame(model, results, { view: 'problem', width: 860, height: 420, theme: 'light', style: 'modern' });
    expect(labelsOf(svg).some((l) => l.startsWith('\u0394'))).toBe(false);
  });
});

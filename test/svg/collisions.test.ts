/**
 * Issue 16, acceptance: for the models it was tried on (a 3-span beam with a hinge, a settlement, point,
 * uniform, trapezoidal and moment loads; a cantilever; an AS1170 combination model; an eight-panel Pratt truss
 * with an inclined roller and a component load; a small triangle; a portal frame; issue 37's gable frame, whose
 * node and member numbers must keep clear too), in every view, both styles,
 * at 400, 860 and 2000 px wide, the SVG is read back (figure-boxes.ts) and no two labels overlap, no label leaves
 * the canvas, and no label lies on a load arrow, a support glyph, a reaction arrow or a chart's curve. Then the
 * same for figures of one combination and of the envelope (combination-models.ts), captions included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { BEAM_VIEWS, FRAME_VIEWS, TRUSS_VIEWS } from '../../ts/schema/diagram.js';
import { renderBeamDiagram, renderFrameDiagram, renderTrussDiagram } from '../../ts/solve/diagram.js';
import { fixedMember, patternBeam, portalWithCases, twoEqualSpans, windTriangle, workedExample } from './combination-models.js';
import { collisions, readFigure } from './figure-boxes.js';
import { gable, portal } from './frame-models.js';
import { issue16Beams } from './models.js';
import { pratt8, triangle } from './truss-models.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});
const context = () => ({ engine, baseUrl: 'http://localhost:3000' });

/** The drawings labels must keep off (`curve` a beam chart's, `chart` a frame chart's curves). */
const GUARDED = ['loads', 'supports', 'reactions', 'curve', 'chart', 'beam'];
const WIDTHS = [400, 860, 2000] as const;
const STYLES = ['modern', 'classic'] as const;

describe('beam figures: no label on another, off the canvas, or on an arrow, a support or the curve', () => {
  for (const [name, model] of Object.entries(issue16Beams)) {
    for (const view of BEAM_VIEWS) {
      for (const width of WIDTHS) {
        for (const style of STYLES) {
          it(`${name} ${view} ${width} ${style}`, () => {
            const svg = renderBeamDiagram({ ...model, view, width, style, deformed: view === 'setup' }, context());
            expect(collisions(readFigure(svg), GUARDED)).toEqual([]);
          });
        }
      }
    }
  }
});

describe('truss figures', () => {
  for (const [name, model] of Object.entries({ pratt8, triangle })) {
    for (const view of TRUSS_VIEWS) {
      for (const width of WIDTHS) {
        for (const style of STYLES) {
          it(`${name} ${view} ${width} ${style}`, () => {
            const svg = renderTrussDiagram({ ...model, view, width, style }, context());
            expect(collisions(readFigure(svg), GUARDED)).toEqual([]);
          });
        }
      }
    }
  }
});

describe('frame figures, their node and member numbers included', () => {
  for (const [name, model] of Object.entries({ portal, gable })) {
    for (const view of FRAME_VIEWS) {
      for (const width of WIDTHS) {
        for (const style of STYLES) {
          it(`${name} ${view} ${width} ${style}`, () => {
            const svg = renderFrameDiagram({ ...model, view, width, style }, context());
            expect(collisions(readFigure(svg), GUARDED)).toEqual([]);
          });
        }
      }
    }
  }
});

describe('combination and envelope figures, their captions included', () => {
  const cases: ['beam' | 'truss' | 'frame', object][] = [];
  for (const model of [workedExample, twoEqualSpans, patternBeam]) {
    for (const view of ['setup', 'results', 'shear', 'moment', 'deflection'])
      cases.push(['beam', { ...model, view, combination: 'AS1170-ULS-2' }]);
    for (const view of ['shear', 'moment', 'deflection']) cases.push(['beam', { ...model, view, combination: 'envelope' }]);
    // the unfactored analysis of a request with combinations: captioned too
    cases.push(['beam', { ...model, view: 'setup' }]);
  }
  for (const combination of ['AS1170-ULS-4', 'envelope']) cases.push(['truss', { ...windTriangle, combination }]);
  for (const model of [fixedMember, portalWithCases]) {
    for (const view of ['results', 'moment']) cases.push(['frame', { ...model, view, combination: 'AS1170-ULS-2' }]);
    for (const view of ['axial', 'shear', 'moment']) cases.push(['frame', { ...model, view, combination: 'envelope' }]);
  }
  const render = { beam: renderBeamDiagram, truss: renderTrussDiagram, frame: renderFrameDiagram };
  for (const [kind, body] of cases) {
    const { view, combination } = body as { view?: string; combination?: string };
    for (const width of WIDTHS) {
      for (const style of STYLES) {
        it(`${kind} ${view ?? 'results'} ${combination ?? 'unfactored'} ${width} ${style}`, () => {
          const svg = render[kind]({ ...body, width, style }, context());
          expect(collisions(readFigure(svg), GUARDED)).toEqual([]);
        });
      }
    }
  }
});

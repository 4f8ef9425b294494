/**
 * Reference figures, compared byte for byte with the committed goldens in test/svg/snapshots/ (each
 * looked at as a PNG before it was committed). A difference writes `<name>-changed.svg` under
 * test/output/ and fails; run with UPDATE_SNAPSHOTS=1 to accept a change on purpose, then look at it.
 * The figures of docs/diagrams.md are the same files, so the documentation cannot drift either.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { renderBeamDiagram, renderFrameDiagram, renderTrussDiagram } from '../../ts/solve/diagram.js';
import { renderSectionDiagram } from '../../ts/solve/section-properties.js';
import { as1170Beam, cantilever, continuousThreeSpan, hingedTwoSpan, issue16Beam, simplySupported } from './models.js';
import { pratt, pratt8, triangle } from './truss-models.js';
import { gable, portal } from './frame-models.js';
import { patternBeam, portalWithCases, windTriangle } from './combination-models.js';

const root = resolve(import.meta.dirname, '..', '..');
const goldens = join(root, 'test', 'svg', 'snapshots');
const output = join(root, 'test', 'output');
const docs = join(root, 'docs', 'diagrams');
const update = process.env.UPDATE_SNAPSHOTS === '1';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

interface Figure {
  name: string;
  render: () => string;
  /** shown in docs/diagrams.md */
  documented?: boolean;
}

const beam = (body: object) => () => renderBeamDiagram(body, { engine, baseUrl: 'http://localhost:3000' });

const truss = (body: object) => () => renderTrussDiagram(body, { engine, baseUrl: 'http://localhost:3000' });

const frame = (body: object) => () => renderFrameDiagram(body, { engine, baseUrl: 'http://localhost:3000' });

const section = (body: object) => () => renderSectionDiagram(body, { engine, baseUrl: 'http://localhost:3000' });

/** An unequal angle with a slot in its long leg, beside a tube: voids, a product of area, turned axes. */
const angleAndTube = {
  shapes: [
    { type: 'rectangle', x: 0, y: 0, width: 10, height: 150 },
    { type: 'rectangle', x: 0, y: 0, width: 90, height: 10 },
    { type: 'rectangle', x: 3, y: 100, width: 4, height: 30, void: true },
    { type: 'circle', x: 40, y: 60, diameter: 30 },
    { type: 'circle', x: 40, y: 60, diameter: 16, void: true },
  ],
};
const tee = {
  shapes: [
    { type: 'rectangle', x: 0, y: 180, width: 200, height: 20 },
    { type: 'rectangle', x: 95, y: 0, width: 10, height: 180 },
  ],
};

/** Issue 16's Pratt truss with its 40 kN loads hung from the bottom nodes 2 to 8: arrows drawn below the chord. */
const pratt8Hanging = { ...pratt8, loads: [2, 3, 4, 5, 6, 7, 8].map((node) => ({ node, fy: -40 })) };

/** The AS1170 floor beam's loads alone (its combinations are another issue's figures). */
const { combinations: _combinations, ...withoutCombinations } = as1170Beam;

const figures: Figure[] = [
  { name: 'beam-problem', render: beam({ ...hingedTwoSpan, view: 'problem' }), documented: true },
  { name: 'beam-setup', render: beam({ ...hingedTwoSpan, view: 'setup' }), documented: true },
  { name: 'beam-setup-deformed', render: beam({ ...continuousThreeSpan, view: 'setup', deformed: true }), documented: true },
  { name: 'beam-results', render: beam({ ...hingedTwoSpan, view: 'results' }), documented: true },
  { name: 'beam-shear', render: beam({ ...continuousThreeSpan, view: 'shear' }), documented: true },
  { name: 'beam-moment', render: beam({ ...continuousThreeSpan, view: 'moment' }), documented: true },
  { name: 'beam-deflection', render: beam({ ...continuousThreeSpan, view: 'deflection' }), documented: true },
  { name: 'beam-setup-classic-dark', render: beam({ ...hingedTwoSpan, view: 'setup', style: 'classic', theme: 'dark' }), documented: true },
  { name: 'beam-settlement-setup', render: beam({ ...issue16Beam, view: 'setup' }), documented: true },
  { name: 'beam-settlement-shear', render: beam({ ...issue16Beam, view: 'shear' }), documented: true },
  { name: 'beam-settlement-moment', render: beam({ ...issue16Beam, view: 'moment' }), documented: true },
  { name: 'beam-settlement-results', render: beam({ ...issue16Beam, view: 'results' }), documented: true },
  { name: 'beam-settlement-moment-400', render: beam({ ...issue16Beam, view: 'moment', width: 400 }), documented: true },
  { name: 'beam-stacked-problem', render: beam({ ...withoutCombinations, view: 'problem' }), documented: true },
  { name: 'beam-results-classic', render: beam({ ...cantilever, view: 'results', style: 'classic' }) },
  { name: 'beam-moment-dark', render: beam({ ...simplySupported, view: 'moment', theme: 'dark', width: 600, height: 300 }) },
  { name: 'truss-problem', render: truss({ ...pratt, view: 'problem' }), documented: true },
  { name: 'truss-results', render: truss({ ...pratt, view: 'results' }), documented: true },
  { name: 'truss-results-classic-dark', render: truss({ ...pratt, view: 'results', style: 'classic', theme: 'dark' }), documented: true },
  { name: 'truss-pratt8-problem', render: truss({ ...pratt8, view: 'problem' }), documented: true },
  { name: 'truss-pratt8-results', render: truss({ ...pratt8, view: 'results' }), documented: true },
  { name: 'truss-pratt8-results-400', render: truss({ ...pratt8, view: 'results', width: 400, numbers: false }), documented: true },
  { name: 'truss-triangle-results', render: truss({ ...triangle, width: 600, height: 420 }) },
  { name: 'truss-pratt8-hanging-results', render: truss({ ...pratt8Hanging, view: 'results' }), documented: true },
  { name: 'frame-problem', render: frame({ ...portal, view: 'problem' }), documented: true },
  { name: 'frame-results', render: frame({ ...portal, view: 'results' }), documented: true },
  { name: 'frame-deflected', render: frame({ ...portal, view: 'deflected' }), documented: true },
  { name: 'frame-axial', render: frame({ ...portal, view: 'axial' }), documented: true },
  { name: 'frame-shear', render: frame({ ...portal, view: 'shear' }), documented: true },
  { name: 'frame-moment', render: frame({ ...portal, view: 'moment' }), documented: true },
  { name: 'frame-moment-classic-dark', render: frame({ ...portal, view: 'moment', style: 'classic', theme: 'dark' }), documented: true },
  { name: 'frame-gable-results', render: frame({ ...gable, view: 'results' }), documented: true },
  { name: 'frame-gable-moment', render: frame({ ...gable, view: 'moment' }), documented: true },
  { name: 'frame-buckling', render: frame({ ...portal, analysis: { buckling: 1 }, view: 'buckling' }), documented: true },
  { name: 'beam-setup-combination', render: beam({ ...patternBeam, view: 'setup', combination: 'AS1170-ULS-2' }), documented: true },
  { name: 'beam-moment-envelope', render: beam({ ...patternBeam, view: 'moment', combination: 'envelope' }), documented: true },
  { name: 'beam-deflection-envelope', render: beam({ ...patternBeam, view: 'deflection', combination: 'envelope', width: 400 }) },
  { name: 'beam-setup-unfactored', render: beam({ ...patternBeam, view: 'setup', width: 400 }) },
  {
    name: 'truss-results-combination',
    render: truss({ ...windTriangle, combination: 'AS1170-ULS-4', width: 600, height: 420 }),
    documented: true,
  },
  {
    name: 'truss-results-envelope',
    render: truss({ ...windTriangle, combination: 'envelope', width: 600, height: 420 }),
    documented: true,
  },
  { name: 'frame-moment-envelope', render: frame({ ...portalWithCases, view: 'moment', combination: 'envelope' }), documented: true },
  { name: 'frame-results-combination', render: frame({ ...portalWithCases, view: 'results', combination: 'AS1170-ULS-5' }) },
  { name: 'section-angle', render: section(angleAndTube), documented: true },
  { name: 'section-tee-dark', render: section({ ...tee, theme: 'dark' }), documented: true },
];

function check(directory: string, name: string, actual: string): void {
  const golden = join(directory, `${name}.svg`);
  if (update) {
    mkdirSync(directory, { recursive: true });
    writeFileSync(golden, actual);
    return;
  }
  const expected = existsSync(golden) ? readFileSync(golden, 'utf8') : undefined;
  if (expected !== actual) {
    mkdirSync(output, { recursive: true });
    writeFileSync(join(output, `${name}-changed.svg`), actual);
  }
  expect(expected, `${golden} differs: see test/output/${name}-changed.svg`).toBe(actual);
}

describe('reference figures', () => {
  for (const figure of figures) {
    it(figure.name, () => {
      const actual = figure.render();
      check(goldens, figure.name, actual);
      if (figure.documented) check(docs, figure.name, actual);
    });
  }
});

/**
 * Beam diagrams: every view x theme x style renders well-formed SVG of the requested size with the
 * hand-calculated labels; labels keep clear of each other and of the canvas edge; output is
 * deterministic; the attribution comment is the last line; the HTTP route answers image/svg+xml and
 * refuses bad figure fields with paths.
 */
import request from 'supertest';
import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { BEAM_VIEWS } from '../../ts/schema/diagram.js';
import { createApp } from '../../ts/server/app.js';
import { solveBeam } from '../../ts/solve/beam.js';
import { renderBeamDiagram } from '../../ts/solve/diagram.js';
import { plainData } from '../../ts/solve/json-text.js';
import { beamScene } from '../../ts/svg/index.js';
import { inside, overlaps } from '../../ts/svg/label-boxes.js';
import { texts } from '../../ts/svg/scene.js';
import { cantilever, simplySupported, typicalBeams } from './models.js';
import { labelsOf, parseSvg, svgText } from './labels-of.js';

const BASE_URL = 'http://localhost:3000';
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const render = (body: object) => renderBeamDiagram(body, { engine, baseUrl: BASE_URL });

/** Labels from the hand calculations in models.ts. */
const expected = {
  simplySupported: {
    setup: ['40 kN', '10 kN/m', '8 m'],
    results: ['40 kN', 'δmax -26.7 mm at x = 4 m'],
    shear: ['Shear force V (kN)', '40', '-40'],
    moment: ['Bending moment M, sagging positive (kN.m)', '80 at 4 m'],
    deflection: ['Deflection, up positive (mm)', '-26.7 at 4 m'],
  },
  cantilever: {
    setup: ['12 kN', '36 kN.m'],
    results: ['12 kN', '36 kN.m', 'δmax -5.4 mm at x = 3 m'],
    shear: ['12'],
    moment: ['-36', '0'],
    deflection: ['0', '-5.4 at 3 m'],
  },
};

describe('every view x theme x style', () => {
  for (const view of BEAM_VIEWS) {
    for (const theme of ['light', 'dark'] as const) {
      for (const style of ['modern', 'classic'] as const) {
        it(`${view} ${theme} ${style}`, () => {
          const svg = render({ ...simplySupported, view, theme, style, width: 900, height: 300 });
          expect(XMLValidator.validate(svg)).toBe(true);
          const root = parseSvg(svg).svg;
          expect([root.width, root.height, root.viewBox]).toEqual(['900', '300', '0 0 900 300']);
        });
      }
    }
  }
});

describe('labels from hand calculations', () => {
  for (const [name, model] of Object.entries({ simplySupported, cantilever })) {
    const views = expected[name as keyof typeof expected];
    for (const [view, labels] of Object.entries(views)) {
      it(`${name} ${view}`, () => {
        const found = labelsOf(render({ ...model, view }));
        for (const label of labels) expect(found).toContain(label);
      });
    }
  }
  it('problem shows loads but no reactions; setup adds them', () => {
    expect(labelsOf(render({ ...cantilever, view: 'problem' }))).not.toContain('36 kN.m');
    expect(labelsOf(render({ ...cantilever, view: 'problem' }))).toContain('12 kN');
  });
  it('deformed overlays the deflected shape on setup', () => {
    expect(labelsOf(render({ ...simplySupported, view: 'setup' }))).not.toContain('δmax -26.7 mm at x = 4 m');
    expect(labelsOf(render({ ...simplySupported, view: 'setup', deformed: true }))).toContain('δmax -26.7 mm at x = 4 m');
  });
  it('imperial units label kip and k.ft', () => {
    // 5 kip at 10 ft: reaction 5 kip, moment 5*10 = 50 k.ft
    const found = labelsOf(render({ ...typicalBeams.imperialCantilever, view: 'setup' }));
    expect(found).toEqual(expect.arrayContaining(['5 kip', '50 k.ft', '10 ft']));
  });
});

describe('default sizes (interface-spec.md: 860 wide; 250 high, 240 for charts)', () => {
  it.each([
    ['setup', '250'],
    ['results', '250'],
    ['moment', '240'],
  ])('%s', (view, height) => {
    const root = parseSvg(render({ ...simplySupported, view })).svg;
    expect([root.width, root.height]).toEqual(['860', height]);
  });
});

describe('labels keep clear of each other and of the edge', () => {
  for (const [name, model] of Object.entries(typicalBeams)) {
    for (const view of BEAM_VIEWS) {
      // the smallest canvas has no room for the deformed overlay on top of loads and reactions
      for (const [width, height, deformed] of [
        [860, view === 'shear' || view === 'moment' || view === 'deflection' ? 240 : 250, true],
        [560, 320, true],
        [400, 150, false],
      ] as const) {
        it(`${name} ${view} ${width}x${height}${deformed ? ' deformed' : ''}`, () => {
          const results = plainData(solveBeam(model, { engine, baseUrl: BASE_URL }));
          const scene = beamScene(model, results, { view, deformed, width, height, theme: 'light', style: 'classic' });
          const boxes = texts(scene).map((t) => ({ text: t.text, box: t.box }));
          for (const { text, box } of boxes) expect(inside(box, { x0: 0, y0: 0, x1: width, y1: height }), text).toBe(true);
          for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) {
              expect(overlaps(boxes[i]!.box, boxes[j]!.box), `${boxes[i]!.text} / ${boxes[j]!.text}`).toBe(false);
            }
          }
        });
      }
    }
  }
});

describe('determinism and attribution', () => {
  it('the same request gives the same bytes, whatever the clock says', () => {
    let tick = 0;
    const body = { ...typicalBeams.hingedTwoSpan, view: 'setup', deformed: true };
    const first = renderBeamDiagram(body, { engine, baseUrl: BASE_URL, now: () => (tick += 7) });
    const second = renderBeamDiagram(body, { engine, baseUrl: BASE_URL, now: () => (tick += 1000) });
    expect(second).toBe(first);
  });
  it('ends with the attribution comment as its last line', () => {
    const lines = render(simplySupported).trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe('<!-- Computed by Spanwise - http://localhost:3000 -->');
    expect(lines[lines.length - 2]).toBe('</svg>');
  });
  it('ids carry the prefix', () => {
    expect(render(simplySupported)).toContain('id="spanwise-title"');
  });
});

describe('POST /v1/beam/diagram', () => {
  const app = () => createApp({ engine, baseUrl: BASE_URL }).callback();

  it('answers image/svg+xml, byte-identical twice', async () => {
    const body = { ...simplySupported, view: 'moment', theme: 'dark', style: 'classic' };
    const a = await request(app()).post('/v1/beam/diagram').send(body).expect(200);
    const b = await request(app()).post('/v1/beam/diagram').send(body).expect(200);
    expect(a.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const text = svgText;
    expect(text(a)).toBe(text(b));
    expect(text(a)).toBe(render(body));
  });

  it.each([
    [{ width: 399 }, 'width'],
    [{ width: 2001 }, 'width'],
    [{ width: 860.5 }, 'width'],
    [{ height: 149 }, 'height'],
    [{ height: 1501 }, 'height'],
    [{ view: 'axial' }, 'view'],
    [{ theme: 'sepia' }, 'theme'],
    [{ style: 'retro' }, 'style'],
    [{ deformed: 'yes' }, 'deformed'],
    [{ colour: 'red' }, 'colour'],
    [{ spans: [{ length: 0, E: 200, I: 1e8 }] }, 'spans.0.length'],
  ])('%j is 400 at %s', async (fields, path) => {
    const res = await request(app())
      .post('/v1/beam/diagram')
      .send({ ...simplySupported, ...fields })
      .expect(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('refuses what the solve endpoint refuses, the same way', async () => {
    const body = { ...simplySupported, supports: [{ type: 'pin', position: 9 }] };
    const solve = await request(app()).post('/v1/beam/solve').send(body);
    const diagram = await request(app())
      .post('/v1/beam/diagram')
      .send({ ...body, view: 'shear' });
    expect(diagram.status).toBe(400);
    expect(diagram.body).toEqual(solve.body);
  });

  it('an unstable beam is 422 as for solve', async () => {
    const body = { ...simplySupported, supports: [{ type: 'roller', position: 0 }] };
    const res = await request(app()).post('/v1/beam/diagram').send(body).expect(422);
    expect(res.body.code).toBe('unstable_structure');
  });
});

describe('an applied moment over a support (issue 16: the arc was drawn over the support)', () => {
  // Two 4 m spans on three supports, 12 kN.m applied at the middle support, 5 kN/m over both spans.
  const body = {
    spans: [
      { length: 4, E: 200, I: 1e8 },
      { length: 4, E: 200, I: 1e8 },
    ],
    supports: [
      { type: 'pin', position: 0 },
      { type: 'roller', position: 4 },
      { type: 'roller', position: 8 },
    ],
    loads: [
      { type: 'udl', start: -5, from: 0, to: 8 },
      { type: 'moment', magnitude: 12, position: 4 },
    ],
  };
  const group = (svg: string, name: string) =>
    svg.slice(svg.indexOf(`<g id="spanwise-${name}">`), svg.indexOf('</g>', svg.indexOf(`<g id="spanwise-${name}">`)));

  it.each(['setup', 'problem'])('%s: the arc stands above the beam, clear of the glyph below it', (view) => {
    const svg = render({ ...body, view });
    const beamY = Number(/d="M[\d.]+ ([\d.]+)L/.exec(group(svg, 'beam'))![1]);
    const arc = /d="M([\d.]+) ([\d.]+)A[\d.]+ [\d.]+ 0 [01] [01] ([\d.]+) ([\d.]+)"/.exec(group(svg, 'loads'));
    expect(arc, 'a moment arc in the loads layer').not.toBeNull();
    const [, , startY, , endY] = arc!.map(Number);
    expect(startY).toBeLessThanOrEqual(beamY + 0.01);
    expect(endY).toBeLessThanOrEqual(beamY + 0.01);
  });

  it('away from a support it keeps its three-quarter circle, ends below the beam line', () => {
    const svg = render({ ...body, loads: [{ type: 'moment', magnitude: 12, position: 2 }], view: 'setup' });
    const beamY = Number(/d="M[\d.]+ ([\d.]+)L/.exec(group(svg, 'beam'))![1]);
    const arc = /d="M([\d.]+) ([\d.]+)A[\d.]+ [\d.]+ 0 1 [01] ([\d.]+) ([\d.]+)"/.exec(group(svg, 'loads'));
    expect(arc, 'a large-arc moment arc').not.toBeNull();
    expect(Number(arc![2])).toBeGreaterThan(beamY);
  });
});

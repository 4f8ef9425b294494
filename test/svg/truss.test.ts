/**
 * Truss diagrams: both views x theme x style render well-formed SVG of the requested size with the
 * hand-calculated labels (truss-models.ts); labels keep clear of each other and of the edge; inclined
 * rollers turn; output is deterministic with the attribution last; the route refuses bad fields.
 */
import request from 'supertest';
import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { TRUSS_VIEWS } from '../../ts/schema/diagram.js';
import { createApp } from '../../ts/server/app.js';
import { renderTrussDiagram } from '../../ts/solve/diagram.js';
import { solveTruss } from '../../ts/solve/truss.js';
import { pinOrRoller } from '../../ts/svg/glyphs.js';
import { renderTruss, trussScene } from '../../ts/svg/index.js';
import { inside, overlaps } from '../../ts/svg/label-boxes.js';
import { texts, type PathShape } from '../../ts/svg/scene.js';
import { roundFactor } from '../../ts/svg/truss.js';
import { latticeRequest } from '../../bench/requests.js';
import { pratt, pratt8, triangle, triangleResults } from './truss-models.js';
import { labelsOf, parseSvg, svgText } from './labels-of.js';

const BASE_URL = 'http://localhost:3000';
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});
const render = (body: object) => renderTrussDiagram(body, { engine, baseUrl: BASE_URL });

// truss-models.ts: reactions 5 kN, chord +5 kN, diagonals -7.07 kN, |d3| = 0.198 mm; the factor is
// 0.08 x 4 m / 0.198e-3 m = 1616, rounded down to 1000
const triangleLabels = ['10 kN', '5 kN', '-7.07 kN', 'deflected shape ×1000; max 0.198 mm at node 3'];

describe('every view x theme x style', () => {
  for (const view of TRUSS_VIEWS) {
    for (const theme of ['light', 'dark'] as const) {
      for (const style of ['modern', 'classic'] as const) {
        it(`${view} ${theme} ${style}`, () => {
          const svg = render({ ...pratt, view, theme, style, width: 1000, height: 500 });
          expect(XMLValidator.validate(svg)).toBe(true);
          const root = parseSvg(svg).svg;
          expect([root.width, root.height, root.viewBox]).toEqual(['1000', '500', '0 0 1000 500']);
        });
      }
    }
  }
  it('defaults to the results view, 860 x 460 (interface-spec.md)', () => {
    const svg = render(triangle);
    const root = parseSvg(svg).svg;
    expect([root.width, root.height]).toEqual(['860', '460']);
    expect(labelsOf(svg)).toEqual(expect.arrayContaining(triangleLabels));
  });
});

describe('labels from hand calculations', () => {
  it('the renderer alone, from hand-built results', () => {
    const svg = renderTruss(triangle, triangleResults, { view: 'results', width: 860, height: 460, theme: 'light', style: 'modern' });
    expect(labelsOf(svg)).toEqual(expect.arrayContaining(triangleLabels));
  });
  it('the problem view shows loads, not results', () => {
    const found = labelsOf(render({ ...triangle, view: 'problem' }));
    expect(found).toContain('10 kN');
    expect(found).not.toContain('5 kN');
    expect(found).not.toContain('-7.07 kN');
  });
  it('members take the colour of their force: tension red, compression blue', () => {
    const scene = trussScene(triangle, triangleResults, { view: 'results', width: 860, height: 460, theme: 'light', style: 'modern' });
    const members = scene.layers.find((l) => l.name === 'members')!.shapes as PathShape[];
    // member 1 is the horizontal tie (+5 kN), members 2 and 3 the rafters (-7.07 kN)
    const level = (m: PathShape) => m.d[0]![2] === m.d[1]![2];
    expect(members.filter(level).map((m) => m.stroke)).toEqual(['tension']);
    expect(members.filter((m) => !level(m)).map((m) => m.stroke)).toEqual(['compression', 'compression']);
    // drawn colour by colour, tension last: where bars cross, tension is on top
    expect(members.map((m) => m.stroke)).toEqual(['compression', 'compression', 'tension']);
  });
  it('magnification factors are 1, 2 or 5 times a power of ten, rounded down', () => {
    expect([roundFactor(1616), roundFactor(111), roundFactor(0.3), roundFactor(5), roundFactor(49.9)]).toEqual([1000, 100, 0.2, 5, 20]);
  });
});

describe('issue 16: numbers, component loads, inclined-roller reactions', () => {
  const options = { view: 'results' as const, width: 860, height: 460, theme: 'light' as const, style: 'modern' as const };
  it('numbers the nodes (bold) and the members (boxed) by default; numbers: false draws none', () => {
    const numbered = texts(trussScene(triangle, triangleResults, options));
    expect(numbered.filter((t) => t.outline).map((t) => t.text)).toEqual(['1', '2', '3']);
    expect(numbered.filter((t) => t.bold && t.size === 10).map((t) => t.text)).toEqual(['1', '2', '3']);
    const plain = texts(trussScene(triangle, triangleResults, { ...options, numbers: false }));
    expect(plain.filter((t) => t.outline || (t.bold && t.size === 10))).toEqual([]);
    expect(labelsOf(render({ ...triangle, numbers: false }))).not.toContain('2');
  });
  it('a load given in components is drawn as its components, each with its magnitude', () => {
    // pratt8: (5, -10) kN at node 10; one arrow would read hypot(5, 10) = 11.2 kN
    const found = labelsOf(render({ ...pratt8, view: 'problem' }));
    expect(found).toEqual(expect.arrayContaining(['5 kN', '10 kN']));
    expect(found).not.toContain('11.2 kN');
  });
  it('a load given by magnitude and angle off the axes states its angle', () => {
    const found = labelsOf(render({ ...triangle, loads: [{ node: 3, magnitude: 10, angle: -60 }], view: 'problem' }));
    expect(found).toContain('10 kN at -60°');
  });
  it("an inclined roller's reaction is one arrow along its line of action with the resultant", () => {
    // pratt8: the roller at (24, 0) rolls along 30 degrees, so it pushes along (-sin 30, cos 30). Moments about
    // the pin: 24 cos30 R = 40 (6 + 9 + 12 + 15 + 18 + 21) + (3 x 10 + 3 x 5) = 3285, R = 3285 / 20.785 = 158 kN.
    // The pin: vertical 250 - 158.05 cos30 = 113 kN, horizontal 158.05 sin30 - 5 = 74 kN.
    const found = labelsOf(render({ ...pratt8, view: 'results' }));
    expect(found).toEqual(expect.arrayContaining(['158 kN', '113 kN', '74 kN']));
    // three arrows (a shaft and a head each): the pin's two components and the roller's one force
    const scene = trussScene(pratt8, solveTruss(pratt8, { engine, baseUrl: BASE_URL }), options);
    const arrows = scene.layers.find((l) => l.name === 'reactions')!.shapes as PathShape[];
    expect(arrows).toHaveLength(6);
    // the roller's shaft runs along (-sin 30, cos 30) on the model, (-0.5, -0.866) on the page (y down)
    const shaft = arrows[4]!.d as [['M', number, number], ['L', number, number]];
    const [dx, dy] = [shaft[1][1] - shaft[0][1], shaft[1][2] - shaft[0][2]];
    expect(dx / Math.hypot(dx, dy)).toBeCloseTo(-0.5, 9);
    expect(dy / Math.hypot(dx, dy)).toBeCloseTo(-Math.sqrt(3) / 2, 9);
  });
});

describe('inclined rollers', () => {
  it('a roller at 90 degrees (rolling along y) stands beside its node, base parallel to y', () => {
    // frame: size 10, half-width 7; turned 90 degrees the base corners land at (10, -7) and (10, 7)
    const [triangleShape] = pinOrRoller('roller', { x: 0, y: 0 }, 10, 90, 'modern') as PathShape[];
    const points = triangleShape!.d
      .filter((c) => c[0] !== 'Z')
      .map((c) => [Number((c[1] as number).toFixed(6)), Number((c[2] as number).toFixed(6))]);
    expect(points).toEqual([
      [0, 0],
      [10, 7],
      [10, -7],
    ]);
  });
});

describe('labels keep clear of each other and of the edge', () => {
  for (const [name, model] of Object.entries({ triangle, pratt })) {
    for (const view of TRUSS_VIEWS) {
      for (const [width, height] of [
        [860, 460],
        [600, 400],
      ] as const) {
        it(`${name} ${view} ${width}x${height}`, () => {
          const results = solveTruss(model, { engine, baseUrl: BASE_URL });
          const scene = trussScene(model, results, { view, width, height, theme: 'light', style: 'classic' });
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

describe('a large truss figure', () => {
  it('writes 1,000 members, 300 nodes and the deflected shape in a few elements (ts/svg/elements.ts)', () => {
    // the 300-node, 1,000-member lattice of `make bench`; one element per shape was some 2,500
    const svg = render(latticeRequest());
    const count = (tag: string) => svg.split(`<${tag} `).length - 1;
    expect(count('path') + count('circle')).toBeLessThan(40);
    expect(svg.length).toBeLessThan(100_000);
  });
});

describe('determinism and attribution', () => {
  it('the same request gives the same bytes, whatever the clock says', () => {
    let tick = 0;
    const first = renderTrussDiagram(pratt, { engine, baseUrl: BASE_URL, now: () => (tick += 3) });
    const second = renderTrussDiagram(pratt, { engine, baseUrl: BASE_URL, now: () => (tick += 999) });
    expect(second).toBe(first);
  });
  it('ends with the attribution comment as its last line', () => {
    const lines = render(triangle).trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe('<!-- Computed by Spanwise - http://localhost:3000 -->');
  });
});

describe('POST /v1/truss/diagram', () => {
  const app = () => createApp({ engine, baseUrl: BASE_URL }).callback();
  const text = svgText;

  it('answers image/svg+xml, the renderer bytes', async () => {
    const res = await request(app()).post('/v1/truss/diagram').send(triangle).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(text(res)).toBe(render(triangle));
  });

  it.each([
    [{ view: 'setup' }, 'view'],
    [{ deformed: true }, 'deformed'],
    [{ width: 2001 }, 'width'],
    [{ height: 149 }, 'height'],
    [{ theme: 'night' }, 'theme'],
    [{ nodes: [{ id: 1, x: 0 }] }, 'nodes.0.y'],
  ])('%j is 400 at %s', async (fields, path) => {
    const res = await request(app())
      .post('/v1/truss/diagram')
      .send({ ...triangle, ...fields })
      .expect(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('refuses what the solve endpoint refuses, the same way', async () => {
    const body = { ...triangle, members: [...triangle.members, { id: 4, from: 3, to: 9 }] };
    const solve = await request(app()).post('/v1/truss/solve').send(body);
    const diagram = await request(app())
      .post('/v1/truss/diagram')
      .send({ ...body, view: 'problem' });
    expect(solve.status).toBe(400);
    expect(diagram.status).toBe(400);
    expect(diagram.body).toEqual(solve.body);
  });
});

describe('a settled support (issue 16: settlements drawn with their value)', () => {
  // The triangle's roller at node 2 settles 10 mm down, the pin at node 1 moves 5 mm along +x and 2 mm down.
  const settled = {
    ...triangle,
    supports: [
      { node: 1, type: 'pin' as const, settlement: { x: 5, y: -2 } },
      { node: 2, type: 'roller' as const, settlement: { y: -10 } },
    ],
  };

  it.each(['problem', 'results'])('%s: each settled support is labelled with its components', (view) => {
    const labels = labelsOf(render({ ...settled, view }));
    expect(labels).toContain('\u0394y -10 mm');
    expect(labels).toContain('\u0394x 5, \u0394y -2 mm');
  });

  it('in imperial units the label names inches', () => {
    const labels = labelsOf(render({ ...settled, units: 'imperial', materials: [{ id: 1, E: 29000, A: 10 }], view: 'problem' }));
    expect(labels).toContain('\u0394y -10 in');
  });

  it('an unsettled support has no label', () => {
    expect(labelsOf(render({ ...triangle, view: 'problem' })).some((l) => l.startsWith('\u0394'))).toBe(false);
  });
});

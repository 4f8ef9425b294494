/** The section figure's labels: on the canvas and clear of each other, at the default size and smaller ones. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../ts/engine/engine.js';
import { loadEngine } from '../../ts/engine/node.js';
import { measureSection, sectionFigure } from '../../ts/solve/section-properties.js';
import type { SectionPropertiesRequest } from '../../ts/schema/section-properties.js';
import { overlaps } from '../../ts/svg/label-boxes.js';
import { texts } from '../../ts/svg/scene.js';
import { sectionScene } from '../../ts/svg/section.js';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const models: Record<string, SectionPropertiesRequest> = {
  tee: {
    shapes: [
      { type: 'rectangle', x: 0, y: 180, width: 200, height: 20 },
      { type: 'rectangle', x: 95, y: 0, width: 10, height: 180 },
    ],
  },
  plate: {
    shapes: [
      { type: 'rectangle', x: 0, y: 0, width: 300, height: 20 },
      { type: 'circle', x: 60, y: 10, diameter: 22, void: true },
    ],
  },
  keyhole: {
    units: 'imperial',
    shapes: [
      { type: 'circle', x: 0, y: 0, diameter: 4 },
      { type: 'rectangle', x: 0, y: 0, width: 4, height: 2 },
      {
        type: 'polygon',
        points: [
          [-1, -0.5],
          [1, -0.5],
          [0, 1],
        ],
        void: true,
      },
    ],
  },
};

describe('section figure labels', () => {
  for (const [name, request] of Object.entries(models)) {
    for (const [width, height] of [
      [860, 560],
      [600, 420],
      [400, 300],
    ] as const) {
      it(`${name} at ${width} x ${height}`, () => {
        const figure = sectionFigure(measureSection(request, { engine, baseUrl: 'http://localhost:3000' }, true));
        const scene = sectionScene(figure, { width, height, theme: 'light' });
        const labels = texts(scene);
        // caption (one or two lines), axis names 1 and 2, two PNA positions, the centroid, two extents
        expect(labels.length).toBeGreaterThanOrEqual(8);
        for (const label of labels) {
          expect(label.box.x0, label.text).toBeGreaterThanOrEqual(0);
          expect(label.box.y0, label.text).toBeGreaterThanOrEqual(0);
          expect(label.box.x1, label.text).toBeLessThanOrEqual(width);
          expect(label.box.y1, label.text).toBeLessThanOrEqual(height);
        }
        for (const [i, a] of labels.entries())
          for (const b of labels.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.text} / ${b.text}`).toBe(false);
      });
    }
  }
});

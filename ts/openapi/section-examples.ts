/** Request examples of the section-properties operations: real requests, each sent by the OpenAPI tests. */
import type { Example } from './examples.js';

/** A T: 200 x 20 flange on a 10 x 180 stem (A = 5800 mm², plastic neutral axis 14.5 mm below the top). */
const tee = {
  units: 'SI',
  shapes: [
    { type: 'rectangle', x: 0, y: 180, width: 200, height: 20 },
    { type: 'rectangle', x: 95, y: 0, width: 10, height: 180 },
  ],
};

export const sectionPropertiesExamples: Record<string, Example> = {
  tee: { summary: 'A welded T, 200 x 20 flange on a 10 x 180 stem (Sx = 195950 mm³)', value: tee },
  circularHollowImperial: {
    summary: 'A 6.625 in x 0.28 in circular hollow section: two concentric circles, the inner one a void (exact)',
    value: {
      units: 'imperial',
      shapes: [
        { type: 'circle', x: 0, y: 0, diameter: 6.625 },
        { type: 'circle', x: 0, y: 0, diameter: 6.065, void: true },
      ],
    },
  },
  channelTorsionImperial: {
    summary:
      "Pilkey's symmetric channel (Analysis and Design of Elastic Beams, Example B.2), 8 x 18 x 1 in: Pilkey's J = 11.289 in⁴, Cw = 12,763 in⁶, shear centre 2.868 in behind the web's mid-line (J, Cw, shearCentre by finite elements, error estimate in notes)",
    value: {
      units: 'imperial',
      shapes: [
        {
          type: 'polygon',
          points: [
            [-0.5, -9.5],
            [8, -9.5],
            [8, -8.5],
            [0.5, -8.5],
            [0.5, 8.5],
            [8, 8.5],
            [8, 9.5],
            [-0.5, 9.5],
          ],
        },
      ],
    },
  },
  teeWithoutTorsion: {
    summary: 'The T with torsion: false: no J, Cw or shearCentre, only the exact properties (the fastest answer)',
    value: { ...tee, torsion: false },
  },
  angleFromPolygon: {
    summary: 'An unequal angle 150 x 90 x 10 as one polygon (a product of area, turned principal axes)',
    value: {
      shapes: [
        {
          type: 'polygon',
          points: [
            [0, 0],
            [90, 0],
            [90, 10],
            [10, 10],
            [10, 150],
            [0, 150],
          ],
        },
      ],
    },
  },
};

export const sectionDiagramExamples: Record<string, Example> = {
  tee: {
    summary: 'The T drawn: outline, centroid, principal and plastic neutral axes, extents',
    value: { ...tee, width: 860, height: 560 },
  },
  plateWithHoleDark: {
    summary: 'A 300 x 20 plate with a 22 mm bolt hole, dark theme',
    value: {
      shapes: [
        { type: 'rectangle', x: 0, y: 0, width: 300, height: 20 },
        { type: 'circle', x: 60, y: 10, diameter: 22, void: true },
      ],
      theme: 'dark',
    },
  },
};

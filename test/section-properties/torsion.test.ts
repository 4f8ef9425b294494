/**
 * J, Cw and the shear centre through the service (decisions.md 21): the golden cases of
 * test/fixtures/section/torsion.json (each value with its source), the error estimate in the notes
 * bounding J's true error, `torsion: false`, several solids, units and the refusals that stay 400s.
 */
import request from 'supertest';
import type Koa from 'koa';
import { beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/section/torsion.json' with { type: 'json' };
import { MM_PER_IN } from '../../ts/units/constants.js';
import { testApp } from '../support/app.js';

let app: Koa;
beforeAll(async () => {
  app = await testApp();
});

const post = (body: object) => request(app.callback()).post('/v1/section-properties').send(body);
const measure = async (body: object) => (await post(body).expect(200)).body;

/** The relative J error the notes report ("J ± 0.0044%"), as a fraction. */
function reportedJError(notes: string[]): number {
  const match = /J ± ([0-9.e+-]+)%/.exec(notes[0] ?? '');
  if (!match) throw new Error(`no J estimate in ${notes[0]}`);
  return Number(match[1]) / 100;
}

const at = (body: Record<string, unknown>, path: string): number =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], body) as number;

describe('golden cases', () => {
  for (const c of fixture.cases) {
    it(c.name, async () => {
      const s = await measure(c.request);
      for (const [path, e] of Object.entries(c.expected) as [string, { value: number; rel?: number; abs?: number }][]) {
        const actual = at(s, path);
        const allowed = e.abs ?? (e.rel ?? 0) * Math.abs(e.value);
        expect(Math.abs(actual - e.value), `${path}: ${actual} vs ${e.value}`).toBeLessThanOrEqual(allowed);
      }
      if ('J' in c.expected) {
        // the estimate is rounded to two figures, so it may sit 5% under the change it reports
        const error = Math.abs(s.J - c.expected.J.value) / c.expected.J.value;
        expect(error).toBeLessThanOrEqual(reportedJError(s.notes) * 1.05);
        expect(reportedJError(s.notes)).toBeLessThan(0.01);
      }
    });
  }
});

describe('the torsion fields', () => {
  const tee = {
    shapes: [
      { type: 'rectangle', x: 0, y: 180, width: 200, height: 20 },
      { type: 'rectangle', x: 95, y: 0, width: 10, height: 180 },
    ],
  };

  it('torsion: false leaves J, Cw and shearCentre out and says so', async () => {
    const s = await measure({ ...tee, torsion: false });
    expect(s).not.toHaveProperty('J');
    expect(s).not.toHaveProperty('Cw');
    expect(s).not.toHaveProperty('shearCentre');
    expect(s.notes[0]).toBe('J, Cw and shearCentre are not computed (torsion: false).');
  });

  it("a tee's shear centre is where its flange and stem meet, and imperial units give the same section", async () => {
    // thin-walled theory: the mid-lines meet at (100, 190) (Timoshenko & Gere, Theory of Elastic Stability, §5.3)
    const s = await measure(tee);
    // the mesh is not symmetric, so the symmetry holds to the mesh's precision: 1e-3 of the stem
    expect(Math.abs(s.shearCentre.x - 100)).toBeLessThan(0.01);
    expect(Math.abs(s.shearCentre.y - 190)).toBeLessThan(1);
    expect(s.meta.unitLabels.warpingConstant).toBe('mm6');
    const inches = {
      units: 'imperial',
      shapes: tee.shapes.map((r) => ({
        ...r,
        x: r.x / MM_PER_IN,
        y: r.y / MM_PER_IN,
        width: r.width / MM_PER_IN,
        height: r.height / MM_PER_IN,
      })),
    };
    const i = await measure(inches);
    expect(i.meta.unitLabels).toMatchObject({ inertia: 'in4', warpingConstant: 'in6' });
    // the same shape scaled: J in⁴ and Cw in⁶ (within the mesh's estimate, the meshes being scaled copies)
    expect(Math.abs(i.J * MM_PER_IN ** 4 - s.J) / s.J).toBeLessThan(2 * reportedJError(s.notes) + 1e-9);
    expect(Math.abs(i.Cw * MM_PER_IN ** 6 - s.Cw) / s.Cw).toBeLessThan(1e-3);
  });

  it('several separate solids: J summed, Cw and shearCentre left out with the reason', async () => {
    const one = await measure({ shapes: [{ type: 'rectangle', x: 0, y: 0, width: 80, height: 20 }] });
    const two = await measure({
      shapes: [
        { type: 'rectangle', x: 0, y: 0, width: 80, height: 20 },
        { type: 'rectangle', x: 0, y: 50, width: 80, height: 20 },
      ],
    });
    expect(Math.abs(two.J - 2 * one.J) / one.J).toBeLessThan(2 * reportedJError(one.notes) + 1e-9);
    expect(two).not.toHaveProperty('Cw');
    expect(two).not.toHaveProperty('shearCentre');
    expect(two.notes[1]).toMatch(/sum of the torsion constants of the 2 separate solids; Cw and shearCentre are left out/);
  });

  it('bad geometry is still a 400 naming the piece, torsion or not', async () => {
    const sliver = {
      shapes: [
        {
          type: 'polygon',
          points: [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
        },
      ],
    };
    const res = await post(sliver).expect(400);
    expect(res.body.issues[0].path).toBe('shapes.0.points');
  });
});

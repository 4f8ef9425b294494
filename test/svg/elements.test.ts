/**
 * Which shapes share one SVG element (ts/svg/elements.ts): the picture must not change, so shapes move only where
 * the order of painting cannot show, and join only where one element paints what the separate ones did.
 */
import { describe, expect, it } from 'vitest';
import { elements } from '../../ts/svg/elements.js';
import { emit } from '../../ts/svg/emit.js';
import { polyline, segment, type CircleShape, type PathShape, type Point, type Shape } from '../../ts/svg/scene.js';

const p = (x: number, y: number): Point => ({ x, y });
const red = { stroke: 'tension', strokeWidth: 2.5 } as const;
const blue = { stroke: 'compression', strokeWidth: 2.5 } as const;
const node = (x: number, y: number): CircleShape => ({
  kind: 'circle',
  center: p(x, y),
  r: 3,
  fill: 'background',
  stroke: 'ink',
  strokeWidth: 1.5,
});
/** A filled triangle pointing down (tip first, then its base left to right as `arrow`'s heads are built). */
const headDown = (x: number): PathShape => polyline([p(x, 10), p(x - 3.5, 2), p(x + 3.5, 2)], { fill: 'load' }, true);
const kinds = (shapes: Shape[]) => shapes.map((s) => (s.kind === 'path' ? `path ${s.d.filter((c) => c[0] === 'M').length}` : s.kind));

describe('shapes written as elements', () => {
  it('joins neighbouring strokes drawn alike into one path, their subpaths in order', () => {
    const shapes = [segment(p(0, 0), p(1, 0), red), segment(p(1, 0), p(2, 1), red), segment(p(2, 1), p(3, 1), red)];
    const [joined, ...rest] = elements(shapes);
    expect(rest).toEqual([]);
    expect((joined as PathShape).d).toEqual([...shapes[0]!.d, ...shapes[1]!.d, ...shapes[2]!.d]);
    expect(shapes[0]!.d).toHaveLength(2); // the scene's own shapes are not changed
  });

  it('keeps the order of shapes painted in different colours, joining only neighbours', () => {
    const shapes = [segment(p(0, 0), p(1, 0), red), segment(p(0, 0), p(0, 1), blue), segment(p(0, 1), p(1, 0), red)];
    expect(elements(shapes).map((s) => (s as PathShape).stroke)).toEqual(['tension', 'compression', 'tension']);
    const twoReds = [shapes[0]!, shapes[2]!, shapes[1]!];
    expect(kinds(elements(twoReds))).toEqual(['path 2', 'path 1']);
  });

  it('keeps strokes of another width or dash apart', () => {
    const shapes = [
      segment(p(0, 0), p(1, 0), red),
      segment(p(1, 0), p(2, 0), { ...red, strokeWidth: 1 }),
      segment(p(2, 0), p(3, 0), { ...red, dashed: true }),
    ];
    expect(kinds(elements(shapes))).toEqual(['path 1', 'path 1', 'path 1']);
  });

  it("groups a run of one colour by look: arrows' shafts together, their heads together", () => {
    const shaft = (x: number) => segment(p(x, -30), p(x, 3.6), { stroke: 'load', strokeWidth: 2 });
    const shapes = [shaft(0), headDown(0), shaft(20), headDown(20), shaft(40), headDown(40)];
    const out = elements(shapes);
    expect(kinds(out)).toEqual(['path 3', 'path 3']);
    expect((out[0] as PathShape).stroke).toBe('load');
    expect((out[1] as PathShape).fill).toBe('load');
  });

  it('does not join filled polygons that turn opposite ways, whose windings could cancel where they overlap', () => {
    const headUp = polyline([p(0, 2), p(-3.5, 10), p(3.5, 10)], { fill: 'load' }, true);
    expect(kinds(elements([headDown(0), headUp]))).toEqual(['path 1', 'path 1']);
    expect(kinds(elements([headDown(0), headDown(5)]))).toEqual(['path 2']);
  });

  it('does not join translucent fills, which one element would paint once where they overlap', () => {
    const area = (x: number) =>
      polyline([p(x, 0), p(x + 10, 0), p(x + 10, 5), p(x, 5)], { fill: 'load', fillOpacity: 0.08, stroke: 'load' }, true);
    expect(kinds(elements([area(0), area(5)]))).toEqual(['path 1', 'path 1']);
  });

  it('writes circles drawn alike as one path of arcs, starting anew where one would overlap another', () => {
    const apart = elements([node(0, 0), node(20, 0), node(40, 0)]);
    expect(kinds(apart)).toEqual(['path 3']);
    expect(apart[0]).toMatchObject({ fill: 'background', stroke: 'ink', strokeWidth: 1.5 });
    // 5 px apart, less than two radii and the stroke: the second must be painted over the first, as before
    expect(kinds(elements([node(0, 0), node(5, 0), node(40, 0)]))).toEqual(['circle', 'path 2']);
    expect(kinds(elements([node(0, 0)]))).toEqual(['circle']);
  });

  it('draws a joined circle through its leftmost and rightmost points', () => {
    const svg = emit(
      { width: 100, height: 100, title: 't', layers: [{ name: 'nodes', shapes: [node(10, 20), node(50, 20)] }] },
      {
        theme: 'light',
        idPrefix: 'x',
      },
    );
    expect(svg).toContain('d="M7 20A3 3 0 0 1 13 20A3 3 0 0 1 7 20ZM47 20A3 3 0 0 1 53 20A3 3 0 0 1 47 20Z"');
  });
});

/** A figure's text cut into its layers (ts/web/figure-layers.ts), on figures the renderer writes. */
import { describe, expect, it } from 'vitest';
import { renderTruss, type TrussRenderOptions } from '../../ts/svg/index.js';

import { changedLayers, figureLayers } from '../../ts/web/figure-layers.js';
import { triangle, triangleResults } from '../svg/truss-models.js';

const options: TrussRenderOptions = { view: 'results', width: 860, height: 460, theme: 'light', style: 'modern' };
const drawn = (fy: number, extra: Partial<TrussRenderOptions> = {}) =>
  renderTruss({ ...triangle, loads: [{ node: 3, fy }] }, { ...triangleResults }, { ...options, ...extra });

describe('figure layers', () => {
  it('cuts a figure into its head, one group per layer and its tail, which join back to the text', () => {
    const svg = drawn(-10);
    const layers = figureLayers(svg)!;
    expect(layers.head.startsWith('<svg')).toBe(true);
    expect(layers.groups.map((g) => /^<g id="([^"]+)">/.exec(g)?.[1])).toEqual([
      'spanwise-deflected',
      'spanwise-members',
      'spanwise-supports',
      'spanwise-nodes',
      'spanwise-loads',
      'spanwise-reactions',
      'spanwise-legend',
      'spanwise-labels',
    ]);
    for (const g of layers.groups) expect(g.endsWith('\n</g>')).toBe(true);
    expect(layers.tail).toBe('\n</svg>\n');
    expect(layers.head + layers.groups.map((g) => `\n${g}`).join('') + layers.tail).toBe(svg);
  });

  it('names the layers that changed, or none', () => {
    expect(changedLayers(drawn(-10), drawn(-10))).toEqual([]);
    // the load's label changes (10 kN -> 12 kN), its arrow does not (arrows have one length)
    const changed = changedLayers(drawn(-10), drawn(-12))!;
    expect(changed.map((c) => /^<g id="([^"]+)">/.exec(c.text)?.[1])).toEqual(['spanwise-labels']);
    expect(changed[0]!.text).toBe(figureLayers(drawn(-12))!.groups[changed[0]!.index]);
  });

  it('gives up when more than the groups changed: the head, or which layers there are', () => {
    expect(changedLayers(drawn(-10), drawn(-10, { width: 900 }))).toBeUndefined();
    expect(changedLayers(drawn(-10), drawn(-10, { view: 'problem' }))).toBeUndefined();
    expect(changedLayers('<svg></svg>\n', drawn(-10))).toBeUndefined();
  });
});

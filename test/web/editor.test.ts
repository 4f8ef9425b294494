import { describe, expect, it } from 'vitest';
import { freshIn, type Model } from '../../ts/web/columns.js';
import { collectionHtml, fieldValue } from '../../ts/web/editor.js';
import { kindOfPath, SPECS } from '../../ts/web/kinds.js';

const spec = (kind: 'beam' | 'truss' | 'frame', name: string) => SPECS[kind].collections.find((c) => c.name === name)!;

/** Every `name="..." ... value="..."` pair of the fields in the HTML, in order. */
function fields(html: string): [string, string][] {
  return [...html.matchAll(/<input type="text" name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]);
}

describe('model to table rows', () => {
  it('names every field by its pointer and shows its value', () => {
    const html = collectionHtml(spec('beam', 'spans'), SPECS.beam.sample, 'SI');
    expect(fields(html)).toEqual([
      ['/spans/0/length', '6'],
      ['/spans/0/E', '200'],
      ['/spans/0/I', '100000000'],
      ['/spans/0/section', ''],
    ]);
    // the section field searches the library as the user types, through the page's datalist
    expect(html).toContain('name="/spans/0/section"');
    expect(html).toMatch(/name="\/spans\/0\/section"[^>]*list="section-options"/);
    expect(html).toContain('<section class="collection" data-collection="spans"');
    expect(html).toContain('<tr data-row="/spans/0" aria-rowindex="2">');
    expect(html).toContain('data-remove="/spans/0" aria-label="Remove span 1"');
    expect(html).toContain('data-add="spans"');
    // the unit in the heading and in each field's label
    expect(html).toContain('Length (m)');
    expect(html).toContain('aria-label="Span 1 length (m)"');
  });

  it('shows the columns the rows have: a udl has no magnitude or position', () => {
    const html = collectionHtml(spec('beam', 'loads'), SPECS.beam.sample, 'SI');
    expect(fields(html).map(([name]) => name)).toEqual(['/loads/0/start', '/loads/0/end', '/loads/0/from', '/loads/0/to']);
    expect(html).toContain('name="/loads/0/type" data-variant="/loads/0"');
    expect(html).not.toContain('/loads/0/magnitude');
  });

  it('writes nested fields as nested pointers and units of the model', () => {
    const model: Model = { units: 'imperial', supports: [{ node: 1, type: 'fixed', settlement: { y: -0.5 } }] };
    const html = collectionHtml(spec('frame', 'supports'), model, 'imperial');
    expect(fields(html)).toContainEqual(['/supports/0/settlement/y', '-0.5']);
    expect(html).toContain('Settlement y (in)');
  });

  it('reads a field back as the request holds it', () => {
    const number = { input: 'number', field: 'length' } as const;
    expect(fieldValue(number, '6')).toBe(6);
    expect(fieldValue(number, ' -1.5e3 ')).toBe(-1500);
    expect(fieldValue(number, '.5')).toBe(0.5);
    // not a number: kept as text, so the validator names the field
    expect(fieldValue(number, '6 m')).toBe('6 m');
    expect(fieldValue(number, '0x10')).toBe('0x10');
    expect(fieldValue(number, '')).toBeUndefined();
    expect(fieldValue({ input: 'checkbox', field: 'releases/start' }, true)).toBe(true);
    expect(fieldValue({ input: 'checkbox', field: 'releases/start' }, false)).toBeUndefined();
    expect(fieldValue({ input: 'text', field: 'include' }, 'AS1170-ULS-1, AS1170-ULS-2,')).toEqual(['AS1170-ULS-1', 'AS1170-ULS-2']);
    expect(fieldValue({ input: 'text', field: 'pattern' }, 'Q, Qr')).toEqual(['Q', 'Qr']);
    expect(fieldValue({ input: 'select', field: 'case' }, '')).toBeUndefined();
  });
});

describe('new rows and rows of another shape', () => {
  it('adds a support at the end of the beam and a span like the last one', () => {
    const fresh = freshIn('SI');
    expect(spec('beam', 'supports').blank(SPECS.beam.sample, fresh)).toEqual({ type: 'roller', position: 6 });
    expect(spec('beam', 'spans').blank(SPECS.beam.sample, fresh)).toEqual({ length: 6, E: 200, I: 100000000 });
  });

  it('gives a new truss node the next id, one metre (3.280839895 ft) to the right of the last', () => {
    expect(spec('truss', 'nodes').blank(SPECS.truss.sample, freshIn('SI'))).toEqual({ id: 4, x: 5, y: 3 });
    const imperial: Model = { units: 'imperial', nodes: [{ id: 7, x: 0, y: 0 }] };
    // 1 m / 0.3048 m/ft = 3.2808398950... ft
    expect(spec('truss', 'nodes').blank(imperial, freshIn('imperial'))).toEqual({ id: 8, x: 3.280839895, y: 0 });
  });

  it('makes a point load of a udl at its start, keeping its case', () => {
    const loads = spec('beam', 'loads');
    const udl = { type: 'udl', start: -10, from: 2, to: 6, case: 'Q' };
    expect(loads.variant!.make(udl, 'point', freshIn('SI'), {})).toEqual({ type: 'point', magnitude: -10, position: 2, case: 'Q' });
    expect(loads.variant!.make(udl, 'area', freshIn('SI'), {})).toEqual({ type: 'area', start: -10, from: 2, to: 6, width: 1, case: 'Q' });
  });

  it('turns a truss load from components to polar form', () => {
    const loads = spec('truss', 'loads');
    expect(loads.variant!.of({ node: 3, fy: -10 })).toBe('components');
    expect(loads.variant!.make({ node: 3, fy: -10, case: 'W' }, 'polar', freshIn('SI'), {})).toEqual({
      node: 3,
      magnitude: 10,
      angle: -90,
      case: 'W',
    });
  });

  it('spans a new frame member load over its whole member: member 1 is 4 m long, member 2 6 m', () => {
    const row = spec('frame', 'memberLoads').blank(SPECS.frame.sample, freshIn('SI'));
    expect(row).toEqual({ type: 'udl', member: 1, start: -10, from: 0, to: 4 });
    const made = spec('frame', 'memberLoads').variant!.make(
      { type: 'point', member: 2, magnitude: -5, position: 1 },
      'udl',
      freshIn('SI'),
      SPECS.frame.sample,
    );
    expect(made).toEqual({ type: 'udl', member: 2, start: -10, from: 0, to: 6 });
  });
});

describe('the kind of a page', () => {
  it('is the last path segment', () => {
    expect(kindOfPath('/calculator/truss')).toBe('truss');
    expect(kindOfPath('/calculator/frame/')).toBe('frame');
    expect(kindOfPath('/calculator/beam')).toBe('beam');
    expect(kindOfPath('/calculator/')).toBe('beam');
  });
});

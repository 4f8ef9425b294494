/**
 * The calculation report's pure parts (ts/web/report, issue 37): the title block kept in the address, the page
 * rule with its running header, the loads grouped by case, the combinations used, and the body built from the
 * page's own solve of combinations.md's worked example. The browser prints it in test/calculator/report.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../ts/engine/node.js';
import type { SolveContext } from '../../ts/solve/context.js';
import type { Model } from '../../ts/web/columns.js';
import { SPECS } from '../../ts/web/kinds.js';
import { figureHtml, ownIds, reportBody } from '../../ts/web/report/content.js';
import { signConventions } from '../../ts/web/report/conventions.js';
import { combinationsUsed, factorsText, loadsByCase } from '../../ts/web/report/tables.js';
import { cssString, pageRule, settingsFromQuery, withSettings } from '../../ts/web/report/title.js';
import { solve } from '../../ts/web/solve.js';
import { portalWithCases, workedExample } from '../svg/combination-models.js';

let context: SolveContext;
beforeAll(async () => {
  context = { engine: await loadEngine(), baseUrl: 'http://localhost:3000', link: false };
});

/** The text of an HTML fragment, tags dropped and spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the title block in the address', () => {
  it('rides beside the model, only the fields given, and reads back the same', () => {
    const settings = { title: { project: 'Warehouse extension', job: '2026-117', by: 'A. Engineer' }, paper: 'Letter' as const };
    const query = withSettings('?model=abc', settings);
    expect(query).toBe('?model=abc&project=Warehouse+extension&job=2026-117&by=A.+Engineer&paper=Letter');
    expect(settingsFromQuery(new URLSearchParams(query))).toEqual(settings);
    // no model link (too big) still keeps the title block; A4 is the default and is not written
    expect(withSettings('', { title: { date: '2026-11-27' }, paper: 'A4' })).toBe('?date=2026-11-27');
    expect(withSettings('', { title: {}, paper: 'A4' })).toBe('');
  });
  it('takes no more than a title cell from a link, and A4 for an unknown paper', () => {
    const long = 'x'.repeat(500);
    expect(settingsFromQuery(new URLSearchParams({ project: long, paper: 'A3' }))).toEqual({
      title: { project: 'x'.repeat(120) },
      paper: 'A4',
    });
  });
});

describe('the page rule', () => {
  it('sizes the paper and writes the running header and page numbers, any text quoted safely', () => {
    const rule = pageRule({ title: { project: 'Shed "B"', job: '7' }, paper: 'Letter' }, 'Beam calculation');
    expect(rule).toContain('size: letter portrait');
    expect(rule).toContain('@top-left { content: "Shed \\22 B\\22  · Job 7"');
    expect(rule).toContain('content: "Page " counter(page) " of " counter(pages)');
    // without project and job, the report's heading
    expect(pageRule({ title: {}, paper: 'A4' }, 'Beam calculation')).toContain('@top-left { content: "Beam calculation"');
    expect(cssString('a\\b\nc')).toBe('"a\\5c b\\a c"');
  });
});

describe('the report body', () => {
  it('groups the loads by case, in the standard order, with their units', () => {
    const html = loadsByCase(SPECS.frame.collections, portalWithCases as unknown as Model, 'SI');
    // the portal: G and Q on the beam (member 2), W as the nodal sway load and the column udl
    expect(text(html)).toBe(
      [
        'Case G: dead Member loads # Type Member Start (kN/m) End (kN/m) From (m) To (m) Direction 1 udl 2 -5 — 0 6 —',
        'Case Q: live Member loads # Type Member Start (kN/m) End (kN/m) From (m) To (m) Direction 2 udl 2 -3 — 0 6 —',
        'Case W: wind Nodal loads # Node Fx (kN) Fy (kN) Moment (kN.m) 1 2 10 — —',
        'Member loads # Type Member Start (kN/m) End (kN/m) From (m) To (m) Direction 3 udl 1 2 — 0 4 global-x',
      ].join(' '),
    );
  });

  it('writes a combination as its factored loads (combinations.md 1: AS1170-ULS-2 = 1.2G + 1.5Q)', () => {
    expect(factorsText({ G: 1.2, Q: 1.5, Qr: 0, W: 0, E: 0, S: 0, R: 0, T: 0 })).toBe('1.2 G + 1.5 Q');
    expect(factorsText({ G: 0.9, W: 1 })).toBe('0.9 G + 1 W');
    const { response } = solve('beam', workedExample, context);
    const used = text(combinationsUsed(workedExample as unknown as Model, response));
    expect(used).toContain('Combinations: standard AS1170, occupancy office.');
    expect(used).toContain('AS1170-ULS-2 1.2G + 1.5Q ULS 1.2 G + 1.5 Q');
  });

  it('holds every section, the figures numbered with their own ids, the governing values and the checks', () => {
    const { response } = solve('beam', workedExample, context);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" aria-labelledby="spanwise-title"><title id="spanwise-title">t</title></svg>';
    const figures = ['problem', 'setup', 'moment'].map((view) => ({
      file: `beam-${view}.svg`,
      title: view,
      loading: 'unfactored analysis',
      svg,
    }));
    const html = reportBody({ spec: SPECS.beam, model: workedExample as unknown as Model, response, engineVersion: '9.9.9', figures });
    const headings = [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map(([, h]) => h);
    expect(headings).toEqual([
      '1. Model',
      '2. Loads by case',
      '3. Load combinations',
      '4. Results figures',
      '5. Results',
      '6. Governing values and their combinations',
      '7. Sign conventions',
      '8. Checks',
    ]);
    expect([...html.matchAll(/Figure (\d+)\. /g)].map(([, n]) => Number(n))).toEqual([1, 2, 3]);
    expect(html).toContain('id="f3-spanwise-title"');
    expect(html).toContain('aria-labelledby="f3-spanwise-title"');
    // combinations.md 1.7: M = 19.5 x 6² / 8 = 87.75 kN.m under AS1170-ULS-2
    expect(text(html)).toContain('ULS Moment max sagging 87.75 1.2G + 1.5Q');
    expect(text(html)).toContain('Spanwise engine 9.9.9');
    expect(text(html)).toMatch(/Equilibrium check: .* \(satisfied;/);
    for (const convention of signConventions('beam')) expect(text(html)).toContain(convention);
  });

  it('says why a figure is missing, and leaves other attributes alone when it renames ids', () => {
    expect(
      text(figureHtml({ file: 'beam-setup-envelope.svg', title: 'Setup envelope', loading: 'envelope', message: 'No figure: x.' }, 4)),
    ).toBe('Figure 4. Setup envelope No figure: x. beam-setup-envelope.svg · envelope');
    expect(ownIds('<g id="spanwise-loads" class="load">', 2)).toBe('<g id="f2-spanwise-loads" class="load">');
  });
});

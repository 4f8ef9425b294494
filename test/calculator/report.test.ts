/**
 * Issue 37's acceptance for the calculation report: a beam, a truss and a frame with combinations, each opened
 * from its `links.view`, its title block filled in on the report, printed with Chromium's own PDF
 * (`page.pdf`, what "Save as PDF" makes) and read back with poppler-utils: the title block's fields, a running
 * header with "Page n of N" on every page, every figure (each view of the diagram route, and each envelope it
 * draws) present and none cut across pages. The pages are also converted to PNG (test/output/report/, to look at),
 * and each figure's drawing is found in the PNG of its page, between its title and its caption.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BEAM_VIEWS, FRAME_VIEWS, TRUSS_VIEWS } from '../../ts/schema/diagram.js';
import { browserAndService } from '../support/browser-service.js';
import { openCalculator, post, type Kind } from '../support/calculator.js';
import { pdfPages, pdfToPng, type PdfLine, type PdfPage } from '../support/pdf.js';
import { portalWithCases, windTriangle, workedExample } from '../svg/combination-models.js';

const rig = browserAndService();
const scratch = mkdtempSync(join(tmpdir(), 'spanwise-report-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** Where the pages are left as PNG for a person to look at (ignored by git). */
const OUTPUT = join('test', 'output', 'report');

/** The title block as typed: project and job come with the link, the rest is typed on the report. */
const IN_LINK = { project: 'Warehouse extension', job: '2026-117' };
const TYPED = { subject: 'Roof framing', by: 'A. Engineer', checked: 'B. Checker', date: '2026-11-27' };
const LABELS: Record<string, string> = {
  project: 'Project',
  job: 'Job no.',
  subject: 'Subject',
  by: 'By',
  checked: 'Checked',
  date: 'Date',
};

/** ISO 216 A4 is 210 x 297 mm = 595.3 x 841.9 pt; US Letter 8.5 x 11 in = 612 x 792 pt (72 pt an inch). */
const PAPER_PT = { A4: [595.3, 841.9], Letter: [612, 792] } as const;

const CASES: { kind: Kind; model: object; views: readonly string[]; paper: keyof typeof PAPER_PT }[] = [
  { kind: 'beam', model: workedExample, views: BEAM_VIEWS, paper: 'A4' },
  { kind: 'truss', model: windTriangle, views: TRUSS_VIEWS, paper: 'A4' },
  { kind: 'frame', model: portalWithCases, views: FRAME_VIEWS, paper: 'Letter' },
];

/** The lines of a page whose text starts with `start`. */
const startingWith = (page: PdfPage, start: string) => page.lines.filter((l) => l.text.startsWith(start));

/** The figures the report must hold: every view, then the envelope of each view the diagram route draws it for. */
async function expectedFigures(kind: Kind, model: object, views: readonly string[]): Promise<string[]> {
  const envelopes: string[] = [];
  for (const view of views) {
    const answer = await post(rig.service.url, `/v1/${kind}/diagram`, { ...model, view, combination: 'envelope' });
    if (answer.status === 200) envelopes.push(`${kind}-${view}-envelope.svg`);
    else expect(answer.status, `${view} envelope`).toBe(400);
  }
  return [...views.map((v) => `${kind}-${v}.svg`), ...envelopes];
}

/**
 * How many pixels in each region of a PNG are coloured (a channel spread over 24 of 255: the figures' loads,
 * reactions, curves, fills and member forces; the report's black text and grey rules (#cfd6dd: 14) never), decoded by the browser.
 */
async function colouredPixels(png: string, regions: { x: number; y: number; width: number; height: number }[]): Promise<number[]> {
  const page = await rig.browser.newPage();
  const src = `data:image/png;base64,${readFileSync(png).toString('base64')}`;
  const counts = await page.evaluate(
    async ({ src, regions }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return regions.map((r) => {
        const { data } = context.getImageData(r.x, r.y, Math.max(1, r.width), Math.max(1, r.height));
        let coloured = 0;
        for (let i = 0; i < data.length; i += 4) {
          const [red, green, blue] = [data[i]!, data[i + 1]!, data[i + 2]!];
          if (Math.max(red, green, blue) - Math.min(red, green, blue) > 24) coloured += 1;
        }
        return coloured;
      });
    },
    { src, regions },
  );
  await page.close();
  return counts;
}

async function fillTitle(page: Page): Promise<void> {
  for (const [key, value] of Object.entries(TYPED)) await page.locator(`#report-${key}`).fill(value);
}

describe('the calculation report (issue 37 item 5)', () => {
  for (const c of CASES) {
    it(`${c.kind}: printed on ${c.paper}, has its title block, page numbers and every figure whole on one page`, async () => {
      const solved = await post(rig.service.url, `/v1/${c.kind}/solve`, c.model);
      expect(solved.status).toBe(200);
      const page = await rig.newPage();
      await openCalculator(page, `${solved.json.links!.view}&${new URLSearchParams(IN_LINK).toString()}`);
      await page.locator('#open-report').click();
      await page.locator('#report-paper').selectOption(c.paper);
      await fillTitle(page);
      // the title block is kept in the link, and a link opens the report with it; the address read in the page,
      // as page.url() follows history.replaceState only when the browser's navigation event has come back
      const href = await page.evaluate(() => location.href);
      const address = new URL(href).searchParams;
      for (const [key, value] of Object.entries({ ...IN_LINK, ...TYPED })) expect(address.get(key), key).toBe(value);
      expect(address.get('paper')).toBe(c.paper === 'A4' ? null : c.paper);
      const again = await rig.newPage();
      await openCalculator(again, href);
      for (const [key, value] of Object.entries({ ...IN_LINK, ...TYPED }))
        expect(await again.locator(`#report-${key}`).inputValue(), key).toBe(value);
      await again.close();

      const files = await page.locator('#report .report-figure').evaluateAll((all) => all.map((f) => f.getAttribute('data-file')));
      expect(files).toEqual(await expectedFigures(c.kind, c.model, c.views));

      const pdf = join(scratch, `${c.kind}.pdf`);
      writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true }));
      await page.close();
      const pages = pdfPages(pdf);
      expect(pages.length, 'pages').toBeGreaterThan(1);

      // the paper, and a running header on every page: project and job at the left, "Page n of N" at the right
      const [width, height] = PAPER_PT[c.paper];
      pages.forEach((p, i) => {
        expect(Math.abs(p.width - width), `page ${i + 1} width ${p.width} pt`).toBeLessThan(1);
        expect(Math.abs(p.height - height), `page ${i + 1} height ${p.height} pt`).toBeLessThan(1);
        const header = (text: string) => p.lines.filter((l) => l.text === text && l.yMax < 18 * (72 / 25.4));
        expect(header(`Page ${i + 1} of ${pages.length}`), `page ${i + 1} number`).toHaveLength(1);
        expect(header(`${IN_LINK.project} · Job ${IN_LINK.job}`), `page ${i + 1} header`).toHaveLength(1);
      });

      // the title block on page 1: each field's label with its value beside it, on the same row
      const first = pages[0]!;
      for (const [key, value] of Object.entries({ ...IN_LINK, ...TYPED })) {
        const label = first.lines.find((l) => l.text === LABELS[key]);
        expect(label, `title block label ${LABELS[key]}`).toBeDefined();
        const beside = first.lines.find((l) => l.text === value && Math.abs(l.yMin - label!.yMin) < 2 && l.xMin > label!.xMax);
        expect(beside, `${LABELS[key]}: ${value} beside its label`).toBeDefined();
      }

      // each figure: its title above and its caption below on one page (so the drawing between them is not cut),
      // each once in the document, and the drawing there in the PNG of that page
      mkdirSync(OUTPUT, { recursive: true });
      const dpi = 72;
      const pngs = pdfToPng(pdf, OUTPUT, `${c.kind}-${c.paper}`, dpi);
      expect(pngs).toHaveLength(pages.length);
      const px = dpi / 72;
      const regions = new Map<number, { index: number; region: { x: number; y: number; width: number; height: number } }[]>();
      files.forEach((file, i) => {
        const n = i + 1;
        const found = (start: string) => pages.flatMap((p, index) => startingWith(p, start).map((line) => ({ index, line })));
        const titles = found(`Figure ${n}. `);
        const captions = found(`${file} · `);
        expect(titles, `figure ${n} title`).toHaveLength(1);
        expect(captions, `figure ${n} caption (${file})`).toHaveLength(1);
        const [{ index, line: title }, { index: captionPage, line: caption }] = [titles[0]!, captions[0]!] as [
          { index: number; line: PdfLine },
          { index: number; line: PdfLine },
        ];
        expect(captionPage, `figure ${n} (${file}) starts on page ${index + 1} and ends on page ${captionPage + 1}`).toBe(index);
        expect(caption.yMin, `figure ${n} caption below its title`).toBeGreaterThan(title.yMax);
        const region = {
          x: 0,
          y: Math.ceil(title.yMax * px),
          width: Math.floor(pages[index]!.width * px),
          height: Math.floor((caption.yMin - title.yMax) * px),
        };
        regions.set(index, [...(regions.get(index) ?? []), { index: n, region }]);
      });
      for (const [index, figures] of regions) {
        const counts = await colouredPixels(
          pngs[index]!,
          figures.map((f) => f.region),
        );
        figures.forEach((f, k) => expect(counts[k], `figure ${f.index} drawn on page ${index + 1}`).toBeGreaterThan(20));
      }
    }, 120_000);
  }

  it('beam: printed from the calculator itself, the report has no controls, and its governing values name their combination', async () => {
    const solved = await post(rig.service.url, '/v1/beam/solve', workedExample);
    const page = await rig.newPage();
    await openCalculator(page, solved.json.links!.view);
    // printed without opening the report first (the browser's own Print): the page prints the report, alone
    await page.emulateMedia({ media: 'print' });
    const shown = await page.$$eval('button, input, select, [role="tablist"], #collections, #tables', (elements) =>
      elements.filter((e) => e.checkVisibility()).map((e) => e.outerHTML.slice(0, 80)),
    );
    expect(shown, 'controls and page sections printed').toEqual([]);
    const pdf = join(scratch, 'beam-direct.pdf');
    writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true }));
    await page.close();
    const pages = pdfPages(pdf);
    expect(pages[0]!.lines.map((l) => l.text)).toContain('Beam calculation');
    // combinations.md 1.7: AS1170-ULS-2, w = 1.2 x 10 + 1.5 x 5 = 19.5 kN/m, M = 19.5 x 6² / 8 = 87.75 kN.m
    const rows = pages.flatMap((p) => {
      const label = p.lines.find((l) => l.text === 'Moment max sagging');
      return label ? [p.lines.filter((l) => Math.abs(l.yMin - label.yMin) < 2).map((l) => l.text)] : [];
    });
    expect(rows).toEqual([expect.arrayContaining(['ULS', 'Moment max sagging', '87.75', '1.2G + 1.5Q'])]);
  }, 60_000);
});

/**
 * `npm run report-pages`: one page of the calculator's calculation report (issue 37) for each kind, as docs/
 * shows them: docs/report-beam.png (the title block and the model), docs/report-truss.png (the member forces
 * figure), docs/report-frame.png (the moment envelope). Each model, with load combinations, is opened from its
 * `links.view` on the service started here (in this process, as the tests start it; dist/calculator built by
 * `make web`), its title block filled in, printed with Chromium's own PDF on A4 and the page converted with
 * poppler-utils' pdftoppm.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testApp } from '../../test/support/app.js';
import { openCalculator, post, type Kind } from '../../test/support/calculator.js';
import { launchChromium } from '../../test/support/chromium.js';
import { listen } from '../../test/support/listen.js';
import { pdfPages, pdfToPng } from '../../test/support/pdf.js';
import { portalWithCases, windTriangle, workedExample } from '../../test/svg/combination-models.js';

const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
const TITLE = { project: 'Warehouse extension', job: '2026-117', by: 'A. Engineer', checked: 'B. Checker', date: '2026-11-27' };

/** Each kind's model and the line that picks the page shown (page 1 for the title block). */
const PAGES: Record<Kind, { model: object; subject: string; shows?: string }> = {
  beam: { model: workedExample, subject: 'Floor beam B1' },
  truss: { model: windTriangle, subject: 'Roof truss T1', shows: 'truss-results.svg · ' },
  frame: { model: portalWithCases, subject: 'Portal frame F1', shows: 'frame-moment-envelope.svg · ' },
};

const scratch = mkdtempSync(join(tmpdir(), 'spanwise-report-pages-'));
const service = await listen((baseUrl) => testApp({ baseUrl }));
const browser = await launchChromium();
try {
  for (const [kind, { model, subject, shows }] of Object.entries(PAGES) as [Kind, (typeof PAGES)[Kind]][]) {
    const solved = await post(service.url, `/v1/${kind}/solve`, model);
    if (solved.status !== 200 || solved.json.links === undefined) throw new Error(`${kind}: the service answered ${solved.status}`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openCalculator(page, `${solved.json.links.view}&${new URLSearchParams({ ...TITLE, subject }).toString()}`);
    await page.locator('#open-report').click();
    const pdf = join(scratch, `${kind}.pdf`);
    writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true }));
    await page.close();
    const index = shows === undefined ? 0 : pdfPages(pdf).findIndex((p) => p.lines.some((l) => l.text.startsWith(shows)));
    if (index < 0) throw new Error(`${kind}: no page shows ${shows}`);
    const pngs = pdfToPng(pdf, scratch, kind, 80);
    const file = `${docs}report-${kind}.png`;
    copyFileSync(pngs[index]!, file);
    console.log(`wrote ${file} (page ${index + 1} of ${pngs.length})`);
  }
} finally {
  await browser.close();
  await service.close();
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Driving the calculator page (issue 19; the page contract: decisions.md 16 and the DOM the page promises)
 * from playwright-core, for the browser tests, the screenshots and the edit-to-redraw bench.
 *
 * The page counts its completed updates in `document.body.dataset.solves` ("1" after the first load) and
 * says how the last one ended in `document.body.dataset.state` (`ready`, `invalid`, `mechanism`): every wait
 * here is on that counter, and every wait is bounded, so a page that is missing or broken fails with a
 * message instead of hanging.
 */
import type { Page } from 'playwright-core';
import { decodeViewModel } from '../../ts/solve/links.js';

export type Kind = 'beam' | 'truss' | 'frame';

/** How long the page may take to load and solve, or to finish one update. */
export const PAGE_TIMEOUT_MS = 15_000;

/** The calculator's states after an update. */
export type PageState = 'ready' | 'invalid' | 'mechanism';

/** Page errors and console errors, collected so that a failure can say what the page said. */
const pageLogs = new WeakMap<Page, string[]>();

export function watchPage(page: Page): void {
  const log: string[] = [];
  pageLogs.set(page, log);
  page.on('pageerror', (error) => log.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') log.push(`console error: ${message.text()}`);
  });
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
}

function said(page: Page): string {
  const log = pageLogs.get(page) ?? [];
  return log.length === 0 ? '' : `; the page said:\n  ${log.slice(-10).join('\n  ')}`;
}

/** The completed updates so far (0 before the first). */
export async function solves(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.body?.dataset.solves ?? 0));
}

export async function pageState(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.body.dataset.state);
}

/** Waits until the page has completed more than `count` updates. */
export async function waitForUpdate(page: Page, count: number, what: string): Promise<void> {
  try {
    await page.waitForFunction((n) => Number(document.body?.dataset.solves ?? 0) > n, count, { timeout: PAGE_TIMEOUT_MS });
  } catch {
    const now = await solves(page).catch(() => NaN);
    throw new Error(
      `${what}: the page did not complete an update within ${PAGE_TIMEOUT_MS} ms (body data-solves stayed ${now}, expected more than ${count}; ${await pageSays(page)})${said(page)}`,
    );
  }
}

/** What the page shows that could explain a missing update: its state, the import box's status and text, the focus. */
async function pageSays(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const box = document.querySelector<HTMLTextAreaElement>('#model-json');
      const active = document.activeElement;
      return [
        `state ${document.body?.dataset.state ?? 'none'}`,
        `import status "${document.querySelector('#import-status')?.textContent ?? ''}"`,
        `JSON box ${document.querySelector<HTMLDetailsElement>('#json')?.open ? 'open' : 'closed'}, ${box?.value.length ?? 0} characters: ${box?.value.slice(0, 60) ?? ''}`,
        `focus on ${active ? `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}` : 'nothing'}`,
      ].join('; ');
    })
    .catch((error: unknown) => `the page could not be read: ${String(error)}`);
}

/**
 * Opens a calculator address (a `links.view`) and waits for its first update. A page that is not there
 * (the service answers 404 when dist/calculator was not built) fails at once, naming the cause.
 */
export async function openCalculator(page: Page, url: string): Promise<void> {
  if (!pageLogs.has(page)) watchPage(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  const status = response?.status();
  if (status !== 200) {
    const body = await response?.text().catch(() => '');
    throw new Error(
      `GET ${url} answered ${status}: the calculator page is not served (is it built? \`make web\` writes dist/calculator/index.html)\n${body?.slice(0, 300)}`,
    );
  }
  await waitForUpdate(page, 0, `opening ${url}`);
}

/** Does `act` (an edit) and waits for the update it causes; answers the page's state after it. */
export async function afterEdit(page: Page, what: string, act: () => Promise<void>): Promise<string | undefined> {
  const before = await solves(page);
  await act();
  await waitForUpdate(page, before, what);
  return pageState(page);
}

/**
 * Sets the field whose name is the JSON pointer `name` as a user would: types into an input (an `input`
 * event), chooses the option of a select (a `change` event); waits for the update and answers the page's state.
 */
export async function editField(page: Page, name: string, value: string): Promise<string | undefined> {
  const field = page.locator(`[name="${name}"]`);
  if ((await field.count()) !== 1) throw new Error(`the page has ${await field.count()} fields named ${name}, expected one${said(page)}`);
  const tag = await field.evaluate((element) => element.tagName);
  return afterEdit(page, `editing ${name}`, async () => {
    if (tag === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  });
}

/** Clicks the button that removes the row at `row` (a JSON pointer such as /supports/1). */
export async function removeRow(page: Page, row: string): Promise<string | undefined> {
  return afterEdit(page, `removing ${row}`, () => page.locator(`button[data-remove="${row}"]`).click());
}

/** The model the address bar's `?model=` carries (decisions.md 5), decoded as links.ts does. */
export function modelInAddress(page: Page): unknown {
  const payload = new URL(page.url()).searchParams.get('model');
  if (payload === null) throw new Error(`the address ${page.url()} has no model`);
  return decodeViewModel(payload);
}

/** Every number cell of the results tables (a beam's span deflections included): its JSON pointer into the solve response and its value as written. */
export async function resultCells(page: Page): Promise<{ path: string; value: string }[]> {
  return page.$$eval('table#reactions [data-path], table#extremes [data-path], table#spans [data-path]', (cells) =>
    cells.map((cell) => ({ path: cell.getAttribute('data-path') ?? '', value: cell.getAttribute('data-value') ?? '' })),
  );
}

/**
 * Makes the figure of `view` (not a combination's) visible: scrolled to, or, when it sits in a hidden tab
 * panel, shown by clicking the tab that controls it (`[aria-controls]` naming the figure or a panel around it).
 */
export async function showFigure(page: Page, view: string): Promise<void> {
  const figure = page.locator(`figure[data-view="${view}"]:not([data-combination])`);
  if ((await figure.count()) !== 1)
    throw new Error(`the page has ${await figure.count()} figures for view ${view}, expected one${said(page)}`);
  if (!(await figure.isVisible())) {
    const panels = await figure.evaluate((element) => {
      const ids: string[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) if (node.id) ids.push(node.id);
      return ids;
    });
    const tab = panels.map((id) => `[aria-controls~="${id}"]`).join(', ');
    if (tab === '' || (await page.locator(tab).count()) === 0) throw new Error(`the figure for view ${view} is hidden and no tab shows it`);
    await page.locator(tab).first().click();
  }
  await figure.scrollIntoViewIfNeeded();
}

/** The text the figure's "Download SVG" link saves: the link is clicked and the browser's download read. */
export async function downloadedSvg(page: Page, kind: Kind, view: string): Promise<string> {
  await showFigure(page, view);
  const link = page.locator(`figure[data-view="${view}"]:not([data-combination]) a[download]`);
  const name = await link.getAttribute('download');
  if (name !== `${kind}-${view}.svg`) throw new Error(`the ${view} figure's download is named ${name}, expected ${kind}-${view}.svg`);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: PAGE_TIMEOUT_MS }), link.click()]);
  if (download.suggestedFilename() !== name)
    throw new Error(`the ${view} figure downloaded as ${download.suggestedFilename()}, expected ${name}`);
  if (!download.url().startsWith('blob:'))
    throw new Error(`the ${view} figure downloaded from ${download.url()}, expected a blob: URL (no network)`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The width the page drew a figure at (`data-width`): drawn for its pane (ts/web/figure-width.ts), it is the
 * diagram route's figure of that `width`. `combination` picks the figure drawn for one.
 */
export async function figureWidth(page: Page, view: string, combination?: string): Promise<number> {
  const which = combination === undefined ? ':not([data-combination])' : `[data-combination="${combination}"]`;
  const width = Number(await page.locator(`figure[data-view="${view}"]${which}`).getAttribute('data-width'));
  if (!Number.isInteger(width) || width <= 0) throw new Error(`the ${view} figure says no width it was drawn at${said(page)}`);
  return width;
}

/** An SVG the diagram route answered, less the attribution comment line `withAttribution` ends it with. */
export function withoutAttribution(svg: string): string {
  const match = /<!-- [^\n]* -->\n$/.exec(svg);
  if (match === null) throw new Error('the figure does not end with an attribution comment');
  return svg.slice(0, match.index);
}

/** Replaces the page's model by pasting its JSON into the import box (`#model-json`, `#import-json`): big models have no link. */
export async function importModel(page: Page, model: unknown): Promise<string | undefined> {
  const box = page.locator('#model-json');
  // a box in a closed disclosure (<details>) is opened as a user opens it, by its summary
  const closed = await box.evaluate((element) => {
    const details = element.closest('details');
    return details !== null && !details.open;
  });
  if (closed) {
    await page.locator('details:has(#model-json) > summary').click();
    // the page writes the current model into the box as it opens (on `toggle`, delivered later): filled before
    // that, the page's text lands between fill's select-all and its typing, and the two texts run together
    // one expression with no named function inside: tsx (the benches) names each inner function with a helper the
    // page does not have
    await page.waitForFunction((element) => (element as HTMLTextAreaElement).value.trim().startsWith('{'), await box.elementHandle());
  }
  await box.fill(JSON.stringify(model));
  return afterEdit(page, 'importing a model', () => page.locator('#import-json').click());
}

/** The parts of the service's JSON answers (a solve response, a problem) that the calculator's checks read. */
export interface ServiceJson {
  links?: { view: string };
  members?: unknown[];
  memberForces?: { member: number; force: number }[];
  meta?: { check: { equilibrium: number }; warnings: unknown[] };
  code?: string;
  detail?: string;
  issues?: { path: string; message: string }[];
  mechanism?: { node?: number; position?: number; direction: string; hint: string };
}

/** A POST to the service: the status and the body (parsed JSON, or the text of an SVG). */
export async function post(url: string, path: string, body: unknown): Promise<{ status: number; json: ServiceJson; text: string }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  const json = (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as ServiceJson;
  return { status: res.status, json, text };
}

/**
 * Long tables in a real browser (ts/web/rows.ts, ts/web/tables.ts): rows far from the screen are not painted,
 * and a results row far from the screen is written when it comes near, or before the page prints. Whatever the
 * row, once it can be seen it shows what the service answers for the model as edited.
 *
 * As in browser.test.ts, no number is typed in: every expected value is the service's answer for the same model.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAndService } from '../support/browser-service.js';
import { afterEdit, importModel, openCalculator, post } from '../support/calculator.js';

const TEST_TIMEOUT_MS = 90_000;

/** A Warren truss of `panels` panels 2 m wide and 2 m deep: 2n + 1 nodes, 4n - 1 members, 10 kN down at the first top node. */
function warren(panels: number) {
  const bottom = Array.from({ length: panels + 1 }, (_, i) => ({ id: i + 1, x: 2 * i, y: 0 }));
  const top = Array.from({ length: panels }, (_, i) => ({ id: panels + 2 + i, x: 2 * i + 1, y: 2 }));
  const members: { id: number; from: number; to: number; material: number }[] = [];
  const member = (from: number, to: number) => members.push({ id: members.length + 1, from, to, material: 1 });
  for (let i = 0; i < panels; i++) member(i + 1, i + 2);
  for (let i = 0; i + 1 < panels; i++) member(panels + 2 + i, panels + 3 + i);
  for (let i = 0; i < panels; i++) {
    member(i + 1, panels + 2 + i);
    member(panels + 2 + i, i + 2);
  }
  return {
    nodes: [...bottom, ...top],
    members,
    materials: [{ id: 1, E: 200, A: 2000 }],
    supports: [
      { node: 1, type: 'pin' as const },
      { node: panels + 1, type: 'roller' as const },
    ],
    loads: [{ node: panels + 2, fx: 0, fy: -10 }],
  };
}

const rig = browserAndService();

/** Each member force row of the page: its class (far or not) and its cell's JSON pointer and value. */
function forceRows(page: Page) {
  return page.$$eval('table#extremes tbody tr', (rows) =>
    rows.map((row) => {
      const cell = row.querySelector('[data-path$="/force"]');
      return {
        far: row.classList.contains('far'),
        path: cell?.getAttribute('data-path') ?? '',
        value: cell?.getAttribute('data-value') ?? '',
        text: cell?.textContent ?? '',
      };
    }),
  );
}

/** The value at `/memberForces/<i>/force` of a solve response. */
const forceAt = (json: { memberForces?: { force: number }[] }, path: string) =>
  String(json.memberForces?.[Number(path.split('/')[2])]?.force);

/** The edit of the first load's fy, typed without scrolling (the field is far below the results), as the bench does. */
async function editLoad(page: Page, value: string) {
  return afterEdit(page, `fy = ${value}`, () =>
    page.evaluate((value) => {
      const input = document.querySelector<HTMLInputElement>('[name="/loads/0/fy"]')!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, value),
  );
}

describe('a truss of 99 members in the calculator', () => {
  it(
    'writes the results rows on screen at once, a far row as it comes near, and every row before printing',
    async () => {
      const model = warren(25);
      expect(model.members).toHaveLength(99);
      const page = await rig.newPage();
      await openCalculator(page, `${rig.service.url}/calculator/truss`);
      expect(await importModel(page, model)).toBe('ready');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

      expect(await editLoad(page, '-25')).toBe('ready');
      const edited = await post(rig.service.url, '/v1/truss/solve', { ...model, loads: [{ ...model.loads[0], fy: -25 }] });
      expect(edited.status).toBe(200);
      const before = await post(rig.service.url, '/v1/truss/solve', model);
      let rows = await forceRows(page);
      expect(rows).toHaveLength(99);
      const near = rows.filter((r) => !r.far);
      const far = rows.filter((r) => r.far);
      expect(near.length, 'rows in paint').toBeGreaterThan(10);
      expect(far.length, 'rows far from the screen').toBeGreaterThan(10);
      for (const r of near) expect([r.path, r.value], 'a row in paint').toEqual([r.path, forceAt(edited.json, r.path)]);
      // a far row still shows the model before the edit (hidden: nothing shows it), written when it comes near
      const last = far[far.length - 1]!;
      expect(last.value).toBe(forceAt(before.json, last.path));
      await page
        .locator('table#extremes tbody tr')
        .last()
        .evaluate((row) => row.scrollIntoView({ block: 'center' }));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      rows = await forceRows(page);
      const shown = rows[rows.length - 1]!;
      expect(shown.far).toBe(false);
      expect([shown.path, shown.value], 'the last row, scrolled to').toEqual([last.path, forceAt(edited.json, last.path)]);
      expect(Number(shown.text)).toBeCloseTo(Number(shown.value), 2);

      // edited again with the top rows far: printing brings every row up to date
      expect(await editLoad(page, '-40')).toBe('ready');
      const again = await post(rig.service.url, '/v1/truss/solve', { ...model, loads: [{ ...model.loads[0], fy: -40 }] });
      rows = await forceRows(page);
      expect(rows.filter((r) => r.value !== forceAt(again.json, r.path)).length, 'rows left as they were while far').toBeGreaterThan(0);
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      rows = await forceRows(page);
      expect(rows.filter((r) => r.value !== forceAt(again.json, r.path)).map((r) => r.path)).toEqual([]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

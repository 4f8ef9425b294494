/**
 * The calculator's rough edges (issue 36, defect 5) in a real browser: imperial inputs readable in their fields
 * while the model keeps every digit; a sign of life before the engine has loaded; the loads table's Case column in
 * view at 1280 px without scrolling.
 */
import { describe, expect, it } from 'vitest';
import { browserAndService } from '../support/browser-service.js';
import { editField, modelInAddress, openCalculator, post, waitForUpdate } from '../support/calculator.js';
import { SIMPLE_BEAM } from '../support/models.js';

const TEST_TIMEOUT_MS = 90_000;
const rig = browserAndService();

async function beamLink(model: unknown): Promise<string> {
  const solved = await post(rig.service.url, '/v1/beam/solve', model);
  expect(solved.status).toBe(200);
  return solved.json.links!.view;
}

describe('the calculator, as a new user meets it', () => {
  it(
    'shows imperial values rounded in their fields and keeps them whole in the model',
    async () => {
      const page = await rig.newPage();
      await openCalculator(page, await beamLink(SIMPLE_BEAM));
      expect(await editField(page, 'units', 'imperial')).toBe('ready');
      // 6 m = 19.68503937 ft, 200 GPa = 29007.54755 ksi, 8e7 mm4 = 192.2007688 in4 (NIST SP 811), shown to 6 figures
      const shown = (name: string) => page.locator(`[name="${name}"]`).inputValue();
      expect([await shown('/spans/0/length'), await shown('/spans/0/E'), await shown('/spans/0/I')]).toEqual([
        '19.685',
        '29007.5',
        '192.201',
      ]);
      const field = page.locator('[name="/spans/0/E"]');
      // the text fits its field: nothing scrolled out of sight
      expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
      expect((modelInAddress(page) as { spans: { E: number }[] }).spans[0]!.E).toBe(29007.54755);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'says it is loading until the engine has loaded, then shows the model',
    async () => {
      const page = await rig.newPage();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // the engine's .wasm is held back: the page must show a sign of life meanwhile
      await page.route('**/*.wasm', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(await beamLink(SIMPLE_BEAM), { waitUntil: 'domcontentloaded' });
      const loading = page.locator('#loading');
      await expect.poll(() => loading.isVisible()).toBe(true);
      expect(await loading.textContent()).toBe('Loading the calculator and its engine…');
      release();
      await waitForUpdate(page, 0, 'the first solve after the engine loads');
      expect(await loading.isVisible()).toBe(false);
      expect(await page.locator('table#reactions').count()).toBe(1);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "keeps the loads table's Case column in view at 1280 px, with every kind of beam load",
    async () => {
      const page = await rig.newPage();
      const loads = [
        { type: 'point', magnitude: -10, position: 2, case: 'Q' },
        { type: 'udl', start: -5, end: -2, from: 0, to: 6, case: 'G' },
        { type: 'area', start: -2, from: 1, to: 5, width: 2, endWidth: 3 },
        { type: 'moment', magnitude: 3, position: 4 },
      ];
      await openCalculator(page, await beamLink({ ...SIMPLE_BEAM, loads }));
      expect(page.viewportSize()?.width).toBe(1280);
      const section = page.locator('section[data-collection="loads"]');
      const caseHead = section.locator('thead th', { hasText: 'Case' });
      const [box, frame] = [await caseHead.boundingBox(), await section.boundingBox()];
      expect(box && frame && box.x >= frame.x && box.x + box.width <= frame.x + frame.width, JSON.stringify({ box, frame })).toBe(true);
      expect(await section.evaluate((s) => s.scrollLeft)).toBe(0);
      // and it reads the loads' cases
      expect(await page.locator('[name="/loads/0/case"]').inputValue()).toBe('Q');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

/**
 * The calculator's section picker in Debian's Chromium (decisions.md 20, issue 34): a section field offers the
 * library's matches as the user types, and picking another section replaces the row's A and I, so the page
 * solves (and links to) the section picked. Expected values are the service's answers for the same section
 * (and AISC v15.0's published W14X90: A 26.5 in2 = 17096.74 mm2, Ix 999 in4 = 415815194.1744 mm4).
 */
import { ValuePointer } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { browserAndService } from '../support/browser-service.js';
import { afterEdit, editField, modelInAddress, openCalculator, post, resultCells } from '../support/calculator.js';
import { PORTAL_FRAME, SIMPLE_BEAM } from '../support/models.js';

const TEST_TIMEOUT_MS = 90_000;
const rig = browserAndService();

/** The page's results agree with the service's answer for `model`, cell by cell. */
async function expectServiceResults(page: Awaited<ReturnType<typeof rig.newPage>>, kind: string, model: object) {
  const answer = await post(rig.service.url, `/v1/${kind}/solve`, model);
  expect(answer.status).toBe(200);
  const cells = await resultCells(page);
  expect(cells.length).toBeGreaterThan(0);
  for (const { path, value } of cells) expect(value, path).toBe(String(ValuePointer.Get(answer.json, path)));
}

describe('the section picker', () => {
  it(
    'offers matches as the user types and replaces a frame material A and I when another section is picked',
    async () => {
      const start = { ...PORTAL_FRAME, materials: [{ id: 1, section: '310UB40.4' }] };
      const answer = await post(rig.service.url, '/v1/frame/solve', start);
      const page = await rig.newPage();
      await openCalculator(page, answer.json.links!.view);
      // the link carries the section's own A and I (310UB40.4: 5210 mm2, 86.4e6 mm4)
      expect(await page.inputValue('[name="/materials/0/A"]')).toBe('5210');
      expect(await page.inputValue('[name="/materials/0/I"]')).toBe('86400000');

      // typed so far: no section is named yet, so A and I stay, and the list offers the W14X9... shapes
      await editField(page, '/materials/0/section', 'W14X9');
      const offered = await page.$$eval('#section-options option', (options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(offered).toEqual(['W14X90', 'W14X99']);
      expect(await page.inputValue('[name="/materials/0/A"]')).toBe('5210');
      expect(await page.getAttribute('[name="/materials/0/section"]', 'list')).toBe('section-options');

      // one more key names W14X90: its A and Ix replace the old ones, in the fields and in the linked model
      const field = page.locator('[name="/materials/0/section"]');
      await afterEdit(page, 'typing the last character', () => field.press('End').then(() => field.press('0')));
      // the field shows 6 significant figures (issue 36); the model, below, keeps every digit
      expect(await page.inputValue('[name="/materials/0/A"]')).toBe('17096.7');
      expect(await page.inputValue('[name="/materials/0/I"]')).toBe('415815000');
      expect(await field.inputValue()).toBe('W14X90');
      expect(await field.evaluate((el) => document.activeElement === el)).toBe(true);
      const linked = modelInAddress(page) as { materials: { A: number; I: number; section: string }[] };
      expect(linked.materials[0]).toMatchObject({ A: 17096.74, I: 415815194.1744, section: 'W14X90' });
      // and the results are the service's for the W14X90 portal
      await expectServiceResults(page, 'frame', { ...PORTAL_FRAME, materials: [{ id: 1, section: 'W14X90' }] });
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "a beam span takes the picked section's I",
    async () => {
      const answer = await post(rig.service.url, '/v1/beam/solve', SIMPLE_BEAM);
      const page = await rig.newPage();
      await openCalculator(page, answer.json.links!.view);
      await editField(page, '/spans/0/section', 'IPE300');
      // IPE 300: Iy (major) 8356 cm4 = 83.56e6 mm4 (EN 10365, eurocodepy)
      expect(await page.inputValue('[name="/spans/0/I"]')).toBe('83560000');
      await expectServiceResults(page, 'beam', { ...SIMPLE_BEAM, spans: [{ length: 6, E: 200, section: 'IPE300' }] });
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

/**
 * Issue 33 in a real browser: the frame calculator offers `analysis` (order and critical load factors), solves
 * in second order in the page, and shows the factors as the service gives them; the buckling figure is the
 * diagram route's.
 */
import { describe, expect, it } from 'vitest';
import { browserAndService } from '../support/browser-service.js';
import { downloadedSvg, editField, figureWidth, modelInAddress, openCalculator, post, withoutAttribution } from '../support/calculator.js';
import { CANTILEVER_COLUMN } from '../support/models.js';

const TEST_TIMEOUT_MS = 90_000;
const rig = browserAndService();

// SI cantilever column, 5 m, EI = 200 GPa × 8e7 mm⁴ = 16,000 kN.m², 10 kN sideways and 1,000 kN down at its top:
// Euler's π²EI/4L² = 1,579.1 kN, so the lowest critical load factor is 1.579 and the second 9 times it
const COLUMN = { ...CANTILEVER_COLUMN, nodalLoads: [{ node: 2, fx: 10, fy: -1000 }] };

describe('the frame calculator’s analysis', () => {
  it(
    'solves in second order and lists the critical load factors, as the service does',
    async () => {
      const solved = await post(rig.service.url, '/v1/frame/solve', COLUMN);
      expect(solved.status).toBe(200);
      const page = await rig.newPage();
      await openCalculator(page, solved.json.links!.view);
      expect(await page.locator('table#buckling').count()).toBe(0);

      expect(await editField(page, '/analysis/order', 'second')).toBe('ready');
      expect(await editField(page, '/analysis/buckling', '2')).toBe('ready');
      expect(modelInAddress(page)).toMatchObject({ analysis: { order: 'second', buckling: 2 } });

      // the page's answer is the service's for the same model: the base moment and the factors
      const service = await post(rig.service.url, '/v1/frame/solve', modelInAddress(page));
      const body = service.json as unknown as { reactions: { moment: number }[]; buckling: { factor: number }[] };
      const cell = (path: string) => page.locator(`[data-path="${path}"]`).first().getAttribute('data-value');
      expect(await cell('/reactions/0/moment')).toBe(String(body.reactions[0]!.moment));
      expect(await cell('/buckling/0/factor')).toBe(String(body.buckling[0]!.factor));
      expect(await cell('/buckling/1/factor')).toBe(String(body.buckling[1]!.factor));
      const euler = (Math.PI ** 2 * 16000) / (4 * 25 * 1000);
      expect(Math.abs(Number(await cell('/buckling/0/factor')) / euler - 1)).toBeLessThan(1e-9);
      expect(await page.locator('table#buckling caption').textContent()).toMatch(/second order, 1 iteration$/);

      // the buckling figure is the diagram route's, at the width the page drew it for its pane
      const shown = await downloadedSvg(page, 'frame', 'buckling');
      const width = await figureWidth(page, 'buckling');
      const diagram = await post(rig.service.url, '/v1/frame/diagram', { ...(modelInAddress(page) as object), view: 'buckling', width });
      expect(diagram.status).toBe(200);
      expect(shown).toBe(withoutAttribution(diagram.text));

      // past the critical load: the page says the loads buckle the frame
      expect(await editField(page, '/nodalLoads/0/fy', '-2000')).toBe('mechanism');
      expect(await page.locator('#status').textContent()).toContain('elastic critical load');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

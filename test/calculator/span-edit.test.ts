/**
 * Issue 36, defect 1, in a real browser: setting a span's length in the beam calculator moves the supports and
 * loads beyond it (the page's own fields and the address bar's model), and a support left past the beam's end by
 * an edit is flagged at its field.
 */
import { describe, expect, it } from 'vitest';
import { browserAndService } from '../support/browser-service.js';
import { editField, modelInAddress, openCalculator, post } from '../support/calculator.js';

const TEST_TIMEOUT_MS = 90_000;
const rig = browserAndService();

/** The beam (supports 0, 6, 12, 18 under three 6 m spans), one more support inside span 3 and two loads. */
const BEAM = {
  spans: [6, 6, 6].map((length) => ({ length, E: 200, I: 1e8 })),
  supports: [0, 6, 12, 15, 18].map((position, i) => ({ type: i === 0 ? 'pin' : 'roller', position })),
  loads: [
    { type: 'udl', start: -10, from: 0, to: 18 },
    { type: 'point', magnitude: -5, position: 16 },
  ],
};

type Beam = typeof BEAM;
const positions = (model: unknown) => (model as Beam).supports.map((s) => s.position);

describe('editing a beam span in the calculator', () => {
  it(
    'moves the supports and loads beyond the span, and flags a support left past the end',
    async () => {
      const solved = await post(rig.service.url, '/v1/beam/solve', BEAM);
      expect(solved.status).toBe(200);
      const page = await rig.newPage();
      await openCalculator(page, solved.json.links!.view);
      // span 2 from 6 to 8 m: everything from its far end (12 m) on moves 2 m, the whole-beam udl stretches to 20 m
      expect(await editField(page, '/spans/1/length', '8')).toBe('ready');
      expect(positions(modelInAddress(page))).toEqual([0, 6, 14, 17, 20]);
      expect((modelInAddress(page) as Beam).loads).toEqual([
        { type: 'udl', start: -10, from: 0, to: 20 },
        { type: 'point', magnitude: -5, position: 18 },
      ]);
      const shown = (name: string) => page.locator(`[name="${name}"]`).inputValue();
      expect([await shown('/supports/2/position'), await shown('/supports/4/position'), await shown('/loads/0/to')]).toEqual([
        '14',
        '20',
        '20',
      ]);
      // and the page solved the moved model: the service's answer for it
      const moved = await post(rig.service.url, '/v1/beam/solve', modelInAddress(page));
      const reaction = await page.locator('table#reactions [data-path="/reactions/4/vertical"]').getAttribute('data-value');
      expect(reaction).toBe(String((moved.json as unknown as { reactions: { vertical: number }[] }).reactions[4]!.vertical));
      // span 3 from 6 to 2 m: the end support (20 m, its far end) moves to 16, the one inside it (17 m) stays: past the end
      expect(await editField(page, '/spans/2/length', '2')).toBe('invalid');
      expect(positions(modelInAddress(page))).toEqual([0, 6, 14, 17, 16]);
      const flag = page.locator('[data-issue-for="supports.3.position"]');
      await expect.poll(() => flag.count()).toBe(1);
      expect(await flag.textContent()).toContain('past the end of the beam (total length 16 m)');
      expect(await page.locator('[name="/supports/3/position"]').getAttribute('aria-invalid')).toBe('true');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

/**
 * A redraw writes only the figure's layers that changed (ts/web/figure-layers.ts, ts/web/figures.ts), in a real
 * browser: the groups an edit leaves alone are the same elements as before, and the figure on the page is what
 * parsing the whole new text gives, which is the API's diagram for the edited model.
 */
import { describe, expect, it } from 'vitest';
import { browserAndService } from '../support/browser-service.js';
import { downloadedSvg, editField, figureWidth, openCalculator, post, withoutAttribution } from '../support/calculator.js';
import { SIMPLE_BEAM } from '../support/models.js';

const rig = browserAndService();

describe('redrawing the shown figure after an edit', () => {
  it('replaces the changed layers only, and shows what the whole new figure is', async () => {
    const solved = await post(rig.service.url, '/v1/beam/solve', SIMPLE_BEAM);
    expect(solved.status).toBe(200);
    const page = await rig.newPage();
    await openCalculator(page, solved.json.links!.view);
    const figure = page.locator('figure[data-view="setup"] svg');
    // every layer's element marked, to tell a kept element from a new one
    await figure.evaluate((svg) => svg.querySelectorAll(':scope > g').forEach((g) => ((g as unknown as { kept: boolean }).kept = true)));

    // 10 -> 12 kN/m: the one band keeps its height (a figure scales its loads to the largest), the labels change
    expect(await editField(page, '/loads/0/start', '-12')).toBe('ready');
    const layers = await figure.evaluate((svg) =>
      [...svg.querySelectorAll(':scope > g')].map((g) => ({ id: g.id, kept: (g as unknown as { kept?: boolean }).kept === true })),
    );
    expect(layers.filter((l) => l.kept).map((l) => l.id)).toEqual(
      expect.arrayContaining(['spanwise-beam', 'spanwise-supports', 'spanwise-loads']),
    );
    expect(layers.filter((l) => !l.kept).map((l) => l.id)).toContain('spanwise-labels');

    const text = await downloadedSvg(page, 'beam', 'setup');
    const api = await post(rig.service.url, '/v1/beam/diagram', {
      ...SIMPLE_BEAM,
      loads: [{ ...SIMPLE_BEAM.loads[0], start: -12 }],
      view: 'setup',
      width: await figureWidth(page, 'setup'),
    });
    expect(text).toBe(withoutAttribution(api.text));
    const same = await figure.evaluate((svg, text) => {
      const whole = document.createElement('div');
      whole.innerHTML = text;
      return svg.isEqualNode(whole.firstElementChild);
    }, text);
    expect(same, 'the figure on the page equals the whole new text parsed').toBe(true);

    // a change of geometry moves every layer (the figure's scale changes): each written again, the figure still equal
    expect(await editField(page, '/spans/0/length', '8')).toBe('ready');
    const after = await downloadedSvg(page, 'beam', 'setup');
    expect(
      await figure.evaluate((svg, text) => {
        const whole = document.createElement('div');
        whole.innerHTML = text;
        return svg.isEqualNode(whole.firstElementChild);
      }, after),
    ).toBe(true);
    await page.close();
  }, 90_000);
});

/**
 * `npm run screenshots`: a screenshot of each calculator page (issue 19), written to
 * docs/calculator-{beam,truss,frame}.png, from a running service (`make start`; SPANWISE_URL, default
 * http://localhost:$PORT, port 3000 unless set). Each model is solved by the service and its `links.view`
 * opened in Debian's Chromium, at the service's own address (the link may name a PUBLIC_BASE_URL this
 * machine does not reach). Three counted requests.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import threeSpan from '../../test/fixtures/beam/three-span-continuous.json' with { type: 'json' };
import pratt from '../../test/fixtures/truss/pratt-three-panels-joints.json' with { type: 'json' };
import portal from '../../test/fixtures/frame/portal-fixed-lateral.json' with { type: 'json' };
import { openCalculator, post, type Kind } from '../../test/support/calculator.js';
import { launchChromium } from '../../test/support/chromium.js';

const url = (process.env.SPANWISE_URL ?? `http://localhost:${process.env.PORT?.trim() || 3000}`).replace(/\/+$/, '');
const docs = fileURLToPath(new URL('../../docs/', import.meta.url));

const MODELS: Record<Kind, unknown> = { beam: threeSpan.request, truss: pratt.request, frame: portal.request };

const health = await fetch(`${url}/v1/health`).catch((error: unknown) => error as Error);
if (health instanceof Error) {
  console.error(`no service at ${url} (${health.message}): start it with \`make start\`, or set SPANWISE_URL`);
  process.exit(1);
}

mkdirSync(docs, { recursive: true });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const [kind, model] of Object.entries(MODELS) as [Kind, unknown][]) {
    const solved = await post(url, `/v1/${kind}/solve`, model);
    if (solved.status !== 200 || solved.json.links === undefined)
      throw new Error(`${kind}: the service answered ${solved.status} with no links.view`);
    const view = new URL(solved.json.links.view);
    await openCalculator(page, `${url}${view.pathname}${view.search}`);
    const file = `${docs}calculator-${kind}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}

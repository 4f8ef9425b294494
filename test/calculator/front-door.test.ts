/**
 * The front door (issue 36, defect 4; decisions.md 23): `/`, `/calculator` and `/docs` answer pages, open and not
 * counted; the API reference is Redoc, served from the service's own files, and in Chromium it renders the
 * service's OpenAPI document with no request leaving the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { testApp } from '../support/app.js';
import { browserAndService } from '../support/browser-service.js';

const TEST_TIMEOUT_MS = 90_000;
const rig = browserAndService();

let dir: string;
let keys: SqliteKeyStore;
let app: ReturnType<import('koa')['callback']>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spanwise-front-door-'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  app = (await testApp({ access: { keys, counters: new MemoryCounterStore() } })).callback();
});
afterAll(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);

describe('the front door over HTTP', () => {
  it('GET / says what the service is and links to the reference, the calculators and the health endpoint, uncounted', async () => {
    const res = await request(app).get('/').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(res.text).toContain('<h1>Spanwise</h1>');
    expect(links(res.text)).toEqual(
      expect.arrayContaining([
        '/docs',
        '/v1/openapi.json',
        '/calculator',
        '/v1/health',
        '/calculator/beam',
        '/calculator/truss',
        '/calculator/frame',
      ]),
    );
    // more than the anonymous 10 a minute, and still answered: not counted
    for (let i = 0; i < 11; i++) await request(app).get('/').expect(200);
  });

  it('GET /calculator links the three calculators, each of which answers', async () => {
    const res = await request(app).get('/calculator').expect(200);
    const calculators = links(res.text).filter((l) => l.startsWith('/calculator/'));
    expect(calculators).toEqual(['/calculator/beam', '/calculator/truss', '/calculator/frame']);
    for (const link of calculators) await request(app).get(link).expect(200);
  });

  it('GET /docs is the reference page, its viewer served from this service, its policy this origin only', async () => {
    const res = await request(app).get('/docs').expect(200);
    expect(res.text).toContain('<script src="/docs/redoc.standalone.js"></script>');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data:");
    const viewer = await request(app).get('/docs/redoc.standalone.js').expect(200);
    expect(viewer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(viewer.text.length).toBeGreaterThan(100_000);
    // the one address elsewhere that Redoc's bundle names (its logo) is not in the bundle as served
    expect(viewer.text).not.toContain('cdn.redoc.ly');
    expect(viewer.text).not.toMatch(/src:"https?:/);
    // the router is strict: no trailing-slash twins
    await request(app).get('/docs/').expect(404);
  });
});

describe('the API reference in Chromium', () => {
  it(
    'renders every operation of /v1/openapi.json, and no request leaves the machine',
    async () => {
      const page = await rig.newPage();
      const origin = new URL(rig.service.url).origin;
      const elsewhere: string[] = [];
      const local: string[] = [];
      // every request the page makes, as the browser is about to send it: one to another host is recorded and refused
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) {
          local.push(url);
          return route.continue();
        }
        elsewhere.push(url);
        return route.abort();
      });
      page.on('request', (r) => {
        const url = r.url();
        if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:') && !elsewhere.includes(url))
          elsewhere.push(url);
      });
      await page.goto(`${rig.service.url}/docs`, { waitUntil: 'load' });
      // Redoc has read the document when the operations' summaries are in the page
      await page.getByText('Solve a multi-span beam').first().waitFor({ state: 'attached', timeout: 20_000 });
      const document = (await (await fetch(`${rig.service.url}/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { summary: string }>>;
      };
      const summaries = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.summary));
      for (const summary of summaries) expect(await page.getByText(summary, { exact: true }).count(), summary).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(local).toContain(`${origin}/v1/openapi.json`);
      expect(local).toContain(`${origin}/docs/redoc.standalone.js`);
      expect(elsewhere).toEqual([]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

/**
 * Issue 19, decisions.md 16: the service serves the calculator's built files (dist/calculator) at
 * /calculator/{beam,truss,frame} and /calculator/assets/*, open (not counted, even past the anonymous cap),
 * not in the OpenAPI document. Against a fixture directory made here, so it does not depend on the page's build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../../ts/limits/memory-store.js';
import { SqliteKeyStore } from '../../ts/keys/sqlite-store.js';
import { TIERS } from '../../ts/limits/tiers.js';
import { defaultCalculatorDir } from '../../ts/server/routes/calculator.js';
import { testApp } from '../support/app.js';
import { listen, type Listening } from '../support/listen.js';
import { SIMPLE_BEAM } from '../support/models.js';

const work = mkdtempSync(join(tmpdir(), 'spanwise-calculator-'));
/** What `make web` writes: index.html and hashed assets, here with a made-up hash. */
const dir = join(work, 'calculator');
const PAGE = '<!doctype html><title>calculator fixture</title><script type="module" src="/calculator/assets/index-Ab12Cd34.js"></script>\n';
const SCRIPT = 'document.body.dataset.solves = "1";\n';
const CSS = 'body { margin: 0 }\n';
/** The WebAssembly magic number and version 1: the smallest valid module. */
const WASM = Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
/** Files beside the root that no calculator path may reach. */
const SECRET = 'not for the calculator\n';

/** The anonymous tier with a day cap of 2, so the cap is passed within the test (a minute could roll over mid-test). */
const TIGHT = { ...TIERS, anonymous: { burst: 1000, day: 2, month: 1000 } };

let keys: SqliteKeyStore;
let app: ReturnType<Awaited<ReturnType<typeof testApp>>['callback']>;
let service: Listening;

/** The app on the fixture build, with keys and limits and counters of its own. */
function limitedApp() {
  return testApp({ calculatorDir: dir, access: { keys, counters: new MemoryCounterStore(), tiers: TIGHT } });
}

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-Ef56Gh78.css'), CSS);
  writeFileSync(join(dir, 'assets', 'spanwise_engine_bg-Ij90Kl12.wasm'), WASM);
  writeFileSync(join(dir, 'assets', '.hidden.js'), SECRET);
  writeFileSync(join(work, 'secret.txt'), SECRET);
  keys = new SqliteKeyStore(join(work, 'keys.sqlite'));
  const koa = await limitedApp();
  app = koa.callback();
  service = await listen(koa);
});
afterAll(async () => {
  await service.close();
  await keys.close();
  rmSync(work, { recursive: true, force: true });
});

/** A GET sent byte for byte as written (no client normalises `..` or `%2e` away). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: service.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the calculator pages', () => {
  for (const kind of ['beam', 'truss', 'frame']) {
    it(`GET /calculator/${kind} answers the built index.html as HTML, revalidated on each visit`, async () => {
      const res = await request(app).get(`/calculator/${kind}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(PAGE);
    });
  }

  it('answers a link with its ?model= like the page itself', async () => {
    const solved = await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM);
    const view = new URL(solved.body.links.view as string);
    const res = await request(app).get(`${view.pathname}${view.search}`);
    expect([res.status, res.text]).toEqual([200, PAGE]);
  });

  it('is a 404 problem for a kind that has no calculator, and for the paths around the pages', async () => {
    for (const path of [
      '/calculator/arch',
      '/calculator/Beam',
      '/calculator/beam/',
      // '/calculator' itself is the page linking the three (the front door, issue 36)
      '/calculator/',
      '/calculator/assets',
      '/calculator/index.html',
    ]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toBe('application/problem+json');
      expect(res.body.code, path).toBe('not_found');
    }
  });
});

describe('the calculator assets', () => {
  it('answer each built file with its content type and long-lived caching (the names are hashed)', async () => {
    const cases = [
      ['index-Ab12Cd34.js', /^(text|application)\/javascript; charset=utf-8$/, SCRIPT],
      ['index-Ef56Gh78.css', /^text\/css; charset=utf-8$/, CSS],
    ] as const;
    for (const [file, type, text] of cases) {
      const res = await request(app).get(`/calculator/assets/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers['content-type'], file).toMatch(type);
      expect(res.headers['cache-control'], file).toBe('max-age=31536000,immutable');
      expect(res.text, file).toBe(text);
    }
    const wasm = await request(app)
      .get('/calculator/assets/spanwise_engine_bg-Ij90Kl12.wasm')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    // browsers compile a module streamed from the network only when it is served as application/wasm
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(new Uint8Array(wasm.body as Buffer)).toEqual(WASM);
  });

  it('is a 404 problem for an asset that was not built', async () => {
    for (const path of ['/calculator/assets/index-00000000.js', '/calculator/assets/', '/calculator/assets/nested/app.js']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe('not_found');
    }
  });

  it('reaches nothing outside the assets folder, nor hidden files in it, however the path is written', async () => {
    for (const path of [
      '/calculator/assets/../index.html',
      '/calculator/assets/../../secret.txt',
      '/calculator/assets/%2e%2e/%2e%2e/secret.txt',
      '/calculator/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/calculator/assets/%252e%252e%252f%252e%252e%252fsecret.txt',
      '/calculator/assets/..%5c..%5csecret.txt',
      '/calculator/assets//etc/passwd',
      '/calculator/assets/%2fetc%2fpasswd',
      '/calculator/assets/.hidden.js',
      '/calculator/assets/%00index-Ab12Cd34.js',
      '/calculator/assets/%E0%A4%A',
      '/calculator/../secret.txt',
      '/calculator/..%2fsecret.txt',
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('not for the calculator');
      expect(res.body, path).not.toContain('root:');
    }
  });
});

describe('access', () => {
  it('is never counted: pages and assets are served without rate-limit headers, even past the anonymous cap', async () => {
    const app = (await limitedApp()).callback();
    // fill the anonymous day window (2) and pass it
    for (let i = 0; i < 2; i++) expect((await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM)).status).toBe(200);
    expect((await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM)).status).toBe(429);
    for (let i = 0; i < 5; i++) {
      for (const path of ['/calculator/beam', '/calculator/truss', '/calculator/frame', '/calculator/assets/index-Ab12Cd34.js']) {
        const res = await request(app).get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers['x-ratelimit-remaining'], path).toBeUndefined();
        expect(res.headers['x-ratelimit-limit'], path).toBeUndefined();
      }
    }
    // and the calculator's requests did not use up anything: the cap is still passed, not reset or moved
    expect((await request(app).post('/v1/beam/solve').send(SIMPLE_BEAM)).status).toBe(429);
  });

  it('is not part of the API document', async () => {
    const document = (await request(app).get('/v1/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('calculator'))).toEqual([]);
    expect(Object.keys(document.paths)).toContain('/v1/beam/solve');
  });
});

describe('where the service looks for the build', () => {
  it('is dist/calculator of the repository by default (`make web` writes it)', () => {
    expect(defaultCalculatorDir()).toBe(join(new URL('../../', import.meta.url).pathname, 'dist', 'calculator'));
  });
});

/**
 * The front door (decisions.md 23): `GET /`, a short page saying what the service does with links to the API
 * reference, the calculators and the health endpoint; `GET /calculator`, the three calculators; `GET /docs`, the
 * API reference rendered from `/v1/openapi.json` by Redoc, a maintained viewer whose standalone bundle the
 * service sends from its own node_modules (`GET /docs/redoc.standalone.js`). Nothing on these pages is fetched
 * from another host: the one address elsewhere that Redoc's bundle would fetch (its logo) is left out of the
 * bundle as served, and the reference page's Content-Security-Policy allows this origin only. Open, not counted.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Middleware } from 'koa';
import { escapeXml } from '../../svg/escape.js';
import { CALCULATOR_KINDS } from './calculator.js';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1f2933}' +
  'h1{margin-bottom:.2rem}.lead{margin-top:0;color:#52606d}code,pre{background:#f0f2f5;border-radius:3px}' +
  'code{padding:0 .25em}pre{padding:.75rem;overflow-x:auto;font-size:.85rem}a{color:#1d5fa8}' +
  'ul.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(13rem,1fr));gap:.75rem}' +
  'ul.cards li{border:1px solid #d9dee4;border-radius:6px;padding:.75rem}ul.cards a{font-weight:600}' +
  'footer{margin-top:2rem;color:#7b8794;font-size:.85rem}';

const CALCULATORS: Record<(typeof CALCULATOR_KINDS)[number], string> = {
  beam: 'Multi-span beams: spans, hinges, supports and settlements, point, distributed, area and moment loads.',
  truss: 'Plane pin-jointed trusses: member forces, reactions and joint displacements.',
  frame: 'Plane rigid-jointed frames: member forces, end releases, sloping members and member loads.',
};

function page(title: string, body: string[], version: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    `<footer>Spanwise, engine ${escapeXml(version)}.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const calculatorCards = () =>
  [
    '<ul class="cards">',
    ...CALCULATOR_KINDS.map(
      (kind) =>
        `<li><a href="/calculator/${kind}">${kind.charAt(0).toUpperCase()}${kind.slice(1)} calculator</a><br>${CALCULATORS[kind]}</li>`,
    ),
    '</ul>',
  ].join('');

/** GET /: what the service is, and the way to each of its parts. */
export function homePage(baseUrl: string, version: string): string {
  const example = `curl -s ${baseUrl}/v1/beam/solve -H 'Content-Type: application/json' -d '{
  "spans": [{"length": 6, "E": 200, "I": 100000000}],
  "supports": [{"type": "pin", "position": 0}, {"type": "roller", "position": 6}],
  "loads": [{"type": "udl", "start": -10, "from": 0, "to": 6}]
}'`;
  return page(
    'Spanwise: structural analysis API',
    [
      '<h1>Spanwise</h1>',
      '<p class="lead">Structural analysis as a service: beams, trusses and frames, steel sections and load combinations.</p>',
      '<p>Send a beam, a truss or a frame as JSON and get back its reactions, internal forces, deflections (with each ' +
        'span&#8217;s L/deflection), load-combination envelopes to AS/NZS 1170, ASCE 7, EN 1990 (UK), IS 456 and the ' +
        'Japanese BSL, and SVG diagrams; look up steel sections from six national standards, or compute the properties ' +
        'of your own. An exact stiffness engine in WebAssembly does the work.</p>',
      '<h2>Start here</h2>',
      '<ul>',
      '<li><a href="/docs">API reference</a>: every endpoint, field and error, with examples (the ' +
        '<a href="/v1/openapi.json">OpenAPI 3.1 document</a> it is read from).</li>',
      '<li><a href="/calculator">Calculators</a>: edit a model in tables and see the results at once, in your browser.</li>',
      '<li><a href="/v1/health">Health</a>: whether the service is up, and its engine version.</li>',
      '<li>MCP for agents: <code>POST /mcp</code> (Streamable HTTP), the same tools as the API.</li>',
      '</ul>',
      '<h2>Try it</h2>',
      '<p>A 6 m simply supported beam under 10 kN/m (loads are negative downward): each support carries 30 kN, the ' +
        'midspan moment is 45 kN.m.</p>',
      `<pre><code>${escapeXml(example)}</code></pre>`,
      '<p>No key is needed to try the API: without one you are counted per address (10 requests a minute, 30 a day). ' +
        'Errors are <code>application/problem+json</code> whose <code>type</code> links to a page saying how to fix the ' +
        `request, such as <a href="/problems/invalid_input">invalid_input</a>.</p>`,
      '<h2>Calculators</h2>',
      calculatorCards(),
    ],
    version,
  );
}

/** GET /calculator: the three calculators. */
export function calculatorIndexPage(version: string): string {
  return page(
    'Spanwise calculators',
    [
      '<h1>Calculators</h1>',
      '<p class="lead">Each solves in your browser with the same engine as the API: edit the tables, the results and ' +
        'figures follow every edit, and the address is a link to the model.</p>',
      calculatorCards(),
      '<p><a href="/">Spanwise</a> · <a href="/docs">API reference</a></p>',
    ],
    version,
  );
}

/** Where the API reference's viewer and its script live on this service. */
export const DOCS_VIEWER_PATH = '/docs/redoc.standalone.js';

/** The reference page's one inline script: Redoc reads the API document of this service into #reference. */
const REFERENCE_SCRIPT =
  "Redoc.init('/v1/openapi.json', {hideDownloadButton: false, expandResponses: '200', jsonSampleExpandLevel: 3, " +
  "theme: {typography: {fontFamily: 'system-ui, sans-serif', headings: {fontFamily: 'system-ui, sans-serif'}}}}, " +
  "document.getElementById('reference'));";

/**
 * This origin only; the inline script by its hash; the inline styles Redoc writes (styled-components) and its
 * search worker, which it starts from a blob. Images from elsewhere are refused before any request is made.
 */
export const DOCS_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(REFERENCE_SCRIPT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
].join('; ');

/** GET /docs: the API reference page. */
export function docsPage(): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Spanwise API reference</title>',
    '<style>body{margin:0}noscript{display:block;font:16px system-ui,sans-serif;margin:2rem}</style>',
    '</head>',
    '<body>',
    '<noscript>The reference needs JavaScript. The same content is the <a href="/v1/openapi.json">OpenAPI document</a>.</noscript>',
    '<div id="reference"></div>',
    `<script src="${DOCS_VIEWER_PATH}"></script>`,
    `<script>${REFERENCE_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function html(text: string, headers: Record<string, string> = {}): Middleware {
  return (ctx) => {
    ctx.set(headers);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = text;
  };
}

export const homeHandler = (baseUrl: string, version: string): Middleware => html(homePage(baseUrl, version));
export const calculatorIndexHandler = (version: string): Middleware => html(calculatorIndexPage(version));
export const docsHandler = (): Middleware => html(docsPage(), { 'Content-Security-Policy': DOCS_POLICY });

/**
 * The one address on another host Redoc's bundle names: the picture beside "API docs by Redocly" in its menu,
 * which it always asks for (no option turns it off). The browser would try it even under the page's policy.
 */
export const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/** An empty picture in its place: Redoc shows the words without the logo, and nothing is fetched. */
const NO_LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

/** Redoc's browser bundle as npm installed it, but the logo's address (read once, at start). */
export function docsViewerBundle(): string {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
  return bundle.replaceAll(REDOC_LOGO, NO_LOGO);
}

/** GET /docs/redoc.standalone.js: the viewer, from this service. */
export function docsViewerHandler(): Middleware {
  const bundle = docsViewerBundle();
  return (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = bundle;
  };
}

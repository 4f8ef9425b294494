/**
 * GET /problems/{code}: the page a problem's `type` URI leads to (decisions.md section 15, "Problem
 * pages"; RFC 9457 recommends a dereferenceable type). Each page is made once, when the app starts.
 */
import type { Middleware } from 'koa';
import { problemStatus, problemTitle, Problem, type ProblemCode } from '../../problem/index.js';
import { problemExplanation } from '../../problem/pages.js';
import { escapeXml } from '../../svg/escape.js';

const CODES = Object.keys(problemStatus) as ProblemCode[];

/** A short, self-contained HTML page: the title and status, what the code means, how to fix the request. */
export function problemPage(code: ProblemCode, baseUrl: string): string {
  const { meaning, fix } = problemExplanation[code];
  const title = `${problemTitle[code]} (${problemStatus[code]} ${code})`;
  const others = CODES.filter((other) => other !== code)
    .map((other) => `<a href="${escapeXml(`${baseUrl}/problems/${other}`)}">${other}</a>`)
    .join(', ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)} - Spanwise</title>`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#222}code{background:#f2f2f2;padding:0 .2em}</style>',
    '</head>',
    '<body>',
    `<h1>${escapeXml(title)}</h1>`,
    `<p>A Spanwise response with <code>"code": "${code}"</code> and HTTP status ${problemStatus[code]} (an <code>application/problem+json</code> body).</p>`,
    '<h2>What it means</h2>',
    `<p>${escapeXml(meaning)}</p>`,
    '<h2>How to fix the request</h2>',
    '<ul>',
    ...fix.map((step) => `<li>${escapeXml(step)}</li>`),
    '</ul>',
    `<p>The API: <a href="${escapeXml(`${baseUrl}/v1/openapi.json`)}">OpenAPI document</a>. Other codes: ${others}.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function problemPageHandler(baseUrl: string): Middleware {
  const pages = new Map(CODES.map((code) => [code, problemPage(code, baseUrl)]));
  return (ctx) => {
    const page = pages.get(ctx.params.code as ProblemCode);
    if (page === undefined) throw new Problem('not_found', `No problem code ${ctx.params.code}; the codes are ${CODES.join(', ')}.`);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  };
}

/**
 * GET /v1/standards, GET /v1/sections and GET /v1/sections/{name} (interface-spec.md "Steel section library",
 * decisions.md 8). Thin: parse and check the query, ask the library, send ready-made JSON text with a strong
 * ETag of its exact bytes, and answer 304 when If-None-Match already holds it.
 */
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  SectionLibrary,
  STANDARD_IDS,
  type Section,
  type StandardId,
} from '../../sections/index.js';
import { MAX_SECTION_QUERY } from '../../schema/sections.js';
import { Problem, type ProblemIssue } from '../../problem/index.js';

/** A response body and its strong validator, computed once per distinct body. */
interface Representation {
  body: string;
  etag: string;
}

function represent(body: string): Representation {
  return { body, etag: `"${createHash('sha256').update(body, 'utf8').digest('base64url')}"` };
}

/** Sends the body, or 304 with no body when the request's If-None-Match already holds this ETag. */
function send(ctx: Context, rep: Representation): void {
  ctx.set('ETag', rep.etag);
  if (ifNoneMatchHolds(ctx.get('If-None-Match'), rep.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = rep.body;
}

/** RFC 9110 13.1.2: `*` or any listed tag matching by the weak comparison. */
export function ifNoneMatchHolds(header: string, etag: string): boolean {
  if (header.trim() === '') return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

const LIST_PARAMS = ['standard', 'type', 'q', 'limit'] as const;
const LOOKUP_PARAMS = ['standard'] as const;
/** Distinct list queries whose bodies are kept; the oldest is dropped beyond this. */
const LIST_CACHE_SIZE = 1000;

type Query = Record<string, string | string[] | undefined>;

/** Each parameter given once and known; returns the single values. */
function singleValues(query: Query, allowed: readonly string[], issues: ProblemIssue[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(query)) {
    if (!allowed.includes(name)) {
      issues.push({ path: `query.${name}`, message: `unknown query parameter; allowed: ${allowed.join(', ')}` });
    } else if (Array.isArray(value)) {
      issues.push({ path: `query.${name}`, message: 'must be given once' });
    } else if (value !== undefined) values.set(name, value);
  }
  return values;
}

function parseStandard(value: string | undefined, issues: ProblemIssue[]): StandardId | undefined {
  if (value === undefined) return undefined;
  const id = SectionLibrary.standardId(value);
  if (id === undefined) {
    issues.push({ path: 'query.standard', message: `must be one of ${STANDARD_IDS.join(', ')} (any case)` });
  }
  return id;
}

interface ListQuery {
  standard: StandardId | undefined;
  type: string | undefined;
  q: string | undefined;
  limit: number;
}

export function parseListQuery(library: SectionLibrary, query: Query): ListQuery {
  const issues: ProblemIssue[] = [];
  const values = singleValues(query, LIST_PARAMS, issues);
  const standard = parseStandard(values.get('standard'), issues);
  const type = values.get('type');
  if (type !== undefined && !library.hasType(type)) {
    issues.push({ path: 'query.type', message: `unknown section type; one of ${library.typeNames().join(', ')}` });
  }
  const q = values.get('q');
  if (q !== undefined && q.length > MAX_SECTION_QUERY) {
    issues.push({ path: 'query.q', message: `must be at most ${MAX_SECTION_QUERY} characters` });
  }
  let limit = DEFAULT_LIST_LIMIT;
  const rawLimit = values.get('limit');
  if (rawLimit !== undefined) {
    limit = /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= MAX_LIST_LIMIT)) {
      issues.push({ path: 'query.limit', message: `must be an integer from 1 to ${MAX_LIST_LIMIT}` });
    }
  }
  if (issues.length > 0) throw Problem.invalid(issues);
  return { standard, type, q: q === '' ? undefined : q, limit };
}

/** `No section named "X". Did you mean "A", "B" or "C"?` (decisions.md 8). */
export function notFoundDetail(name: string, suggestions: readonly string[]): string {
  const quoted = suggestions.map((s) => `"${s}"`);
  const last = quoted.pop();
  const options = quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last;
  return `No section named "${name}".` + (options === undefined ? '' : ` Did you mean ${options}?`);
}

/** Registers the three library routes on `router`; everything that can be is computed here, once. */
export function sectionRoutes(router: Router, library: SectionLibrary): void {
  const standards = represent(JSON.stringify(library.listing));
  const single = new Map<Section, Representation>(library.sections.map((s) => [s, represent(s.json)]));
  const lists = new Map<string, Representation>();

  router.get('/v1/standards', (ctx) => {
    const issues: ProblemIssue[] = [];
    singleValues(ctx.query, [], issues);
    if (issues.length > 0) throw Problem.invalid(issues);
    send(ctx, standards);
  });

  router.get('/v1/sections', (ctx) => {
    const query = parseListQuery(library, ctx.query);
    // The canonical query names the result: `?type=ub&standard=bs4` and `?standard=BS4&type=UB` share it.
    const cacheKey = JSON.stringify([query.standard, query.type?.toLowerCase(), query.q, query.limit]);
    let rep = lists.get(cacheKey);
    if (rep === undefined) {
      const { total, sections } = library.list(query);
      rep = represent(
        `{"total":${total},"count":${sections.length},"sections":[${sections.map((s) => s.json).join(',')}]}`,
      );
      if (lists.size >= LIST_CACHE_SIZE) lists.delete(lists.keys().next().value as string);
      lists.set(cacheKey, rep);
    }
    send(ctx, rep);
  });

  const lookup = (ctx: Context, name: string) => {
    const issues: ProblemIssue[] = [];
    const values = singleValues(ctx.query, LOOKUP_PARAMS, issues);
    const standard = parseStandard(values.get('standard'), issues);
    if (issues.length > 0) throw Problem.invalid(issues);
    const found = library.lookup(name, standard);
    if (found === undefined) throw new Problem('not_found', notFoundDetail(name, library.suggest(name, standard)));
    const plain = single.get(found.section);
    if (found.alsoIn.length === 0 && plain !== undefined) return send(ctx, plain);
    // Shared designation and no ?standard=: the first standard's record, saying which others have it.
    const note = `Also in ${found.alsoIn.join(', ')}; add ?standard= to choose.`;
    const body = `${found.section.json.slice(0, -1)},"alsoIn":${JSON.stringify(found.alsoIn)},"note":${JSON.stringify(note)}}`;
    send(ctx, represent(body));
  };
  router.get('/v1/sections/:name', (ctx) => lookup(ctx, ctx.params.name ?? ''));
  // A designation with an unencoded slash (L4X4X1/2) spans two path segments.
  router.get('/v1/sections/*name', (ctx) => lookup(ctx, ctx.params.name ?? ''));
}

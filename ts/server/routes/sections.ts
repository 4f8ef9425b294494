/**
 * The handlers of GET /v1/standards, GET /v1/sections and GET /v1/sections/{name} (interface-spec.md "Steel
 * section library", decisions.md 8); the route table registers them. Thin: check the query through its schema,
 * ask the library, send ready-made JSON text with a strong ETag of its exact bytes, and let Koa's freshness
 * check (`ctx.fresh`) answer 304 when If-None-Match already holds it.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import type { TObject } from '@sinclair/typebox';
import {
  findSection,
  listFilter,
  standardOf,
  type ListFilter,
  type Section,
  type SectionLibrary,
  type StandardId,
} from '../../sections/index.js';
import { SectionListQuery, SectionLookupQuery, StandardsQuery } from '../../schema/sections.js';
import { compile, type Validator } from '../../schema/validate.js';
import { Problem, type ProblemIssue } from '../../problem/index.js';

/** A response body and its strong validator, computed once per distinct body. */
interface Representation {
  body: string;
  etag: string;
}

function represent(body: string): Representation {
  return { body, etag: `"${createHash('sha256').update(body, 'utf8').digest('base64url')}"` };
}

/** Sends the body, or 304 with no body when the request is fresh (its If-None-Match holds this ETag). */
function send(ctx: Context, rep: Representation): void {
  ctx.status = 200;
  ctx.set('ETag', rep.etag);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = rep.body;
}

/** Distinct list queries whose bodies are kept; the least recently used goes beyond this. */
const LIST_CACHE_SIZE = 1000;

type Query = Record<string, unknown>;

/**
 * Query values are strings: an integer property takes the number its digits spell (and only digits, so
 * `1.5` and `1e2` stay strings for the schema to refuse); a number property takes a plain decimal
 * (`1500`, `0.5`, `2.5e6`) whose value is finite. Everything else is left to the schema.
 */
function coerce(schema: TObject, query: Query): Query {
  const out: Query = { ...query };
  for (const [name, value] of Object.entries(query)) {
    const type = (schema.properties[name] as { type?: unknown } | undefined)?.type;
    if (typeof value !== 'string') continue;
    if (type === 'integer' && /^-?\d{1,15}$/.test(value)) out[name] = Number(value);
    if (type === 'number' && /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value) && Number.isFinite(Number(value))) out[name] = Number(value);
  }
  return out;
}

const standardsValidator = compile(StandardsQuery);
const listValidator = compile(SectionListQuery);
const lookupValidator = compile(SectionLookupQuery);

/**
 * A query coerced and checked by its schema (a limit from its digits; a repeated parameter, an array, is
 * refused as not a string), then by `more` (checks beyond the schema, e.g. a known standard); every issue at
 * `query.<name>`, in the schema's property order.
 */
function checkQuery<T extends Query>(
  validator: Validator<TObject>,
  query: Query,
  more: (value: T, issues: ProblemIssue[]) => void = () => {},
): T {
  const value = coerce(validator.schema, query) as T;
  const issues = validator.issues(value, 'query');
  more(value, issues);
  if (issues.length === 0) return value;
  const order = Object.keys(validator.schema.properties);
  const rank = (issue: ProblemIssue) => {
    const at = order.indexOf(issue.path.split('.')[1] ?? '');
    return at === -1 ? order.length : at;
  };
  throw Problem.invalid(issues.sort((a, b) => rank(a) - rank(b)));
}

export function standardsHandler(library: SectionLibrary): Middleware {
  const standards = represent(JSON.stringify(library.listing));
  return (ctx) => {
    checkQuery(standardsValidator, ctx.query);
    send(ctx, standards);
  };
}

export function listHandler(library: SectionLibrary): Middleware {
  const lists = new LRUCache<string, Representation>({ max: LIST_CACHE_SIZE });
  return (ctx) => {
    let filter: ListFilter | undefined;
    checkQuery(listValidator, ctx.query, (value, issues) => (filter = listFilter(library, value, (field) => `query.${field}`, issues)));
    const { standard, type, q, bounds, limit, sort } = filter!;
    // The canonical query names the result: `?type=ub&standard=bs4` and `?standard=BS4&type=UB` share it,
    // and so do the same bounds given in SI or imperial.
    const cacheKey = JSON.stringify([standard, type?.toLowerCase(), q, bounds, limit, sort ?? 'natural']);
    let rep = lists.get(cacheKey);
    if (rep === undefined) {
      const { total, sections } = library.list(filter!);
      rep = represent(`{"total":${total},"count":${sections.length},"sections":[${sections.map((s) => s.json).join(',')}]}`);
      lists.set(cacheKey, rep);
    }
    send(ctx, rep);
  };
}

export function lookupHandler(library: SectionLibrary): Middleware {
  const single = new Map<Section, Representation>(library.sections.map((s) => [s, represent(s.json)]));
  return (ctx) => {
    let standard: StandardId | undefined;
    // The name is a path parameter: its issue (over MAX_DESIGNATION characters) is reported at `name`.
    const { name } = checkQuery<SectionLookupQuery>(lookupValidator, { ...ctx.query, name: ctx.params.name ?? '' }, (value, issues) => {
      standard = standardOf(typeof value.standard === 'string' ? value.standard : undefined, 'query.standard', issues);
      for (const issue of issues) if (issue.path === 'query.name') issue.path = 'name';
    });
    const found = findSection(library, name, standard);
    const plain = single.get(found.section);
    if (found.alsoIn.length === 0 && plain !== undefined) return send(ctx, plain);
    // Shared designation and no ?standard=: the first standard's record, saying which others have it.
    const note = `Also in ${found.alsoIn.join(', ')}; add ?standard= to choose.`;
    const body = `${found.section.json.slice(0, -1)},"alsoIn":${JSON.stringify(found.alsoIn)},"note":${JSON.stringify(note)}}`;
    send(ctx, represent(body));
  };
}

/**
 * Compiled validators: each schema is compiled once, and a failed check becomes the `issues[]` of a
 * 400 with dotted paths a user can act on (`spans.0.length`, `loads.3.type`).
 */
import { type TSchema, type Static, Kind } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Problem, type ProblemIssue } from '../problem/index.js';
import { charsMessage, isChars } from './common.js';

const MAX_ISSUES = 50;

/** `/spans/0/length` -> `spans.0.length` */
export function dottedPath(pointer: string, prefix = ''): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [prefix, ...parts].filter((p) => p !== '').join('.');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `type` literal each variant of a discriminated union accepts, if it has one. */
function discriminator(schema: TSchema): string | undefined {
  const literal = (schema as { properties?: Record<string, { const?: unknown }> }).properties?.type?.const;
  return typeof literal === 'string' ? literal : undefined;
}

/**
 * A union error says only "expected one of": a union of string literals becomes "must be one of ...";
 * when the value names its variant by `type`, or comes closest to one variant, that variant's errors
 * are the useful ones.
 */
function* explain(error: ValueError, prefix: string): Generator<ProblemIssue> {
  // A missing value also fails its type ("expected number"), inside a union's variant too: "is required" alone says it.
  if (error.value === undefined && error.type !== ValueErrorType.ObjectRequiredProperty) return;
  if (error.type === ValueErrorType.Union && error.schema[Kind] === 'Union') {
    const variants = (error.schema as unknown as { anyOf: TSchema[] }).anyOf;
    const literals = variants.map((v) => (v as { const?: unknown }).const);
    if (literals.every((l) => typeof l === 'string')) {
      yield { path: dottedPath(error.path, prefix), message: `must be one of ${literals.join(', ')}` };
      return;
    }
    const names = variants.map(discriminator).filter((n): n is string => n !== undefined);
    const value = error.value;
    // each variant's errors, read once (the iterators are single-pass)
    const perVariant = error.errors.map((iterator) => [...iterator]);
    let chosen = -1;
    if (names.length === variants.length && isObject(value)) {
      chosen = variants.findIndex((v) => discriminator(v) === value.type);
      if (chosen < 0) {
        yield { path: dottedPath(`${error.path}/type`, prefix), message: `must be one of ${names.join(', ')}` };
        return;
      }
    } else if (isObject(value)) {
      // No discriminator (truss loads: components or polar): the variant that knows most of the value's
      // properties, then the one with fewest errors, explains it best.
      const keys = Object.keys(value);
      const known = (v: TSchema) => keys.filter((k) => k in ((v as { properties?: object }).properties ?? {})).length;
      const score = (i: number) => known(variants[i]!) * 1000 - perVariant[i]!.length;
      chosen = variants.reduce((best, _v, i) => (score(i) > score(best) ? i : best), 0);
    }
    const nested = chosen >= 0 ? perVariant[chosen] : undefined;
    if (nested) {
      // nested errors carry full paths already (TypeBox 0.34), but be safe if one is relative
      for (const inner of nested) {
        const path = inner.path.startsWith(error.path) ? inner.path : `${error.path}${inner.path}`;
        yield* explain({ ...inner, path }, prefix);
      }
      return;
    }
  }
  yield { path: dottedPath(error.path, prefix), message: messageOf(error) };
}

function messageOf(error: ValueError): string {
  if (isChars(error.schema)) return charsMessage(error.schema, error.value);
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return 'is not a known property';
  if (error.type === ValueErrorType.ObjectRequiredProperty) return 'is required';
  const enumValues = (error.schema as { enum?: unknown[] }).enum;
  if (enumValues) return `must be one of ${enumValues.join(', ')}`;
  return error.message.charAt(0).toLowerCase() + error.message.slice(1);
}

export interface CompileOptions {
  /**
   * Recognises a body meant for another endpoint (a truss sent to the beam route): returns the detail that
   * says where to send it, and the issues are cut to the top-level ones, which are the ones that explain it.
   */
  misdirected?: (value: unknown) => string | undefined;
}

export interface Validator<T extends TSchema> {
  schema: T;
  /** The value, typed, or a Problem `invalid_input` listing every issue. */
  check(value: unknown): Static<T>;
  /** Issues only (empty when valid), for composing with other checks. */
  issues(value: unknown, prefix?: string): ProblemIssue[];
}

export function compile<T extends TSchema>(schema: T, references: TSchema[] = [], options: CompileOptions = {}): Validator<T> {
  const compiled: TypeCheck<T> = TypeCompiler.Compile(schema, references);
  const issues = (value: unknown, prefix = ''): ProblemIssue[] => {
    if (compiled.Check(value)) return [];
    const found: ProblemIssue[] = [];
    const seen = new Set<string>();
    for (const error of compiled.Errors(value)) {
      for (const issue of explain(error, prefix)) {
        const key = `${issue.path}|${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(issue);
        if (found.length >= MAX_ISSUES) return found;
      }
    }
    return found;
  };
  return {
    schema,
    issues,
    check(value: unknown): Static<T> {
      const found = issues(value);
      if (found.length === 0) return value as Static<T>;
      const elsewhere = options.misdirected?.(value);
      if (elsewhere !== undefined)
        throw Problem.invalid(
          found.filter((issue) => !issue.path.includes('.')),
          elsewhere,
        );
      throw Problem.invalid(found);
    },
  };
}

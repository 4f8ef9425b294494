/**
 * The JSON Schema a tool lists in tools/list (decisions.md 11, issue 35): the TypeBox definition that validates
 * the call, written compactly, since every byte of the list sits in a model's context. Structure, types, enums,
 * bounds, defaults and required fields stay, so the SDK client and a strict validator read it as before. What
 * goes: descriptions, titles and examples (the tool's description gives the model's fields, units, signs and a
 * worked example once; the OpenAPI document keeps them all), `additionalProperties: false` (the call is checked
 * against the full definition, and an unknown field is refused with its path), the `type` beside a `const` (the
 * constant has one), defaults (the description names those a model needs) and the bound of an id (the largest
 * safe integer).
 */
import type { TSchema } from '@sinclair/typebox';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema.js';

export function listedSchema(schema: TSchema): JsonSchema {
  return compact(toJsonSchema(schema)) as JsonSchema;
}

const DROPPED = new Set(['description', 'title', 'examples', 'default']);

function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (typeof node !== 'object' || node === null) return node;
  const schema = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || (key === 'additionalProperties' && value === false)) continue;
    if (key === 'type' && 'const' in schema) continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    // under `properties` the keys are field names (a field may be called `title`), each holding a schema
    out[key] =
      key === 'properties' ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, compact(v)])) : compact(value);
  }
  return out;
}

/**
 * The JSON Schema a tool lists in tools/list (decisions.md 11, issue 35): the TypeBox definition that validates
 * the call, written compactly, since every byte of the list sits in a model's context. Structure, types, enums,
 * numeric bounds and required fields stay, so the SDK client and a strict validator read it as before. What goes,
 * since the call is checked against the full definition and anything out of bounds is refused at its path:
 * descriptions, titles and examples (the tool's description gives the model's fields, units, signs and a worked
 * example once; the OpenAPI document keeps them all), defaults (the description names those a model needs),
 * `additionalProperties: false`, the `type` beside a `const` or an enum of strings (the values give it), the bound
 * of an id (the largest safe integer), the length bounds of strings and of arrays (the service's caps, docs/api.md;
 * a tuple keeps its length, which is its shape). An object of like fields is written with their schema once.
 */
import type { TSchema } from '@sinclair/typebox';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema.js';

export function listedSchema(schema: TSchema): JsonSchema {
  return compact(toJsonSchema(schema)) as JsonSchema;
}

const DROPPED = new Set(['description', 'title', 'examples', 'default', 'minLength', 'maxLength']);

/** An enum of strings says its type by its values. */
const isStringEnum = (schema: JsonSchema) => Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string');

function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (typeof node !== 'object' || node === null) return node;
  const schema = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || (key === 'additionalProperties' && value === false)) continue;
    if (key === 'type' && ('const' in schema || isStringEnum(schema))) continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    // a tuple's length is its shape; any other array's is a service cap
    if ((key === 'minItems' || key === 'maxItems') && !('prefixItems' in schema)) continue;
    // under `properties` the keys are field names (a field may be called `title`), each holding a schema
    out[key] =
      key === 'properties' ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, compact(v)])) : compact(value);
  }
  return keyedAlike(out);
}

/**
 * An object of optional fields that all take one schema (a combination's factors by load case) written as its field
 * names and that schema once, when that is shorter: the same objects are valid.
 */
function keyedAlike(schema: JsonSchema): JsonSchema {
  const fields = schema.properties as Record<string, unknown> | undefined;
  if (schema.type !== 'object' || fields === undefined || 'required' in schema || 'additionalProperties' in schema) return schema;
  const values = Object.values(fields).map((v) => JSON.stringify(v));
  if (values.length === 0 || values.some((v) => v !== values[0])) return schema;
  const { properties: _properties, ...rest } = schema;
  const alike = { ...rest, propertyNames: { enum: Object.keys(fields) }, additionalProperties: Object.values(fields)[0] };
  return JSON.stringify(alike).length < JSON.stringify(schema).length ? alike : schema;
}

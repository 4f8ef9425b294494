/**
 * TypeBox schemas as plain JSON Schema 2020-12 (what OpenAPI 3.1 and MCP tool listings carry): the same
 * definitions that validate requests, serialised, with the two things TypeBox emits that 2020-12 reads
 * differently rewritten.
 */
import type { TSchema } from '@sinclair/typebox';

export type JsonSchema = { [key: string]: unknown };

export function toJsonSchema(schema: TSchema): JsonSchema {
  return rewrite(JSON.parse(JSON.stringify(schema)) as unknown) as JsonSchema;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // A bare `$id` would become a relative base URI inside the document that embeds the schema.
    if (key === '$id') continue;
    out[key] = rewrite(value);
  }
  // TypeBox tuples use the draft-07 array form of `items`; 2020-12 spells it `prefixItems`.
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    out.items = out.additionalItems ?? false;
    delete out.additionalItems;
  }
  return out;
}

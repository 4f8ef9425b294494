/**
 * TypeBox schemas as plain JSON Schema 2020-12 (what OpenAPI 3.1 and MCP tool listings carry): the same
 * definitions that validate requests, serialised, with the two things TypeBox emits that 2020-12 reads
 * differently rewritten, and its unions of string literals written as the `enum` they mean (a model reads
 * `"enum": ["pin", "roller"]` in a fraction of the tokens of an `anyOf` of `const` schemas).
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
  const literals = stringLiterals(out.anyOf);
  if (literals !== undefined) {
    delete out.anyOf;
    return { type: 'string', enum: literals, ...out };
  }
  // TypeBox tuples use the draft-07 array form of `items`; 2020-12 spells it `prefixItems`.
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    out.items = out.additionalItems ?? false;
    delete out.additionalItems;
  }
  return out;
}

/** The values of an `anyOf` whose every branch is only `{type: "string", const}`, else undefined. */
function stringLiterals(anyOf: unknown): string[] | undefined {
  if (!Array.isArray(anyOf) || anyOf.length === 0) return undefined;
  const values: string[] = [];
  for (const branch of anyOf as JsonSchema[]) {
    const keys = Object.keys(branch);
    if (typeof branch.const !== 'string' || branch.type !== 'string' || keys.length !== 2) return undefined;
    values.push(branch.const);
  }
  return values;
}

/** Checks a body against a component schema of the OpenAPI document, by its `$ref`. */
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { COMPONENT_SCHEMAS, type SchemaName } from '../../ts/openapi/index.js';

// The formats the response schemas use; TypeBox checks a format only once told what it means.
FormatRegistry.Set('uri', (value) => URL.canParse(value));
FormatRegistry.Set(
  'date-time',
  (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)),
);

const compiled = new Map<string, ReturnType<typeof TypeCompiler.Compile>>();

/** The first few schema violations of `body` (empty when it conforms). */
export function violations(ref: string, body: unknown): string[] {
  const name = ref.replace('#/components/schemas/', '') as SchemaName;
  let check = compiled.get(name);
  if (check === undefined) {
    const schema = COMPONENT_SCHEMAS[name];
    if (schema === undefined) throw new Error(`no component schema ${ref}`);
    check = TypeCompiler.Compile(schema);
    compiled.set(name, check);
  }
  return [...check.Errors(body)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
}

/**
 * Schema pieces shared by every request: units, load cases and the combinations object.
 * One TypeBox definition serves validation, the OpenAPI document and the MCP tool schemas.
 */
import { Kind, Type, TypeRegistry, type Static, type TUnsafe, type TSchema, type ObjectOptions, type TProperties } from '@sinclair/typebox';
import { LOAD_CASES, MAX_CUSTOM, MAX_CUSTOM_NAME, MAX_INCLUDE, OCCUPANCIES, SNOW_ZONES, STANDARDS } from '../combinations/types.js';

/** Every object of every request rejects unknown properties (decisions.md 13). */
export function Strict<T extends TProperties>(properties: T, options: ObjectOptions = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** A string from a fixed list (a union of literals, so the compiled validator checks it). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number]; examples?: T[number][] } = {},
) {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as unknown as TUnsafe<T[number]>;
}

/** How many characters (Unicode code points) a string holds: what a user counts, where `length` counts UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

export interface CharsOptions {
  minLength?: number;
  maxLength?: number;
  description?: string;
  examples?: string[];
}

/**
 * A string whose bounds count characters (code points), as JSON Schema's minLength and maxLength mean them.
 * TypeBox's own string check compares `length`, so 33 emoji (66 UTF-16 units) would fail a 64 bound; this kind
 * keeps the same JSON Schema text (type, minLength, maxLength) and checks it by code points.
 */
export function Chars(options: CharsOptions = {}): TUnsafe<string> {
  return Type.Unsafe<string>({ [Kind]: CHARS, type: 'string', ...options });
}

const CHARS = 'Chars';
if (!TypeRegistry.Has(CHARS)) {
  TypeRegistry.Set<CharsOptions>(CHARS, (schema, value) => {
    if (typeof value !== 'string') return false;
    // A cheap first look: UTF-16 length bounds the count from above, and from below by half.
    if (schema.maxLength !== undefined && value.length > schema.maxLength && characterCount(value) > schema.maxLength) return false;
    if (schema.minLength !== undefined && value.length < 2 * schema.minLength && characterCount(value) < schema.minLength) return false;
    return true;
  });
}

/** The message for a value a Chars schema refused. */
export function charsMessage(schema: CharsOptions, value: unknown): string {
  if (typeof value !== 'string') return 'must be a string';
  const plural = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  if (schema.maxLength !== undefined && characterCount(value) > schema.maxLength) return `must be at most ${plural(schema.maxLength)}`;
  return `must be at least ${plural(schema.minLength ?? 0)}`;
}

/** Whether a schema is a Chars string. */
export function isChars(schema: TSchema): boolean {
  return schema[Kind] === CHARS;
}

export const Units = StringEnum(['SI', 'imperial'] as const, {
  description: 'Unit system of every number in the request and response: SI (m, kN, GPa, mm4, mm) or imperial (ft, kip, ksi, in4, in).',
  default: 'SI',
});

export const LoadCaseField = StringEnum(LOAD_CASES, {
  description: 'Load case: G dead, Q live, Qr roof live, W wind, E earthquake, S snow, R rain, T thermal. Absent means G.',
});

/** The section fields a beam span and a truss or frame material share (decisions.md 20). */
export const sectionAxis = () =>
  Type.Optional(
    StringEnum(['major', 'minor'] as const, {
      description: "Which of the section's axes bends in the plane: major (Ix, the default) or minor (Iy).",
      default: 'major',
      examples: ['minor'],
    }),
  );

export const massPerLength = () =>
  Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      description: "Mass per length (kg/m | lb/ft), for selfWeight; overrides the section's.",
      examples: [90],
    }),
  );

/** A truss or frame material's section fields beyond `section` itself (decisions.md 20). */
export const materialSectionFields = () => ({
  axis: sectionAxis(),
  mass: massPerLength(),
  density: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      description: 'Density (kg/m3 | lb/ft3), for selfWeight: the weight per length is density x A.',
      examples: [7850],
    }),
  ),
});

/** Whether each member's own weight is added as case G (decisions.md 20). */
export const SelfWeight = Type.Boolean({
  description:
    "Add each member's weight as a load of case G: from its mass (kg/m | lb/ft), else its density times A, else its section's mass. A member with none of them is refused.",
  default: false,
  examples: [true],
});

export const Num = (description: string, options: Record<string, unknown> = {}) => Type.Number({ description, ...options });

export const PositiveNum = (description: string) => Type.Number({ exclusiveMinimum: 0, description });
export const NonNegativeNum = (description: string) => Type.Number({ minimum: 0, description });

function factorProperties() {
  const factor = (c: string) => Type.Optional(Type.Number({ description: `Factor on case ${c}` }));
  return Object.fromEntries(LOAD_CASES.map((c) => [c, factor(c)])) as Record<(typeof LOAD_CASES)[number], ReturnType<typeof factor>>;
}

export const CustomCombination = Strict({
  name: Chars({ minLength: 1, maxLength: MAX_CUSTOM_NAME, description: 'Your name for the combination.' }),
  kind: StringEnum(['ULS', 'SLS'] as const, {
    description: 'ULS (strength) or SLS (serviceability; deflection is enveloped from SLS only).',
  }),
  factors: Strict(factorProperties(), { description: 'Factor per load case; omitted cases take 0.' }),
});

export const Combinations = Strict(
  {
    standard: StringEnum(STANDARDS, { description: 'Design standard whose combinations are generated, or custom.' }),
    occupancy: Type.Optional(StringEnum(OCCUPANCIES, { description: 'Drives the psi factors; default office.', default: 'office' })),
    snowZone: Type.Optional(
      StringEnum(SNOW_ZONES, { description: 'BSL-Japan only: heavy-snow variants; default general.', default: 'general' }),
    ),
    include: Type.Optional(
      Type.Array(Type.String(), { maxItems: MAX_INCLUDE, description: 'Combination ids to run (default all generated).' }),
    ),
    custom: Type.Optional(
      Type.Array(CustomCombination, { maxItems: MAX_CUSTOM, description: 'Your own combinations; required when standard = custom.' }),
    ),
    pattern: Type.Optional(
      Type.Array(LoadCaseField, {
        maxItems: LOAD_CASES.length,
        description:
          'Pattern loading (beams and frames): cases whose loads may be present on any part of the structure and absent ' +
          'from the rest. Beam loads are cut at every support and span joint, frame loads per member and per node; every ' +
          'envelope value is the most adverse over all arrangements of those pieces, and names its arrangement in `pattern`.',
      }),
    ),
  },
  { description: 'Load combinations: the response gains an envelope; top-level results stay unfactored.' },
);

/** Significant digits of result numbers (decisions.md 22): 15 removes binary noise and keeps every meaningful digit. */
export const PRECISION = { minimum: 3, maximum: 15, http: 15 } as const;

/**
 * What a solve with combinations answers (decisions.md 22): `detail` everything decisions.md 4 and 14 list, `envelope`
 * the envelope alone; an answer in proportion to what was asked, since each combination's results repeat the whole
 * structure once per combination.
 */
export const COMBINATION_OUTPUT = ['detail', 'envelope'] as const;

/**
 * How much of a solve's answer comes back (decisions.md 22). Agents ask for less: no diagram series and fewer
 * digits make an answer of a few hundred tokens.
 */
export const Output = Strict(
  {
    diagrams: Type.Optional(
      Type.Boolean({
        description:
          'false leaves out every diagram series (the beam `diagrams`, each frame member `diagrams`, the envelope series) and keeps ' +
          'reactions, extremes, displacements, end forces and envelope extremes. Default true.',
        default: true,
      }),
    ),
    precision: Type.Optional(
      Type.Integer({
        minimum: PRECISION.minimum,
        maximum: PRECISION.maximum,
        description: `Significant digits of every result number (${PRECISION.minimum} to ${PRECISION.maximum}; default ${PRECISION.http}).`,
        default: PRECISION.http,
      }),
    ),
    combinations: Type.Optional(
      StringEnum(COMBINATION_OUTPUT, {
        description:
          "With combinations. detail: the unfactored analysis, each combination's own results and the envelope. envelope: the " +
          'envelope alone, each combination listed by id, name, kind and factors, every governing value naming its combination; ' +
          'the unfactored analysis and the per-combination results are left out. Default detail.',
        default: 'detail',
      }),
    ),
  },
  {
    description:
      'What the answer carries: the diagram series or not, how many significant digits, and with combinations each ' +
      "combination's results or the envelope alone.",
    examples: [{ diagrams: false, precision: 6, combinations: 'envelope' }],
  },
);
export type Output = Static<typeof Output>;

export type Schema = TSchema;

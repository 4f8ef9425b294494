/**
 * The parameters of the section library's GET routes as schemas of their own: the MCP tools get_section and
 * search_sections take them as arguments, and the OpenAPI document lists them as the routes' parameters.
 * The routes check their query strings with them too, after coercing digits to numbers.
 */
import { Type, type Static, type TNumber, type TOptional } from '@sinclair/typebox';
import {
  DEFAULT_LIST_LIMIT,
  MAX_DESIGNATION,
  MAX_LIST_LIMIT,
  PROPERTY_FILTERS,
  SORTS,
  STANDARD_IDS,
  type PropertyFilterName,
} from '../sections/index.js';
import { quantities } from '../units/index.js';
import { Chars, Strict, StringEnum } from './common.js';

/** Longest `q` the list route accepts. */
export const MAX_SECTION_QUERY = 64;

const STANDARD_TEXT = `Standard, any case: ${STANDARD_IDS.join(', ')}.`;
const Standard = (description = STANDARD_TEXT) => Type.String({ minLength: 1, description, examples: ['AISC', 'bs4'] });

export const SectionLookupQuery = Strict(
  {
    name: Chars({
      minLength: 1,
      maxLength: MAX_DESIGNATION,
      description:
        'Designation as published, e.g. W14X90, IPE300, UB 457x191x67, 310UB40.4, ISMB 300. Matched exactly first, then ignoring case and spaces.',
    }),
    standard: Type.Optional(
      Standard(`${STANDARD_TEXT} Picks one when several standards share the designation (otherwise the first in this order).`),
    ),
  },
  { description: 'One section by designation.' },
);

/** Examples: the bounds that find W14X90 (AISC v15.0: 26.5 in2, 999 and 362 in4, Sx 143 / Zx 157 in3 as AISC prints them, 90 lb/ft). */
const FILTER_EXAMPLES: Record<PropertyFilterName, [si: number, imperial: number]> = {
  minA: [17000, 26.5],
  minIx: [400e6, 999],
  minIy: [150e6, 362],
  minZx: [2.3e6, 143],
  minZy: [0.8e6, 49.9],
  minSx: [2.5e6, 157],
  minSy: [1.2e6, 75.6],
  minrx: [150, 6.14],
  minry: [90, 3.7],
  minJ: [1.6e6, 4.06],
  maxMass: [134, 90],
};

/** One optional number per property filter, its units named from the one units table. */
function filterParameters() {
  const entries = (Object.keys(PROPERTY_FILTERS) as PropertyFilterName[]).map((name) => {
    const [key, side, quantity] = PROPERTY_FILTERS[name];
    const { si, imperial } = quantities[quantity];
    const description =
      `Only sections whose ${key} is ${side === 'min' ? 'at least' : 'at most'} this, in ${si} (${imperial} with units=imperial). ` +
      'A section whose source does not publish it is left out.';
    return [name, Type.Optional(Type.Number({ minimum: 0, description, examples: FILTER_EXAMPLES[name] }))] as const;
  });
  return Object.fromEntries(entries) as Record<PropertyFilterName, TOptional<TNumber>>;
}

export const SectionListQuery = Strict(
  {
    standard: Type.Optional(Standard()),
    type: Type.Optional(Type.String({ minLength: 1, description: 'Section type, any case, e.g. UB, UC, W, IPE, HEA, ISMC, PFC.' })),
    q: Type.Optional(
      Chars({ maxLength: MAX_SECTION_QUERY, description: 'Substring of the designation, ignoring case and spaces, e.g. "w14x9".' }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT, description: 'Most sections returned.' }),
    ),
    sort: Type.Optional(
      StringEnum(SORTS, {
        description:
          'Order of the results, within the standards order: natural (default: type, then designation with its numbers read as ' +
          'numbers, i.e. nominal depth then mass: W14X22 before W14X730, IPE80 before IPE100), mass (lightest first), or library ' +
          "(the published tables' order).",
      }),
    ),
    ...filterParameters(),
    units: Type.Optional(
      StringEnum(['SI', 'imperial'] as const, {
        description: 'Units of the property filters: SI (mm, mm2, mm3, mm4, kg/m; the default) or imperial (in, in2, in3, in4, lb/ft).',
        default: 'SI',
        examples: ['imperial'],
      }),
    ),
  },
  { description: 'Search the library: every filter given must match.' },
);

/** GET /v1/standards takes no parameters. */
export const StandardsQuery = Strict({}, { description: 'No parameters.' });

export type SectionLookupQuery = Static<typeof SectionLookupQuery>;
export type SectionListQuery = Static<typeof SectionListQuery>;

/**
 * The parameters of the section library's GET routes as schemas of their own: the MCP tools get_section and
 * search_sections take them as arguments, and the OpenAPI document lists them as the routes' parameters.
 * The routes check their query strings with them too, after coercing digits to numbers.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_LIST_LIMIT, MAX_DESIGNATION, MAX_LIST_LIMIT, SORTS, STANDARD_IDS } from '../sections/index.js';
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
  },
  { description: 'Search the library: every filter given must match.' },
);

/** GET /v1/standards takes no parameters. */
export const StandardsQuery = Strict({}, { description: 'No parameters.' });

export type SectionLookupQuery = Static<typeof SectionLookupQuery>;
export type SectionListQuery = Static<typeof SectionListQuery>;

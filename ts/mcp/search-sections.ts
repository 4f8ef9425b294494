/** search_sections: GET /v1/sections as a tool. */
import { DEFAULT_LIST_LIMIT } from '../sections/index.js';
import { SectionListQuery } from '../schema/sections.js';
import { compile } from '../schema/validate.js';
import { Problem } from '../problem/index.js';
import { libraryOf, standardArgument } from './get-section.js';
import { json, type Tool } from './tool.js';

const validator = compile(SectionListQuery);

export const searchSectionsTool: Tool = {
  name: 'search_sections',
  title: 'Search steel sections',
  description: [
    'Lists steel sections of the library filtered by standard (AS4100, AISC, EN10365, BS4, JIS, IS808), type (UB, UC, W, IPE, HEA,',
    'ISMB, ...) and q, a substring of the designation ignoring case and spaces. Returns {total (matches before limit), count,',
    `sections}; limit defaults to ${DEFAULT_LIST_LIMIT}. Each section has an SI block (mm2, mm4, kg/m, mm) and an imperial block`,
    '(in2, in4, lb/ft, in). Sections come in library order, not sorted by size: filter by type and q to narrow down.',
  ].join(' '),
  inputSchema: SectionListQuery,
  call(args, context) {
    const library = libraryOf(context);
    const query = validator.check(args);
    const standard = standardArgument(query.standard);
    if (query.type !== undefined && !library.hasType(query.type)) {
      throw Problem.invalid([{ path: 'type', message: `unknown section type; one of ${library.typeNames().join(', ')}` }]);
    }
    const q = query.q === '' ? undefined : query.q;
    const { total, sections } = library.list({ standard, type: query.type, q, limit: query.limit ?? DEFAULT_LIST_LIMIT });
    return json({ total, count: sections.length, sections: sections.map((s) => s.record) });
  },
};

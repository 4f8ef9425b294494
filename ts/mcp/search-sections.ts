/** search_sections: GET /v1/sections as a tool. */
import { DEFAULT_LIST_LIMIT, listFilter } from '../sections/index.js';
import { SectionListQuery } from '../schema/sections.js';
import { compile } from '../schema/validate.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import { libraryOf } from './get-section.js';
import { json, type Tool } from './tool.js';

const validator = compile(SectionListQuery);

export const searchSectionsTool: Tool = {
  name: 'search_sections',
  title: 'Search steel sections',
  description: [
    'Steel sections filtered by standard (AS4100, AISC, EN10365, BS4, JIS, IS808), type (UB, UC, W, IPE, HEA, ...) and q (part of',
    `the designation), in library order: {total, count, sections}; limit default ${DEFAULT_LIST_LIMIT}. Example: {"standard":"AISC","type":"W","q":"W14"}.`,
  ].join(' '),
  inputSchema: SectionListQuery,
  call(args, context) {
    const library = libraryOf(context);
    const issues: ProblemIssue[] = [];
    const filter = listFilter(library, validator.check(args), (field) => field, issues);
    if (issues.length > 0) throw Problem.invalid(issues);
    const { total, sections } = library.list(filter);
    return json({ total, count: sections.length, sections: sections.map((s) => s.record) });
  },
};

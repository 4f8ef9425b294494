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
    'Steel sections by standard, type (UB, W, IPE, SHS, ...), q (part of the designation) and lower bounds (minZx elastic, minSx',
    `plastic, ...) or maxMass, in SI or units imperial; sort mass: lightest first; limit default ${DEFAULT_LIST_LIMIT}. Answers {total,`,
    'count, sections}. Example, the lightest W with Zx >= 1500 in3: {"standard":"AISC","type":"W","minZx":1500,"units":"imperial",',
    '"sort":"mass","limit":1}.',
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

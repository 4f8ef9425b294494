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
    'Lists steel sections of the library filtered by standard (AS4100, AISC, EN10365, BS4, JIS, IS808), type (UB, UC, W, IPE, HEA,',
    'ISMB, ...), q (a substring of the designation ignoring case and spaces) and property bounds: minA, minIx, minIy, minZx,',
    'minZy (elastic moduli), minSx, minSy (plastic moduli; AISC prints S and Z the other way round), minrx, minry, minJ, maxMass,',
    'in SI (mm2, mm4, mm3, mm, kg/m) or, with units "imperial", in2, in4, in3, in, lb/ft. sort "mass" lists the lightest first,',
    'so the lightest W section with an elastic modulus of at least 1500 in3 is {standard: "AISC", type: "W", minZx: 1500,',
    `units: "imperial", sort: "mass", limit: 1}. Returns {total (matches before limit), count, sections}; limit defaults to ${DEFAULT_LIST_LIMIT}.`,
    'Each section has an SI block (mm2, mm3, mm4, mm6, kg/m, mm) and an imperial block (in2, in3, in4, in6, lb/ft, in).',
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

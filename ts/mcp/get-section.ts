/** get_section: GET /v1/sections/{name} as a tool. */
import { findSection, standardOf, type SectionLibrary } from '../sections/index.js';
import { SectionLookupQuery } from '../schema/sections.js';
import { compile } from '../schema/validate.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import { json, type Tool, type ToolContext } from './tool.js';

const validator = compile(SectionLookupQuery);

export function libraryOf(context: ToolContext): SectionLibrary {
  if (context.sections === undefined) throw new Problem('internal_error', 'The section library is not loaded on this server.');
  return context.sections;
}

export const getSectionTool: Tool = {
  name: 'get_section',
  title: 'Look up a steel section',
  description: [
    'One steel section from the library (AS4100, AISC, EN10365, BS4, JIS, IS808) by designation, e.g. "W14X90", "IPE300",',
    '"UB 457x191x67", "310UB40.4". Returns gross area A, Ix (major axis), Iy, mass/weight and, where published, Zx, Zy',
    '(elastic moduli), Sx, Sy (plastic; AISC prints these letters the other way round), rx, ry, J, Cw and d, bf, tf, tw,',
    'in an SI block (mm2, mm3, mm4, mm6, kg/m, mm) and an imperial block (in2, in3, in4, in6, lb/ft, in). Not found: the error names up to three',
    "nearest designations. Use si.Ix as a beam span's I (mm4, with E = 200 GPa for steel), or the designation as a truss material's section.",
  ].join(' '),
  inputSchema: SectionLookupQuery,
  call(args, context) {
    const library = libraryOf(context);
    const { name, standard } = validator.check(args);
    const issues: ProblemIssue[] = [];
    const id = standardOf(standard, 'standard', issues);
    if (issues.length > 0) throw Problem.invalid(issues);
    const found = findSection(library, name, id);
    if (found.alsoIn.length === 0) return json(found.section.record);
    // The route's wording, with the tool's argument in place of the query parameter.
    return json({ ...found.section.record, alsoIn: found.alsoIn, note: `Also in ${found.alsoIn.join(', ')}; give standard to choose.` });
  },
};

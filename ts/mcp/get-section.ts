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
    'One steel section by designation (AS4100, AISC, EN10365, BS4, JIS, IS808): A, Ix, Iy, mass, dimensions and where published Zx,',
    "Zy (elastic), Sx, Sy (plastic: AISC's Z), rx, ry, J, Cw, in SI and imperial. An unknown name's error names the nearest. Give",
    'the designation as a section in a solve. Example: {"name":"310UB40.4"}.',
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

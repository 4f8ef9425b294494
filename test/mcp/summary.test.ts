/**
 * The text of a solve tool's result (issue 35): a few lines an engineer reads, with the numbers of the structured
 * answer beside it. Checked on hand-calculated models: the governing combination, a fixed end's moment, the
 * largest member forces, and a long list cut short with a pointer to the rest.
 */
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../ts/engine/node.js';
import { solveBeamTool } from '../../ts/mcp/solve-beam.js';
import { solveTrussTool } from '../../ts/mcp/solve-truss.js';
import { toolResult, type ToolContext } from '../../ts/mcp/tool.js';
import { InlineCompute } from '../../ts/server/compute/inline.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';
import { SIMPLE_BEAM, TRIANGLE_TRUSS } from '../support/models.js';

// the engine in this thread: what is tested here is the text made of the answer, not where it was solved
const context: ToolContext = {
  compute: new InlineCompute({ engine: await loadEngine(), sections: loadSectionLibrary() }),
  baseUrl: 'http://localhost:3000',
};

async function summary(tool: typeof solveBeamTool, args: unknown): Promise<string> {
  const [content] = toolResult(await tool.call(args, context)).content;
  if (content?.type !== 'text') throw new Error('no text content');
  return content.text;
}

describe('solve summaries', () => {
  it('name the governing ULS combination of the worked example of combinations.md 1.7', async () => {
    // 6 m simply supported, G = 10 and Q = 5 kN/m: AS1170-ULS-2 = 1.2G + 1.5Q = 19.5 kN/m, M = 19.5 x 36 / 8 = 87.75 kN.m
    // at 3 m, reactions 19.5 x 6 / 2 = 58.5 kN; AS1170-ULS-1 = 1.35G gives the least, 1.35 x 10 x 3 = 40.5 kN.
    const model = {
      ...SIMPLE_BEAM,
      loads: [
        { type: 'udl', start: -10, from: 0, to: 6, case: 'G' },
        { type: 'udl', start: -5, from: 0, to: 6, case: 'Q' },
      ],
      combinations: { standard: 'AS1170' },
    };
    const text = await summary(solveBeamTool, model);
    // G and Q present: AS1170-ULS-1 to 3 and AS1170-SLS-1 to 3 (combinations.md 1)
    expect(text).toMatch(/^Beam, SI units\.\nEnvelope AS1170 over 3 ULS and 3 SLS combinations:\n/);
    expect(text).toContain('ULS moment 87.75 at 3 m (AS1170-ULS-2)');
    expect(text).toContain('ULS reactions: 0 m: 58.5 (AS1170-ULS-2) / 40.5 (AS1170-ULS-1)');
    // by default the envelope alone; asked for, the unfactored analysis too: 15 kN/m, R = 45 kN, M = 67.5 kN.m
    expect(text).not.toContain('Reactions (up +');
    const detail = await summary(solveBeamTool, { ...model, output: { combinations: 'detail' } });
    expect(detail).toContain('pin 0 m: 45 kN; roller 6 m: 45 kN');
    expect(detail).toContain('moment (sagging +) 67.5 at 3 m');
    expect(detail).toContain('ULS moment 87.75 at 3 m (AS1170-ULS-2)');
  });

  it("give a fixed end's moment, clockwise positive, in the request's units", async () => {
    // 10 ft cantilever, 5 kip down at the tip: 5 kip up and -P L = -50 k.ft at the wall
    const text = await summary(solveBeamTool, {
      units: 'imperial',
      spans: [{ length: 10, E: 29000, I: 500 }],
      supports: [{ type: 'fixed', position: 0 }],
      loads: [{ type: 'point', magnitude: -5, position: 10 }],
    });
    expect(text).toMatch(/^Beam, imperial units\.\n/);
    expect(text).toContain('fixed 0 ft: 5 kip, -50 k.ft');
  });

  it("give a truss's envelope alone by default, its governing member forces named", async () => {
    // every load G: AS1170-ULS-1 = 1.35G governs both signs, 1.35 x 20/3 = 9 kN in the tie, 1.35 x -25/3 = -11.25 kN
    // in a rafter (the triangle's method of joints, test/support/models.ts)
    const text = await summary(solveTrussTool, { ...TRIANGLE_TRUSS, combinations: { standard: 'AS1170' } });
    expect(text).toContain('ULS forces: member 1 9 (AS1170-ULS-1), member 2 -11.25 (AS1170-ULS-1) kN.');
    expect(text).not.toContain('Reactions');
  });

  it('name the largest tension and compression of a truss, and cut a long list short', async () => {
    // triangle of test/support/models.ts: tie +20/3 kN, rafters -25/3 kN, at 6 significant digits
    expect(await summary(solveTrussTool, TRIANGLE_TRUSS)).toContain('Forces (tension +): member 1 6.66667, member 2 -8.33333 kN.');
    // eight equal spans of 1 m on nine supports: the first six reactions, then a pointer to the others
    const text = await summary(solveBeamTool, {
      spans: Array.from({ length: 8 }, () => ({ length: 1, E: 200, I: 1e8 })),
      supports: Array.from({ length: 9 }, (_, i) => ({ type: i === 0 ? 'pin' : 'roller', position: i })),
      loads: [{ type: 'udl', start: -1, from: 0, to: 8 }],
    });
    expect(text).toMatch(/roller 5 m: [\d.]+ kN; and 3 more in reactions\./);
  });
});

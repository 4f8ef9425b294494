/**
 * `make bench`: the 300-node, 1,000-member frame of bench/fixtures/frame-300.json (four combinations, the first
 * with its diagrams) in WASM through the engine facade, second order and with three critical factors, each
 * timed beside the first-order solve of the same model in the same run, in alternating turns (issue 33):
 * - second order: every combination solved on its own to equilibrium on the deformed geometry (target: under
 *   10x the first-order solve);
 * - buckling: the first-order solve plus the three lowest critical factors and modes of the first combination
 *   (Wittrick-Williams; target: under 20x the first-order solve).
 */
import { readFileSync } from 'node:fs';
import { loadEngine } from '../ts/engine/node.js';
import type { EngineFrameModel } from '../ts/engine/frame-model.js';
import { median, runTimes, warmUp } from './timing.js';

const engine = await loadEngine();
const { model, combinations } = JSON.parse(readFileSync(new URL('./fixtures/frame-300.json', import.meta.url), 'utf8')) as {
  model: EngineFrameModel;
  combinations: number[][];
};
const none = combinations.map(() => false);
const all = combinations.map(() => true);
/**
 * The fixture's loads reach its lowest critical factor (its slender pin-ended braces buckle first), so second
 * order would refuse them: every combination is scaled to half its own lowest factor.
 */
const critical = engine.solveFrame(model, combinations, 0, { secondOrder: false, buckling: 1, bucklingOf: all });
const lowest = critical.results.map((r) => r.buckling![0]!.factor);
const scaled = combinations.map((factors, i) => factors.map((f) => (f * lowest[i]!) / 2));
const label = `frame ${model.nodes.length} nodes / ${model.members.length} members, ${combinations.length} combinations at half their critical loads`;
const firstOrder = (): unknown => engine.solveFrame(model, scaled, 1);
const secondOrder = (): unknown => engine.solveFrame(model, scaled, 1, { secondOrder: true, buckling: 0, bucklingOf: none });
const buckling = (): unknown =>
  engine.solveFrame(model, scaled, 1, { secondOrder: false, buckling: 3, bucklingOf: none.map((_, i) => i === 0) });

/** Medians of `turns` alternating turns of `runs` runs each: the work, and the first-order solve beside it. */
function beside(run: () => unknown, turns: number, runs: number): { ms: number; firstMs: number } {
  warmUp(run);
  warmUp(firstOrder);
  const [times, firstTimes] = [[] as number[], [] as number[]];
  for (let t = 0; t < turns; t++) {
    times.push(...runTimes(run, runs));
    firstTimes.push(...runTimes(firstOrder, runs));
  }
  return { ms: median(times), firstMs: median(firstTimes) };
}

const solved = engine.solveFrame(model, scaled, 0, { secondOrder: true, buckling: 3, bucklingOf: none.map((_, i) => i === 0) });
const iterations = solved.results.map((r) => r.iterations).join(', ');
const factors = solved.results[0]!.buckling!.map((m) => m.factor.toPrecision(6)).join(', ');
for (const [name, run, limit] of [
  ['second order', secondOrder, 10],
  ['3 critical factors', buckling, 20],
] as const) {
  const { ms, firstMs } = beside(run, 5, 3);
  const ratio = ms / firstMs;
  console.log(
    `${label}, ${name}: ${ms.toFixed(1)} ms against first order ${firstMs.toFixed(2)} ms in the same run, ` +
      `${ratio.toFixed(1)}x (target under ${limit}x): ${ratio < limit ? 'met' : 'NOT met'}`,
  );
}
console.log(
  `  lowest critical factors of the fixture's combinations: ${lowest.map((f) => f.toPrecision(4)).join(', ')}; ` +
    `iterations per combination: ${iterations}; critical factors of the first, scaled: ${factors}`,
);

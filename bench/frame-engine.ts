/**
 * `make bench`: the 300-node, 1,000-member frame of `crates/engine/examples/bench_frame.rs` solved in WASM
 * through the engine facade (four combinations, the first with its diagrams, as the native example does),
 * beside the native median the example recorded just before: the same work on both sides, so the ratio is
 * WebAssembly's cost (target within 1.3x). The issue-17 target, a plain solve under 3 ms, is bench/run.ts's.
 */
import { readFileSync } from 'node:fs';
import { loadEngine } from '../ts/engine/node.js';
import type { EngineFrameModel } from '../ts/engine/frame-model.js';
import { timeMs } from './timing.js';

const engine = await loadEngine();
const { model, combinations } = JSON.parse(readFileSync(new URL('./fixtures/frame-300.json', import.meta.url), 'utf8')) as {
  model: EngineFrameModel;
  combinations: number[][];
};
const wasmMs = timeMs(() => engine.solveFrame(model, combinations, 1), 200);
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(
  `wasm frame, ${model.nodes.length} nodes / ${model.members.length} members, ${combinations.length} combinations: median ${wasmMs.toFixed(3)} ms`,
);
let nativeMs: number | undefined;
try {
  nativeMs = Number(readFileSync(new URL('../target/bench/native-frame-ms', import.meta.url), 'utf8'));
} catch {
  console.log('frame: no native figure recorded (run through make bench)');
}
if (nativeMs !== undefined) {
  const ratio = wasmMs / nativeMs;
  console.log(
    `frame 300 nodes: wasm ${wasmMs.toFixed(3)} ms / native ${nativeMs.toFixed(3)} ms = ${ratio.toFixed(2)}x (target <= 1.3x): ${met(ratio <= 1.3)}`,
  );
}

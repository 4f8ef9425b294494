/**
 * What each `output` setting makes an answer weigh (docs/api.md, "Output options"): the body of each solve route
 * for README's beam, the portal of the OpenAPI examples with the AS1170 combinations and the 300-node braced grid of
 * test/support/heavy.ts with the EN1990-UK combinations, under the HTTP defaults and the compact settings, printed as
 * a Markdown table. Run with `npx tsx scripts/answer-sizes.ts` after `make wasm`.
 */
import { loadEngine } from '../ts/engine/node.js';
import { frameSolveExamples } from '../ts/openapi/examples.js';
import { createApp } from '../ts/server/app.js';
import { loadSectionLibrary } from '../ts/server/section-files.js';
import { gridFrame } from '../test/support/heavy.js';
import { README_BEAM } from '../test/support/models.js';

const MODELS: [string, string, object][] = [
  ["README's beam", 'beam', README_BEAM],
  ['portal, AS1170 (8 combinations)', 'frame', frameSolveExamples.gravityAndWind!.value as object],
  ['300-node, 812-member grid, EN1990-UK', 'frame', gridFrame(19, 14)],
];

const SETTINGS: [string, object | undefined][] = [
  ['HTTP default', undefined],
  ['combinations "envelope"', { combinations: 'envelope' }],
  ['diagrams false, precision 6', { diagrams: false, precision: 6 }],
  ['all three (MCP default)', { diagrams: false, precision: 6, combinations: 'envelope' }],
];

const app = createApp({ engine: await loadEngine(), sections: loadSectionLibrary(), log: () => {} });
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as { port: number };

const kb = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1000).toFixed(1)} KB` : `${(bytes / 1e6).toFixed(2)} MB`);
console.log(`| model | ${SETTINGS.map(([name]) => name).join(' | ')} |`);
console.log(`|---|${SETTINGS.map(() => '---:').join('|')}|`);
for (const [name, kind, model] of MODELS) {
  const sizes: string[] = [];
  for (const [, output] of SETTINGS) {
    const res = await fetch(`http://127.0.0.1:${port}/v1/${kind}/solve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(output === undefined ? model : { ...model, output }),
    });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    sizes.push(kb(Buffer.byteLength(await res.text())));
  }
  console.log(`| ${name} | ${sizes.join(' | ')} |`);
}
server.close();

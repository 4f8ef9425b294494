/**
 * Where the calculator's edit-to-redraw time goes (issue 19): the same edits as bench/calculator.ts under
 * Chromium's sampling profiler (the DevTools Protocol's Profiler domain through playwright-core's CDP session),
 * printed as self time per function, grouped by source file, and the page's own phase measures.
 * The figures are on screen, as in the judged bench (`field` as a second argument scrolls to the edited field instead).
 * `npx tsx bench/calculator-profile.ts [beam|truss] [field]` (build the page unminified, `npx vite build --minify false`,
 * to read function names).
 */
import { writeFileSync } from 'node:fs';
import { openEditedPage } from './calculator-page.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const EDITS = 40;
const inView = process.argv[3] === 'field' ? 'field' : 'figures';

const edit = await openEditedPage(process.argv[2] ?? 'truss');
const { page } = edit;
try {
  const cdp = await page.context().newCDPSession(page);
  const metrics = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return new Map(metrics.map((m) => [m.name, m.value]));
  };
  await cdp.send('Performance.enable');
  const metricsBefore = await metrics();
  await cdp.send('Profiler.enable');
  // every 100 µs: a tenth of the edit's time goes to sampling, so the counters above read high
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.SAMPLE_US ?? 100) });
  await cdp.send('Profiler.start');
  const phases = await page.evaluate(
    async ({ field, count, inView }) => {
      const input = document.querySelector<HTMLInputElement>(`[name="${field}"]`)!;
      if (inView === 'field') input.scrollIntoView({ block: 'center' });
      else document.querySelector('#figures')!.scrollIntoView();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const sums: Record<string, number> = {};
      for (let i = 0; i < count; i++) {
        input.value = i % 2 ? '-10' : '-12';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        for (const m of performance.getEntriesByType('measure')) sums[m.name] = (sums[m.name] ?? 0) + m.duration;
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }
      return sums;
    },
    { field: edit.field, count: EDITS, inView },
  );
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
  };
  const metricsAfter = await metrics();
  // the whole profile, for a flame chart (DevTools opens .cpuprofile files) or a script's own summing
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const file = node.callFrame.url.split('/').pop() || '(native)';
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const per = (ms: number) => (ms / EDITS).toFixed(2).padStart(8);
  console.log(`${edit.kind}: page measures per edit (ms)`);
  for (const [name, ms] of Object.entries(phases)) console.log(`${per(ms)}  ${name}`);
  console.log("the browser's own counters per edit (ms; Performance.getMetrics, the profiler's cost included)");
  for (const name of ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration']) {
    console.log(`${per(((metricsAfter.get(name) ?? 0) - (metricsBefore.get(name) ?? 0)) * 1000)}  ${name}`);
  }
  console.log('self time per edit (ms), top functions');
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${per(ms)}  ${name}`);
  console.log('by file');
  for (const [name, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${per(ms)}  ${name}`);
} finally {
  await edit.close();
}

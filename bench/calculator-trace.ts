/**
 * The calculator's edits under Chromium's tracing (issue 19): the same edits as bench/calculator.ts, the main
 * thread's time per edit summed by trace event (script, HTML parsing, style, layout, pre-paint, paint, commit...),
 * to see what the frame after an edit spends that the sampling profiler shows only as "(program)".
 * `npx tsx bench/calculator-trace.ts [beam|truss] [field]`.
 */
import { openEditedPage } from './calculator-page.js';

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts: number;
  args?: { name?: string };
}

const EDITS = 20;
const inView = process.argv[3] === 'field' ? 'field' : 'figures';

const edit = await openEditedPage(process.argv[2] ?? 'truss');
const { page } = edit;
try {
  await page.evaluate(
    async ({ inView, field }) => {
      if (inView === 'field') document.querySelector(`[name="${field}"]`)!.scrollIntoView({ block: 'center' });
      else document.querySelector('#figures')!.scrollIntoView();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    },
    { inView, field: edit.field },
  );
  await page
    .context()
    .browser()!
    .startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.evaluate(
    async ({ field, count }) => {
      const input = document.querySelector<HTMLInputElement>(`[name="${field}"]`)!;
      for (let i = 0; i < count; i++) {
        input.value = i % 2 ? '-10' : '-12';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
      }
    },
    { field: edit.field, count: EDITS },
  );
  const trace = JSON.parse((await page.context().browser()!.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.tid === main?.tid && e.pid === main?.pid);
  const sums = new Map<string, number>();
  for (const e of onMain) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur! / 1000);
  console.log(`${edit.kind}, ${inView} in view: main thread per edit (ms), by trace event (nested events count in their parents too)`);
  for (const [name, ms] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${(ms / EDITS).toFixed(2).padStart(8)}  ${name}`);
  if (process.env.PAINTS)
    for (const e of onMain.filter((e) => e.name === (process.env.PAINTS === '1' ? 'Paint' : process.env.PAINTS)).slice(0, 12))
      console.log(e.dur, JSON.stringify(e.args));
} finally {
  await edit.close();
}

/**
 * Where the HTTP beam's time goes (issue 13: at least 0.50 of the bare Koa route's throughput): the 3-span
 * beam of `make bench` sent to the service, to the service with one part of its beam route taken out at a time
 * (`bench/http-target.ts`: no `links.view`; the solve without writing the response text; neither, only HTTP,
 * Koa and reading the body), to main before issue 13 when `make bench-baseline` has built it, and to the bare
 * route. Alternating rounds, each in the reverse order of the one before, so no server is always timed
 * right after the same one; main-thread CPU per request, which a shared machine disturbs less than req/s.
 * Each server's CPU is also set against the service's of the same round: on a host whose speed drifts
 * from second to second, that paired ratio moves less than either figure, and its spread (the middle
 * half of the rounds) shows how far one run can be trusted.
 *
 * `npx tsc -p tsconfig.build.json && npx tsx bench/http-beam-split.ts [rounds]`
 */
import { existsSync } from 'node:fs';
import { HTTP_BEAM_REQUEST, load, serve, type ServerKind } from './http.js';
import { median } from './timing.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const SECONDS = 3;
const BASELINE = new URL('../target/bench-baseline/4f482c7/', import.meta.url);

const parts: [string, ServerKind][] = [
  ['service', 'service'],
  ['without links.view', 'no-link'],
  ['without the response text', 'no-text'],
  ['a prepared answer (HTTP, Koa, body)', 'prepared'],
];
const servers: { name: string; server: Awaited<ReturnType<typeof serve>> }[] = [];
for (const [name, kind] of parts) servers.push({ name, server: await serve(kind) });
if (existsSync(new URL('.built', BASELINE)))
  servers.push({ name: 'main before issue 13 (4f482c7)', server: await serve('service', undefined, [], BASELINE) });
const solved = await fetch(`${servers[0]!.server.url}/v1/beam/solve`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: HTTP_BEAM_REQUEST,
});
if (solved.status !== 200) throw new Error(`beam solve failed: ${solved.status}`);
// the bare route answers an object of the same size, as in make bench
servers.push({ name: 'bare Koa route', server: await serve('bare', await solved.json()) });

const path = (name: string) => (name === 'bare Koa route' ? '' : '/v1/beam/solve');
for (const { name, server } of servers) await load(`${server.url}${path(name)}`, HTTP_BEAM_REQUEST, 1);
const cpu = new Map<string, number[]>(servers.map(({ name }) => [name, []]));
const rps = new Map<string, number[]>(servers.map(({ name }) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const { name, server } of round % 2 === 0 ? servers : [...servers].reverse()) {
    const start = server.cpuMs();
    const run = await load(`${server.url}${path(name)}`, HTTP_BEAM_REQUEST, SECONDS);
    const end = server.cpuMs();
    if (run.errors > 0) throw new Error(`${name}: ${run.errors} failed requests`);
    if (start !== undefined && end !== undefined) cpu.get(name)!.push(((end - start) * 1000) / run.requests);
    rps.get(name)!.push(run.rps);
  }
}
for (const { server } of servers) server.close();

const bare = median(cpu.get('bare Koa route')!);
console.log(`medians of ${ROUNDS} alternating rounds of ${SECONDS} s, 10 connections, the 3-span beam of make bench`);
console.log(
  `${'server'.padEnd(38)} ${'req/s'.padStart(7)} ${'CPU us/req'.padStart(11)} ${'bare / it'.padStart(10)}  it / service, paired (middle half)`,
);
const serviceRounds = cpu.get('service')!;
for (const { name } of servers) {
  const us = median(cpu.get(name)!);
  const paired = cpu
    .get(name)!
    .map((x, round) => x / serviceRounds[round]!)
    .sort((a, b) => a - b);
  const quarter = (q: number) => paired[Math.min(paired.length - 1, Math.floor((q * paired.length) / 4))]!.toFixed(2);
  console.log(
    `${name.padEnd(38)} ${median(rps.get(name)!).toFixed(0).padStart(7)} ${us.toFixed(1).padStart(11)} ${(bare / us).toFixed(3).padStart(10)}  ${median(paired).toFixed(2)} (${quarter(1)}-${quarter(3)})`,
  );
}
const of = (name: string) => median(cpu.get(name)!);
const service = of('service');
console.log(
  `\nlinks.view ${(service - of('without links.view')).toFixed(1)} us, the response text ${(service - of('without the response text')).toFixed(1)} us,`,
);
console.log(
  `the rest of the route (validation, solve, presenting) ${(of('without the response text') - of('a prepared answer (HTTP, Koa, body)')).toFixed(1)} us,`,
);
console.log(
  `HTTP, Koa and the body ${of('a prepared answer (HTTP, Koa, body)').toFixed(1)} us; 0.50 of the bare route allows ${(2 * bare).toFixed(1)} us in all`,
);

/**
 * The section requests of issue 31 that trapped or held the WebAssembly engine, as the python
 * one-liners make them: shared by the HTTP test (test/section-properties/heavy.test.ts) and the bench
 * (bench/section-properties.ts).
 */

/** python's round(v, 3): the nearest thousandth. */
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Nine overlapping circles: centres (5 cos i, 5 sin 1.3i) to 3 decimals, diameters 100 + i % 7. */
export const NINE_CIRCLES = Array.from({ length: 9 }, (_, i) => ({
  type: 'circle' as const,
  x: round3(5 * Math.cos(i)),
  y: round3(5 * Math.sin(1.3 * i)),
  diameter: 100 + (i % 7),
}));

/** The star: 40 corners alternating 1000 and 600 from (a, b), rounded to whole mm. */
const star = (a: number, b: number) =>
  Array.from({ length: 40 }, (_, k) => {
    const r = k % 2 === 0 ? 1000 : 600;
    const t = (2 * Math.PI * k) / 40;
    return [Math.round(a + r * Math.cos(t)), Math.round(b + r * Math.sin(t))] as [number, number];
  });

/** 200 overlapping stars, centred on a circle of radius 30: their corners. */
export const STARS = Array.from({ length: 200 }, (_, i) => star(30 * Math.cos(i), 30 * Math.sin(i)));

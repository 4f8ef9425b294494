/** mulberry32: a small, well-known 32-bit generator, so a random test's every case is reproducible from its seed. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => lo + Math.floor((hi - lo + 1) * next()),
    pick: <T>(items: readonly T[]) => items[Math.floor(items.length * next())]!,
    chance: (p: number) => next() < p,
  };
}

export type Generator = ReturnType<typeof generator>;

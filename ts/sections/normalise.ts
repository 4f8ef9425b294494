/**
 * Designation matching: "ignoring case and spaces" (decisions.md 8), so `ub457x191x67`, `UB 457 x 191 x 67`
 * and `UB 457x191x67` are the same key.
 */
export function normaliseDesignation(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

/**
 * Levenshtein distance, with an early exit once every cell of a row exceeds `limit` (the caller only cares
 * about distances up to its current third-best).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Designation matching: "ignoring case and spaces" (decisions.md 8), so `ub457x191x67`, `UB 457 x 191 x 67`
 * and `UB 457x191x67` are the same key. The common alternative spellings read as the published one: the
 * multiplication sign for x (`UB 457×191×67`), and European H-sections with the series letter after the
 * size (`HE 300 A`, `HE300AA`, as many catalogues and programs write them) as EN 10365's `HEA300`, `HEAA300`.
 */
export function normaliseDesignation(name: string): string {
  return name
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/×/g, 'x')
    .replace(/^he(\d+)(aa|a|b|m)$/, 'he$2$1');
}

/**
 * Levenshtein distance, with an early exit once every cell of a row exceeds `limit` (the caller only cares
 * about distances up to its current third-best). Two rows of a reused buffer: a 404 compares the name with
 * every designation, so this loop is the whole cost of a did-you-mean.
 */
let rows = new Uint32Array(2 * 65);

export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  if (rows.length < 2 * width) rows = new Uint32Array(2 * width);
  let previous = 0;
  let current = width;
  for (let j = 0; j < width; j++) rows[j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[current] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const substitution = (rows[previous + j - 1] as number) + (ai === b.charCodeAt(j - 1) ? 0 : 1);
      const deletion = (rows[previous + j] as number) + 1;
      const insertion = (rows[current + j - 1] as number) + 1;
      const value = Math.min(substitution, deletion, insertion);
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return rows[previous + b.length] as number;
}

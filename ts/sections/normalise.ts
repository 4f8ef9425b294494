/**
 * Designation matching: "ignoring case and spaces" (decisions.md 8), so `ub457x191x67`, `UB 457 x 191 x 67`
 * and `UB 457x191x67` are the same key. The common alternative spellings read as the published one: the
 * multiplication sign for x (`UB 457×191×67`), and European H-sections with the series letter after the
 * size (`HE 300 A`, `HE300AA`, as many catalogues and programs write them) as EN 10365's `HEA300`, `HEAA300`.
 */
export function normaliseDesignation(name: string): string {
  const key = name
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/×/g, 'x')
    .replace(/^he(\d+)(aa|a|b|m)$/, 'he$2$1');
  return hollowKey(key) ?? key;
}

/** 5.0 and 5 are one thickness; 168.30 and 168.3 one diameter. */
const plainNumber = (n: string) => String(Number(n));

/**
 * Hollow sections as engineers write them (decisions.md 20): the family before or after the sizes, a square's
 * side once or twice, thicknesses with or without their ".0": `89x89x5.0SHS`, `SHS 89x89x5`, `89 x 5 SHS` are
 * one key, `89x5shs`; `CHS 168.3x6.4` is `168.3x6.4chs`. Anything else is left alone (undefined).
 */
function hollowKey(key: string): string | undefined {
  const match = /^(shs|rhs|chs)?(\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?){1,2})(shs|rhs|chs)?$/.exec(key);
  if (match === null || (match[1] === undefined) === (match[3] === undefined)) return undefined;
  const family = (match[1] ?? match[3]) as string;
  let sizes = (match[2] as string).split('x').map(plainNumber);
  if (family === 'shs' && sizes.length === 3 && sizes[0] === sizes[1]) sizes = sizes.slice(1);
  return `${sizes.join('x')}${family}`;
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

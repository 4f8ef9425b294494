/**
 * Writing a request as a flat array of numbers, front to back, for crates/engine-wasm `frame.rs` to
 * read: what the beam and truss frames have in common.
 */

/** A frame of a known size, filled in order. */
export class FrameWriter {
  readonly frame: Float64Array;
  private at = 0;

  constructor(size: number) {
    this.frame = new Float64Array(size);
  }

  put(value: number): void {
    this.frame[this.at++] = value;
  }

  /** Each combination's factors, `cases` of them (a missing factor is 0, as the engine reads a short vector). */
  putFactors(combinations: readonly number[][], cases: number): void {
    for (const c of combinations) for (let k = 0; k < cases; k++) this.put(c[k] ?? 0);
  }
}

/** How many factors each combination is written with: the longest vector's length. */
export function caseCount(combinations: readonly number[][]): number {
  return combinations.reduce((n, c) => Math.max(n, c.length), 0);
}

/**
 * Where a mechanism is (decisions.md section 15, "Where the mechanism is"): the `mechanism` member of a
 * 422 `unstable_structure`, naming the place that actually moves.
 *
 * The engine says that a beam is a mechanism and at which degree of freedom its factorisation stopped,
 * which is often not the informative place ("pin, hinge at 6 m, roller" stops at the rotation over the
 * pin). A beam's only motions without strain are rigid motions of the pieces between hinges: a
 * deflection that is linear on each piece, continuous at hinges, zero at supports and flat at fixed
 * ones. Finding one such motion is a small null-space problem, solved here from the request alone.
 */
import type { BeamSolveRequest } from '../schema/beam.js';

export type MechanismDirection = 'horizontal' | 'vertical' | 'rotation';

/** The `mechanism` member of the problem: a node id (trusses, frames) or a position along the beam. */
export interface Mechanism {
  node?: number;
  position?: number;
  direction: MechanismDirection;
  hint: string;
}

/** A beam's free motion: w(x) = a + b (x - start) on each piece between hinges. */
interface Piece {
  start: number;
  end: number;
}

/** A vector spanning the null space of `rows` (each of `width` entries), or undefined when there is none. */
function nullVector(rows: number[][], width: number): number[] | undefined {
  const m = rows.map((r) => [...r]);
  const scale = Math.max(1, ...m.flat().map(Math.abs));
  const pivots: number[] = [];
  let row = 0;
  for (let col = 0; col < width && row < m.length; col++) {
    let best = row;
    for (let r = row + 1; r < m.length; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[best]![col]!)) best = r;
    if (Math.abs(m[best]![col]!) <= 1e-12 * scale) continue;
    [m[row], m[best]] = [m[best]!, m[row]!];
    const pivot = m[row]!;
    for (let r = 0; r < m.length; r++) {
      if (r === row) continue;
      const factor = m[r]![col]! / pivot[col]!;
      if (factor !== 0) for (let c = col; c < width; c++) m[r]![c]! -= factor * pivot[c]!;
    }
    pivots.push(col);
    row++;
  }
  const free = [...Array(width).keys()].find((c) => !pivots.includes(c));
  if (free === undefined) return undefined;
  const v = new Array<number>(width).fill(0);
  v[free] = 1;
  pivots.forEach((col, r) => (v[col] = -m[r]![free]! / m[r]![col]!));
  return v;
}

/**
 * The place a beam mechanism moves, in the request's units: the hinge that moves most when a hinge
 * moves, else the end that moves most (a piece turning about its only support, or lifting off with
 * none). Undefined when the supports leave no rigid motion (the engine's own report then stands).
 */
export function beamMechanism(request: BeamSolveRequest, unit: string): Mechanism | undefined {
  const pieces: Piece[] = [];
  let x = 0;
  request.spans.forEach((span, i) => {
    if (i === 0 || span.connection === 'hinge') pieces.push({ start: x, end: x + span.length });
    else pieces.at(-1)!.end += span.length;
    x += span.length;
  });
  const width = 2 * pieces.length;
  const at = (p: number, position: number) => {
    const row = new Array<number>(width).fill(0);
    row[2 * p] = 1;
    row[2 * p + 1] = position - pieces[p]!.start;
    return row;
  };
  const rows: number[][] = [];
  for (let p = 1; p < pieces.length; p++) {
    const continuity = at(p - 1, pieces[p]!.start);
    continuity[2 * p] = -1;
    rows.push(continuity);
  }
  const pieceOf = (position: number) =>
    Math.max(
      0,
      pieces.findIndex((piece) => position <= piece.end + 1e-9 * x),
    );
  for (const s of request.supports) {
    const p = pieceOf(s.position);
    rows.push(at(p, s.position));
    if (s.type === 'fixed') rows.push(Object.assign(new Array<number>(width).fill(0), { [2 * p + 1]: 1 }));
  }
  const v = nullVector(rows, width);
  if (!v) return undefined;
  const w = (p: number, position: number) => v[2 * p]! + v[2 * p + 1]! * (position - pieces[p]!.start);
  const hinges = pieces.slice(1).map((piece, i) => ({ position: piece.start, moves: Math.abs(w(i + 1, piece.start)) }));
  const ends = [
    { position: 0, moves: Math.abs(w(0, 0)) },
    { position: x, moves: Math.abs(w(pieces.length - 1, x)) },
  ];
  const largest = Math.max(...hinges.map((h) => h.moves), ...ends.map((e) => e.moves));
  // a hinge that moves at all is the cause, even where an overhang beyond it swings further
  const most = (places: { position: number; moves: number }[]) => places.reduce((a, b) => (b.moves > a.moves ? b : a), places[0]!);
  const hinge = hinges.length > 0 && most(hinges).moves > 1e-6 * largest ? most(hinges) : undefined;
  const place = hinge ?? most(ends);
  const where = `x = ${Number(place.position.toPrecision(6))} ${unit}`;
  return hinge
    ? {
        position: place.position,
        direction: 'vertical',
        hint: `The hinge at ${where} can move vertically with nothing to resist it. Add a support at or next to the hinge, or make it rigid (connection "rigid").`,
      }
    : {
        position: place.position,
        direction: 'vertical',
        hint: `The end at ${where} can move vertically: the beam turns about its support or lifts off with nothing to hold it. Add a support, or make a support fixed.`,
      };
}

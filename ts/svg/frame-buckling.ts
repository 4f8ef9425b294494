/**
 * The `buckling` view of a frame (decisions.md 19): one mode shape over the frame, magnified to a share of the
 * structure's size (a mode has no amplitude of its own), with its critical factor in the caption. The response
 * gives the mode at the nodes; between them each member is drawn as the cubic its end translations and
 * rotations fix (a released end takes no moment, v'' = 0 there), the shape of the mode to the eye.
 */
import { quantity } from './format.js';
import type { FigureBucklingMode, FrameFigureModel, FramePage } from './frame-geometry.js';
import type { Point } from './scene.js';

/** Share of the structure's larger extent that the mode's largest displacement is drawn at. */
const MODE_SHARE = 0.1;
/** Points along each member. */
const STEPS = 24;

/** The cubic v(t), t in [0, L], through v(0) = va and v(L) = vb with each end's slope given or, released, v'' = 0. */
function cubic(va: number, vb: number, ta: number | undefined, tb: number | undefined, L: number): (t: number) => number {
  const chord = (vb - va) / L;
  if (ta === undefined && tb === undefined) return (t) => va + chord * t;
  if (ta === undefined) {
    const c3 = (tb! - chord) / (2 * L * L);
    return (t) => va + (chord - c3 * L * L) * t + c3 * t ** 3;
  }
  if (tb === undefined) {
    const mirrored = cubic(vb, va, undefined, -ta, L);
    return (t) => mirrored(L - t);
  }
  // Hermite: v = va + ta t + c2 t² + c3 t³
  const c2 = (3 * chord - 2 * ta - tb) / L;
  const c3 = (ta + tb - 2 * chord) / (L * L);
  return (t) => va + ta * t + c2 * t * t + c3 * t ** 3;
}

/** Each member's displaced line in model units (unmagnified), as [x, y, displacement magnitude] points. */
function modeLines(model: FrameFigureModel, mode: FigureBucklingMode): { x: number; y: number; dx: number; dy: number }[][] {
  const nodes = new Map(model.nodes.map((n) => [n.id, n]));
  const moved = new Map(mode.displacements.map((d) => [d.node, d]));
  return model.members.map((m) => {
    const [a, b] = [nodes.get(m.from)!, nodes.get(m.to)!];
    const L = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const [c, s] = [(b.x - a.x) / L, (b.y - a.y) / L];
    const zero = { dx: 0, dy: 0, rotation: 0 };
    const [da, db] = [moved.get(m.from) ?? zero, moved.get(m.to) ?? zero];
    const [ua, ub] = [da.dx * c + da.dy * s, db.dx * c + db.dy * s];
    const [va, vb] = [-da.dx * s + da.dy * c, -db.dx * s + db.dy * c];
    const v = cubic(va, vb, m.releases?.start ? undefined : da.rotation, m.releases?.end ? undefined : db.rotation, L);
    return Array.from({ length: STEPS + 1 }, (_, k) => {
      const t = (L * k) / STEPS;
      const [u, w] = [ua + ((ub - ua) * t) / L, v(t)];
      return { x: a.x + c * t, y: a.y + s * t, dx: u * c - w * s, dy: u * s + w * c };
    });
  });
}

/** The mode's lines on the page and the legend's text; undefined when the mode does not move. */
export function bucklingShape(
  model: FrameFigureModel,
  mode: FigureBucklingMode,
  number: number,
  page: FramePage,
): { lines: Point[][]; caption: string } | undefined {
  const lines = modeLines(model, mode);
  const largest = Math.max(0, ...lines.flat().map((p) => Math.hypot(p.dx, p.dy)));
  if (!(largest > 0) || page.extent === 0) return undefined;
  const scale = (MODE_SHARE * page.extent) / largest;
  return {
    lines: lines.map((line) => line.map((p) => page.page(p.x + p.dx * scale, p.y + p.dy * scale))),
    caption: `buckling mode ${number}: critical load factor ${quantity(mode.factor)}`,
  };
}

/**
 * A support's force reaction drawn as the truss and frame figures draw it: the vertical component as an arrow
 * under the support, the horizontal one as an arrow beside it pushing from the side it points away from, each
 * with its magnitude waiting to be placed.
 */
import { withUnit } from './format.js';
import { arrow } from './glyphs.js';
import { fan, type LabelSpec } from './labels.js';
import { around, type Box, type Point, type Shape } from './scene.js';

const REACTION_LENGTH = 34;

export interface DrawnReaction {
  shapes: Shape[];
  obstacles: Box[];
  labels: LabelSpec[];
}

/**
 * The components of `reaction` at the support point `p`; `below` and `beside` are how far from `p` the
 * arrows start (clear of the support glyph), `largest` the figure's largest component (smaller than a
 * billionth of it is not drawn).
 */
export function forceReaction(
  p: Point,
  reaction: { horizontal: number; vertical: number },
  largest: number,
  unit: string,
  clearance: { below: number; beside: number; belowSide: number },
): DrawnReaction {
  const out: DrawnReaction = { shapes: [], obstacles: [], labels: [] };
  if (Math.abs(reaction.vertical) > 1e-9 * largest) {
    const near = { x: p.x, y: p.y + clearance.below };
    const far = { x: p.x, y: near.y + REACTION_LENGTH };
    out.shapes.push(...(reaction.vertical > 0 ? arrow(far, near, 'reaction', 2) : arrow(near, far, 'reaction', 2)));
    out.obstacles.push(around([near, far], 4));
    const mid = (near.y + far.y) / 2;
    out.labels.push({
      text: withUnit(Math.abs(reaction.vertical), unit, largest),
      candidates: [...fan({ x: p.x + 7, y: mid }, 'right', 13, 3), ...fan({ x: p.x - 7, y: mid }, 'left', 13, 3)],
      fill: 'reaction',
      bold: true,
    });
  }
  if (Math.abs(reaction.horizontal) > 1e-9 * largest) {
    // the arrow pushes on the support from the side it points away from
    const side = reaction.horizontal > 0 ? -1 : 1;
    const near = { x: p.x + side * clearance.beside, y: p.y + clearance.belowSide };
    const far = { x: near.x + side * REACTION_LENGTH, y: near.y };
    out.shapes.push(...arrow(far, near, 'reaction', 2));
    out.obstacles.push(around([near, far], 4));
    out.labels.push({
      text: withUnit(Math.abs(reaction.horizontal), unit, largest),
      candidates: [
        ...fan({ x: (near.x + far.x) / 2, y: near.y + 12 }, 'down', 13, 2),
        ...fan({ x: (near.x + far.x) / 2, y: near.y - 12 }, 'up', 13, 2),
      ],
      fill: 'reaction',
      bold: true,
    });
  }
  return out;
}

/**
 * A support's force reaction drawn as the truss and frame figures draw it: the vertical component as an arrow
 * under the support, the horizontal one as an arrow beside it pushing from the side it points away from, each
 * with its magnitude waiting to be placed. An inclined roller's reaction is one force across its rolling
 * direction, so it is drawn as one arrow along that line of action with its resultant.
 */
import { withUnit } from './format.js';
import { arrow } from './glyphs.js';
import { fan, type LabelSpec } from './labels.js';
import type { Point, Shape } from './scene.js';

const REACTION_LENGTH = 34;

export interface DrawnReaction {
  shapes: Shape[];
  labels: LabelSpec[];
}

/**
 * The reaction of a roller whose rolling direction is turned `degrees` counter-clockwise: an arrow along the
 * glyph's axis (away from the structure, under the glyph) pushing towards the node, labelled with the resultant.
 */
function alongLineOfAction(
  p: Point,
  reaction: { horizontal: number; vertical: number },
  degrees: number,
  below: number,
  unit: string,
  largest: number,
): DrawnReaction {
  const a = (degrees * Math.PI) / 180;
  // +v of the glyph's frame on the page (away from the structure); the reaction on the page is (h, -v)
  const away = { x: Math.sin(a), y: Math.cos(a) };
  const towards = -reaction.horizontal * away.x + reaction.vertical * away.y;
  const near = { x: p.x + away.x * below, y: p.y + away.y * below };
  const far = { x: near.x + away.x * REACTION_LENGTH, y: near.y + away.y * REACTION_LENGTH };
  const shapes = towards >= 0 ? arrow(far, near, 'reaction', 2) : arrow(near, far, 'reaction', 2);
  const mid = { x: (near.x + far.x) / 2, y: (near.y + far.y) / 2 };
  // beside the arrow, on either side of it
  const side = { x: away.y, y: -away.x };
  const candidates = [12, -12, 24, -24].map((d) => ({
    at: { x: mid.x + side.x * d, y: mid.y + side.y * d },
    anchor: (side.x * d > 3 ? 'start' : side.x * d < -3 ? 'end' : 'middle') as 'start' | 'end' | 'middle',
  }));
  const text = withUnit(Math.hypot(reaction.horizontal, reaction.vertical), unit, largest);
  return { shapes, labels: [{ text, candidates, fill: 'reaction', bold: true, names: far }] };
}

/**
 * The components of `reaction` at the support point `p`; `below` and `beside` are how far from `p` the
 * arrows start (clear of the support glyph), `largest` the figure's largest component (smaller than a
 * billionth of it is not drawn). `rollerAngle`, for a roller turned off the horizontal, draws the one force.
 */
export function forceReaction(
  p: Point,
  reaction: { horizontal: number; vertical: number },
  largest: number,
  unit: string,
  clearance: { below: number; beside: number; belowSide: number },
  rollerAngle = 0,
): DrawnReaction {
  if (rollerAngle % 360 !== 0 && Math.hypot(reaction.horizontal, reaction.vertical) > 1e-9 * largest) {
    return alongLineOfAction(p, reaction, rollerAngle, clearance.below, unit, largest);
  }
  const out: DrawnReaction = { shapes: [], labels: [] };
  if (Math.abs(reaction.vertical) > 1e-9 * largest) {
    const near = { x: p.x, y: p.y + clearance.below };
    const far = { x: p.x, y: near.y + REACTION_LENGTH };
    out.shapes.push(...(reaction.vertical > 0 ? arrow(far, near, 'reaction', 2) : arrow(near, far, 'reaction', 2)));
    const mid = (near.y + far.y) / 2;
    out.labels.push({
      text: withUnit(Math.abs(reaction.vertical), unit, largest),
      candidates: [...fan({ x: p.x + 7, y: mid }, 'right', 13, 3), ...fan({ x: p.x - 7, y: mid }, 'left', 13, 3)],
      fill: 'reaction',
      bold: true,
      names: far,
    });
  }
  if (Math.abs(reaction.horizontal) > 1e-9 * largest) {
    // the arrow pushes on the support from the side it points away from
    const side = reaction.horizontal > 0 ? -1 : 1;
    const near = { x: p.x + side * clearance.beside, y: p.y + clearance.belowSide };
    const far = { x: near.x + side * REACTION_LENGTH, y: near.y };
    out.shapes.push(...arrow(far, near, 'reaction', 2));
    out.labels.push({
      text: withUnit(Math.abs(reaction.horizontal), unit, largest),
      candidates: [
        ...fan({ x: (near.x + far.x) / 2, y: near.y + 12 }, 'down', 13, 2),
        ...fan({ x: (near.x + far.x) / 2, y: near.y - 12 }, 'up', 13, 2),
      ],
      fill: 'reaction',
      bold: true,
      names: far,
    });
  }
  return out;
}

/**
 * A figure's SVG text cut into its layers, as `ts/svg/emit.ts` writes it: the head (the `<svg>` tag, the title
 * and the background), one `<g id="...">...</g>` per layer, each on lines of its own, and the closing tag. A
 * redraw compares the new text's layers with those shown and replaces only the groups that changed: an edit of
 * one load leaves the dimensions, the supports and most loads as they were, and the browser then parses, styles,
 * lays out and paints only the rest. Pure: no DOM.
 */

export interface FigureLayers {
  head: string;
  /** each layer's group, `<g id="...">` to `</g>` */
  groups: string[];
  tail: string;
}

const OPEN = '\n<g id="';
const CLOSE = '\n</g>';

/** The layers of a figure's text, or undefined when it is not laid out as `emit.ts` writes figures. */
export function figureLayers(svg: string): FigureLayers | undefined {
  const first = svg.indexOf(OPEN);
  if (first < 0) return undefined;
  const groups: string[] = [];
  let at = first;
  while (at >= 0 && svg.startsWith(OPEN, at)) {
    // a layer holds no group of its own and every text is escaped, so its group ends at the next `</g>` line
    const end = svg.indexOf(CLOSE, at + OPEN.length);
    if (end < 0) return undefined;
    groups.push(svg.slice(at + 1, end + CLOSE.length));
    at = end + CLOSE.length;
  }
  return { head: svg.slice(0, first), groups, tail: svg.slice(at) };
}

/**
 * The layers to write again to turn the figure `before` into `after`, by index, or undefined when more than its
 * groups changed (the head, the tail, or which layers there are): then the whole figure is written again.
 */
export function changedLayers(before: string, after: string): { index: number; text: string }[] | undefined {
  const [old, next] = [figureLayers(before), figureLayers(after)];
  if (old === undefined || next === undefined) return undefined;
  if (old.head !== next.head || old.tail !== next.tail || old.groups.length !== next.groups.length) return undefined;
  const changed: { index: number; text: string }[] = [];
  for (let i = 0; i < next.groups.length; i++) {
    const [was, is] = [old.groups[i]!, next.groups[i]!];
    if (was === is) continue;
    // the same layer, drawn differently; another layer in its place changes the whole figure
    if (was.slice(0, was.indexOf('>')) !== is.slice(0, is.indexOf('>'))) return undefined;
    changed.push({ index: i, text: is });
  }
  return changed;
}

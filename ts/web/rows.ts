/**
 * Long tables paint only the rows near the viewport. A row far from it (more than a screen's height away) is
 * marked `far`, which the stylesheet makes `visibility: hidden`: it keeps its place in the layout, so the page
 * scrolls and measures as before, and every field stays in the document with its name and label (issues find
 * their field, the JSON pointers hold). Without this, each edit of a 200-load beam repainted the ~1,200 fields
 * of its table, most of them off screen (bench/calculator.ts). A results table also leaves a far row's text as
 * it was until the row comes near (`reveal`): an edit of the 1,000-member truss changes every force, and
 * writing and laying out a thousand cells nobody can see cost more than drawing its figure.
 *
 * The rows in paint follow the scroll: scroll events come once a frame, before the frame paints, and the
 * margin of a screen's height means that a field reached with Tab is always one that is painted (the browser
 * scrolls the focused field into view, which moves the rows in paint with it). Before printing, every row is
 * revealed (the print stylesheet shows far rows).
 */

/** Tables with fewer rows than this paint every row. */
const LONG = 40;

/** The rows in paint of each long table: `[first, last]`. */
type Painted = WeakMap<HTMLTableSectionElement, [number, number]>;

export class PaintedRows {
  private painted: Painted = new WeakMap();

  /**
   * The long tables are the `tbody` of each `container` under `root` (each container holding one table);
   * `reveal` brings a far row up to date just before it is painted again.
   */
  constructor(
    private readonly root: HTMLElement,
    private readonly container: string,
    private readonly reveal?: (body: HTMLTableSectionElement, row: number) => void,
  ) {
    const follow = () => this.follow();
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow, { passive: true });
    if (reveal) window.addEventListener('beforeprint', () => this.revealAll());
  }

  /** After the tables are written again: the rows marked before are gone. */
  reset(): void {
    this.painted = new WeakMap();
    this.follow();
  }

  /** Whether a row of a table is in paint (every row of a short table, or of one not marked yet). */
  isPainted(body: HTMLTableSectionElement, row: number): boolean {
    const range = this.painted.get(body);
    return range === undefined || (row >= range[0] && row <= range[1]);
  }

  /** Marks the rows of each long table on or near the screen as painted, the others as far. */
  follow(): void {
    const margin = Math.max(window.innerHeight, 600);
    const top = -margin;
    const bottom = window.innerHeight + margin;
    for (const holder of this.root.querySelectorAll<HTMLElement>(this.container)) {
      const body = holder.querySelector('tbody');
      if (body === null || body.rows.length < LONG) continue;
      // a table far from the screen is left as it is (its container is not laid out: content-visibility)
      const box = holder.getBoundingClientRect();
      if (box.bottom < top || box.top > bottom) continue;
      const rows = body.rows;
      const first = firstBelow(rows, top);
      const last = Math.max(first, firstBelow(rows, bottom) - 1);
      this.mark(body, first, Math.min(last + 1, rows.length - 1));
    }
  }

  /** Rows `first..last` painted, the others far, changing only the rows whose state changes. */
  private mark(body: HTMLTableSectionElement, first: number, last: number): void {
    const rows = body.rows;
    const [wasFirst, wasLast] = this.painted.get(body) ?? [-1, -1];
    if (wasFirst === first && wasLast === last) return;
    for (let i = 0; i < rows.length; i++) {
      const painted = i >= first && i <= last;
      const was = wasFirst < 0 || (i >= wasFirst && i <= wasLast);
      if (painted && !was) this.reveal?.(body, i);
      if (wasFirst < 0 || painted !== was) rows[i]!.classList.toggle('far', !painted);
    }
    this.painted.set(body, [first, last]);
  }

  /** Every far row brought up to date (they stay marked far: the print stylesheet shows them). */
  private revealAll(): void {
    for (const holder of this.root.querySelectorAll<HTMLElement>(this.container)) {
      const body = holder.querySelector('tbody');
      if (body === null) continue;
      for (let i = 0; i < body.rows.length; i++) if (!this.isPainted(body, i)) this.reveal?.(body, i);
    }
  }
}

/** The index of the first row whose bottom is below `y` (viewport coordinates), by bisection: rows are in order. */
function firstBelow(rows: HTMLCollectionOf<HTMLTableRowElement>, y: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.getBoundingClientRect().bottom < y) low = middle + 1;
    else high = middle;
  }
  return low;
}

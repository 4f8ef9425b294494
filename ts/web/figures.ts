/**
 * The figures as tabs: one `figure[data-view]` per view the diagram route accepts. Only the shown figure is
 * drawn on an edit (a 1,000-member truss redraws one figure, not six); another is drawn when it is shown.
 * The shown figure holds the SVG inline and a download link to the same text; the others are empty until shown.
 * While the figures are scrolled out of view (a user editing load 150 of a long table), an edit draws nothing:
 * the shown figure is drawn as it comes into view, as its download is clicked, or before the page prints.
 * A redraw writes again only the layers whose text changed (figure-layers.ts). Each figure is drawn for the
 * width of its pane, so that its labels are at least 11 px on screen (figure-width.ts); `data-width` says which.
 */
import { escapeXml } from '../svg/escape.js';
import { coordinate } from '../svg/format.js';
import { changedLayers } from './figure-layers.js';
import { drawnWidth, drawReadable, drawWidth, SMALLEST_DRAWN_PX } from './figure-width.js';
import type { Kind } from './kinds.js';

export const VIEW_TITLES: Record<string, string> = {
  problem: 'Problem',
  setup: 'Setup',
  results: 'Results',
  shear: 'Shear',
  moment: 'Moment',
  deflection: 'Deflection',
  deflected: 'Deflected shape',
  axial: 'Axial force',
  buckling: 'Buckling mode',
};

/** A mechanism on the figure: the message naming it, and where it is when the figure shows the place. */
export interface Mark {
  at?: { x: number; y: number };
  message: string;
}

export class Figures {
  private shown: string;
  /** What the figures draw: the unfactored analysis (undefined), a combination's id, or `envelope`. */
  private loading: string | undefined;
  /** The choices of the loading select as last written (`id|name` each), so that it is rebuilt only when they change. */
  private choices = '';
  /** The SVG text of each drawn figure: its download link's Blob is made only when the link is clicked. */
  private readonly texts = new Map<string, string>();
  private url: string | undefined;
  /** Views whose figure is out of date (drawn before the last edit, or never). */
  private readonly stale = new Set<string>();
  /** Whether the figures are on screen, as an IntersectionObserver last said (until it has, assumed so). */
  private onScreen = true;
  /** The pane's width in CSS px, as a ResizeObserver last said. */
  private pane: number;
  /** The smallest label of each figure (`view|loading`) as last drawn: the width to draw it at follows from it. */
  private readonly fonts = new Map<string, number>();

  constructor(
    private readonly root: HTMLElement,
    private readonly kind: Kind,
    private readonly views: readonly string[],
    first: string,
    /**
     * Draws a view `width` px wide, of a combination or the envelope when one is given: its SVG text and a
     * mechanism mark, or a message saying why there is no figure.
     */
    private readonly draw: (
      view: string,
      combination: string | undefined,
      width: number,
    ) => { svg: string; mark?: Mark } | { message: string },
  ) {
    this.shown = first;
    this.pane = root.clientWidth;
    const tabs = views.map(
      (v) =>
        `<button type="button" role="tab" id="tab-${v}" aria-controls="figure-${v}" data-tab="${v}" aria-selected="${v === first}" tabindex="${v === first ? 0 : -1}">${escapeXml(VIEW_TITLES[v] ?? v)}</button>`,
    );
    const figures = views.map(
      (v) =>
        `<figure data-view="${v}" id="figure-${v}" role="tabpanel" aria-labelledby="tab-${v}"${v === first ? '' : ' hidden'}><div class="svg"></div><figcaption><span class="caption">${escapeXml(VIEW_TITLES[v] ?? v)}</span> <a class="download" href="#figure-${v}" download="${kind}-${v}.svg">Download SVG</a></figcaption></figure>`,
    );
    const loading = `<p class="loading" hidden><label>Figures draw <select id="figure-loading" autocomplete="off"></select></label></p>`;
    root.innerHTML = `${loading}<div role="tablist" aria-label="Figures" class="tabs">${tabs.join('')}</div>${figures.join('')}`;
    root.querySelector<HTMLSelectElement>('#figure-loading')!.addEventListener('change', (event) => {
      const value = (event.target as HTMLSelectElement).value;
      this.loading = value === '' ? undefined : value;
      for (const v of this.views) this.label(v);
      this.redraw();
    });
    root.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLElement>('[data-tab]');
      if (tab) this.show(tab.dataset.tab!, true);
      const link = (event.target as Element).closest<HTMLAnchorElement>('a.download');
      if (link) this.download(link);
    });
    root.addEventListener('keydown', (event) => this.key(event));
    new IntersectionObserver((entries) => {
      this.onScreen = entries.at(-1)!.isIntersecting;
      if (this.onScreen) this.current();
    }).observe(root);
    window.addEventListener('beforeprint', () => this.current());
    new ResizeObserver(() => this.resized(root.clientWidth)).observe(root);
  }

  /**
   * The pane changed width: a narrower pane would shrink the labels, so the figure is drawn again at once; a
   * wider one draws it again only when it gains 5% (a scroll bar coming and going redraws nothing).
   */
  private resized(pane: number): void {
    if (pane === this.pane || pane === 0) return;
    this.pane = pane;
    const shown = Number(this.figure(this.shown).dataset.width);
    if (!(shown > 0)) return;
    const wanted = drawWidth(pane, this.fonts.get(this.fontKey(this.shown)) ?? SMALLEST_DRAWN_PX);
    if (wanted < shown || wanted > shown * 1.05) this.redraw();
  }

  private fontKey(view: string): string {
    return `${view}|${this.loading ?? ''}`;
  }

  /** A view drawn for the pane, its labels readable (figure-width.ts). */
  private drawForPane(view: string): { svg: string; mark?: Mark } | { message: string } {
    const key = this.fontKey(view);
    const { drawn, font } = drawReadable(this.pane, this.fonts.get(key), (width) => this.draw(view, this.loading, width));
    if (font !== undefined) this.fonts.set(key, font);
    return drawn;
  }

  /**
   * The model's combinations (the solve response's `envelope.combinations`; none without combinations): the
   * figures can draw each, or the envelope, as the diagram route's `combination` does (decisions.md 15). A
   * loading that no longer exists falls back to the unfactored analysis.
   */
  combinations(list: readonly { id: string; name: string }[]): void {
    const choices = list.map((c) => `${c.id}|${c.name}`).join('\n');
    if (choices === this.choices) return;
    this.choices = choices;
    const select = this.root.querySelector<HTMLSelectElement>('#figure-loading')!;
    const options = [
      ['', 'Unfactored analysis'],
      ...list.map((c) => [c.id, `${c.id}: ${c.name}`]),
      ...(list.length > 0 ? [['envelope', 'Envelope']] : []),
    ];
    select.innerHTML = options.map(([value, text]) => `<option value="${escapeXml(value!)}">${escapeXml(text!)}</option>`).join('');
    if (this.loading !== undefined && !options.some(([value]) => value === this.loading)) {
      this.loading = undefined;
      for (const v of this.views) this.label(v);
    }
    select.value = this.loading ?? '';
    select.closest<HTMLElement>('.loading')!.hidden = list.length === 0;
  }

  /**
   * Everything drawn is out of date: the shown figure is drawn again now if it is on screen (or `now`), else as
   * it comes into view; the others when shown.
   */
  redraw(now = false): void {
    for (const v of this.views) this.stale.add(v);
    if (now || this.onScreen) this.render(this.shown);
  }

  /** The shown figure, drawn if it is out of date. */
  private current(): void {
    if (this.stale.has(this.shown)) this.render(this.shown);
  }

  show(view: string, focus = false): void {
    if (!this.views.includes(view)) return;
    this.shown = view;
    for (const v of this.views) {
      const tab = this.root.querySelector<HTMLElement>(`#tab-${v}`)!;
      tab.setAttribute('aria-selected', String(v === view));
      tab.tabIndex = v === view ? 0 : -1;
      this.figure(v).hidden = v !== view;
      // one figure in the document at a time: every figure's SVG uses the same ids (its title's, its layers')
      if (v !== view) this.clear(v);
    }
    if (focus) this.root.querySelector<HTMLElement>(`#tab-${view}`)!.focus();
    if (this.stale.has(view)) this.render(view);
  }

  private key(event: KeyboardEvent): void {
    if (!(event.target as Element).matches('[role="tab"]')) return;
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const i = this.views.indexOf(this.shown);
    this.show(this.views[(i + step + this.views.length) % this.views.length]!, true);
  }

  /** A figure says what it draws: `data-combination` (none for the unfactored analysis) and its download's name. */
  private label(view: string): void {
    const figure = this.figure(view);
    const link = figure.querySelector<HTMLAnchorElement>('a.download')!;
    if (this.loading === undefined) delete figure.dataset.combination;
    else figure.dataset.combination = this.loading;
    link.download = this.loading === undefined ? `${this.kind}-${view}.svg` : `${this.kind}-${view}-${this.loading}.svg`;
  }

  private figure(view: string): HTMLElement {
    return this.root.querySelector<HTMLElement>(`figure[data-view="${view}"]`)!;
  }

  /** Empties a figure (drawn again when shown). */
  private clear(view: string): void {
    const figure = this.figure(view);
    figure.querySelector<HTMLElement>('.svg')!.replaceChildren();
    figure.querySelector('.mechanism-message')?.remove();
    figure.querySelector<HTMLAnchorElement>('a.download')!.href = `#figure-${view}`;
    this.texts.delete(view);
    this.stale.add(view);
  }

  /**
   * The link's Blob, made as it is clicked (the browser follows the href as it stands after the click's
   * listeners): an edit costs no Blob, and a figure's download is always its current text.
   */
  private download(link: HTMLAnchorElement): void {
    const view = link.closest<HTMLElement>('figure')!.dataset.view!;
    if (this.stale.has(view)) this.render(view);
    const text = this.texts.get(view);
    if (text === undefined) return;
    if (this.url !== undefined) URL.revokeObjectURL(this.url);
    this.url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    link.href = this.url;
  }

  private render(view: string): void {
    // the old figure goes as the new one's text replaces it (emptying it first would cost a second relayout)
    const figure = this.figure(view);
    figure.querySelector('.mechanism-message')?.remove();
    this.stale.delete(view);
    const holder = figure.querySelector<HTMLElement>('.svg')!;
    const link = figure.querySelector<HTMLAnchorElement>('a.download')!;
    const drawn = this.drawForPane(view);
    if ('message' in drawn) {
      holder.innerHTML = `<p class="no-figure">${escapeXml(drawn.message)}</p>`;
      this.texts.delete(view);
      delete figure.dataset.width;
      link.hidden = true;
      return;
    }
    place(holder, drawn.svg, this.texts.get(view));
    figure.dataset.width = String(drawnWidth(drawn.svg) ?? '');
    this.texts.set(view, drawn.svg);
    link.hidden = false;
    if (drawn.mark) {
      const { at, message } = drawn.mark;
      const note = document.createElement('p');
      note.className = 'mechanism-message';
      note.setAttribute('role', 'alert');
      note.textContent = message;
      figure.querySelector('figcaption')!.prepend(note);
      // the overlay carries `data-mechanism`; without a place on the figure, the message does
      if (at === undefined) note.setAttribute('data-mechanism', '');
      else holder.querySelector('svg')!.appendChild(ring(at));
    }
  }
}

/**
 * The figure `svg` in its holder. When the holder shows the figure `before` (and no mechanism ring drawn over
 * it), only the layers that changed are written again (figure-layers.ts): the browser keeps the groups whose
 * text is the same, so the document holds what parsing the whole text would give.
 */
function place(holder: HTMLElement, svg: string, before: string | undefined): void {
  const shown = holder.firstElementChild;
  const changes =
    before !== undefined && shown instanceof SVGSVGElement && shown.querySelector('[data-mechanism]') === null
      ? changedLayers(before, svg)
      : undefined;
  // the groups on the page were parsed from `before`: one to each of its layers, in order
  const groups = shown?.querySelectorAll(':scope > g');
  if (changes === undefined || groups === undefined || changes.some(({ index }) => groups[index] === undefined)) {
    holder.innerHTML = svg;
    return;
  }
  for (const { index, text } of changes) groups[index]!.outerHTML = text;
}

/**
 * The overlay marking a mechanism's place: a ring the page's stylesheet draws in the alert colour, its centre
 * written as the renderer writes the node it rings (to the hundredth of a pixel).
 */
function ring(at: { x: number; y: number }): SVGCircleElement {
  const circle = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
  circle.setAttribute('data-mechanism', '');
  circle.setAttribute('class', 'mechanism-mark');
  circle.setAttribute('cx', coordinate(at.x));
  circle.setAttribute('cy', coordinate(at.y));
  circle.setAttribute('r', '16');
  return circle;
}

/**
 * The figures as tabs: one `figure[data-view]` per view the diagram route accepts. Only the shown figure is
 * drawn on an edit (a 1,000-member truss redraws one figure, not six); another is drawn when it is shown.
 * The shown figure holds the SVG inline and a download link to the same text; the others are empty until shown.
 */
import { escapeXml } from '../svg/escape.js';
import type { Kind } from './kinds.js';

const VIEW_TITLES: Record<string, string> = {
  problem: 'Problem',
  setup: 'Setup',
  results: 'Results',
  shear: 'Shear',
  moment: 'Moment',
  deflection: 'Deflection',
  deflected: 'Deflected shape',
  axial: 'Axial force',
};

/** A mechanism on the figure: the message naming it, and where it is when the figure shows the place. */
export interface Mark {
  at?: { x: number; y: number };
  message: string;
}

export class Figures {
  private shown: string;
  private readonly urls = new Map<string, string>();
  /** Views whose figure is out of date (drawn before the last edit, or never). */
  private readonly stale = new Set<string>();

  constructor(
    private readonly root: HTMLElement,
    private readonly kind: Kind,
    private readonly views: readonly string[],
    first: string,
    /** Draws a view: its SVG text and a mechanism mark, or a message saying why there is no figure. */
    private readonly draw: (view: string) => { svg: string; mark?: Mark } | { message: string },
  ) {
    this.shown = first;
    const tabs = views.map(
      (v) =>
        `<button type="button" role="tab" id="tab-${v}" aria-controls="figure-${v}" data-tab="${v}" aria-selected="${v === first}" tabindex="${v === first ? 0 : -1}">${escapeXml(VIEW_TITLES[v] ?? v)}</button>`,
    );
    const figures = views.map(
      (v) =>
        `<figure data-view="${v}" id="figure-${v}" role="tabpanel" aria-labelledby="tab-${v}"${v === first ? '' : ' hidden'}><div class="svg"></div><figcaption><span class="caption">${escapeXml(VIEW_TITLES[v] ?? v)}</span> <a class="download" download="${kind}-${v}.svg">Download SVG</a></figcaption></figure>`,
    );
    root.innerHTML = `<div role="tablist" aria-label="Figures" class="tabs">${tabs.join('')}</div>${figures.join('')}`;
    root.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLElement>('[data-tab]');
      if (tab) this.show(tab.dataset.tab!, true);
    });
    root.addEventListener('keydown', (event) => this.key(event));
  }

  /** Everything drawn is out of date: the shown figure is drawn again now, the others when shown. */
  redraw(): void {
    for (const v of this.views) this.stale.add(v);
    this.render(this.shown);
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

  private figure(view: string): HTMLElement {
    return this.root.querySelector<HTMLElement>(`figure[data-view="${view}"]`)!;
  }

  /** Empties a figure (drawn again when shown). */
  private clear(view: string): void {
    const figure = this.figure(view);
    figure.querySelector<HTMLElement>('.svg')!.replaceChildren();
    figure.querySelector('.mechanism-message')?.remove();
    const link = figure.querySelector<HTMLAnchorElement>('a.download')!;
    link.removeAttribute('href');
    const old = this.urls.get(view);
    if (old !== undefined) URL.revokeObjectURL(old);
    this.urls.delete(view);
    this.stale.add(view);
  }

  private render(view: string): void {
    this.clear(view);
    this.stale.delete(view);
    const figure = this.figure(view);
    const holder = figure.querySelector<HTMLElement>('.svg')!;
    const link = figure.querySelector<HTMLAnchorElement>('a.download')!;
    const drawn = this.draw(view);
    if ('message' in drawn) {
      holder.innerHTML = `<p class="no-figure">${escapeXml(drawn.message)}</p>`;
      link.removeAttribute('href');
      link.hidden = true;
      return;
    }
    holder.innerHTML = drawn.svg;
    const url = URL.createObjectURL(new Blob([drawn.svg], { type: 'image/svg+xml' }));
    this.urls.set(view, url);
    link.href = url;
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

/** The overlay marking a mechanism's place: a ring the page's stylesheet draws in the alert colour. */
function ring(at: { x: number; y: number }): SVGCircleElement {
  const circle = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
  circle.setAttribute('data-mechanism', '');
  circle.setAttribute('class', 'mechanism-mark');
  circle.setAttribute('cx', String(at.x));
  circle.setAttribute('cy', String(at.y));
  circle.setAttribute('r', '16');
  return circle;
}

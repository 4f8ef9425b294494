/**
 * The calculation report (issue 37): what the calculator prints, and what its "Report" button shows. A title
 * block the engineer fills in (kept in the address), then the report body (content.ts) built from the page's
 * last solve, every figure drawn for the paper's width. It is built when opened and before the page prints
 * (never on an edit: a report draws every figure), so printing the calculator at any time prints the report.
 * Print and "Save as PDF" lay it out on A4 or Letter (the page rule, title.ts), with running headers and page
 * numbers; no figure and no table row is cut across pages (report.css).
 */
import { escapeXml } from '../../svg/escape.js';
import type { Model } from '../columns.js';
import { drawReadable } from '../figure-width.js';
import { VIEW_TITLES } from '../figures.js';
import type { KindSpec } from '../kinds.js';
import { reportBody, type ReportFigure } from './content.js';
import { pageRule, settingsFromQuery, TITLE_FIELDS, TITLE_MAX, type Paper, type ReportSettings, type TitleKey } from './title.js';

/** The width a figure may fill on paper, in CSS px (96 a inch): the paper's width less the page rule's 2 x 15 mm margins. */
const PRINTABLE_PX: Record<Paper, number> = {
  A4: Math.floor(((210 - 30) * 96) / 25.4),
  Letter: Math.floor(((215.9 - 30) * 96) / 25.4),
};

/** What the report is made from: the page's model and last solve, and its figures. */
export interface ReportSource {
  current(): { model: Model; response: Record<string, unknown> | undefined };
  draw(view: string, combination: string | undefined, width: number): { svg: string } | { message: string };
  /** The title block or the paper changed: the address follows. */
  changed(): void;
}

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export class Report {
  readonly settings: ReportSettings;
  private built = false;
  private readonly pageStyle: HTMLStyleElement;
  private readonly body: HTMLElement;
  /** The smallest label of each figure as last drawn (figure-width.ts). */
  private readonly fonts = new Map<string, number>();

  constructor(
    private readonly root: HTMLElement,
    private readonly spec: KindSpec,
    private readonly engineVersion: string,
    private readonly source: ReportSource,
  ) {
    this.settings = settingsFromQuery(new URLSearchParams(location.search));
    root.innerHTML = this.skeleton();
    this.body = root.querySelector<HTMLElement>('#report-body')!;
    this.pageStyle = document.createElement('style');
    this.pageStyle.id = 'report-page';
    document.head.append(this.pageStyle);
    this.writePageRule();
    root.addEventListener('input', (event) => {
      const field = (event.target as HTMLElement).closest<HTMLInputElement>('input[data-title]');
      if (field) this.retitle(field.dataset.title as TitleKey, field.value);
    });
    root.querySelector('#report-paper')!.addEventListener('change', (event) => {
      this.settings.paper = (event.target as HTMLSelectElement).value === 'Letter' ? 'Letter' : 'A4';
      this.writePageRule();
      this.source.changed();
      this.build();
    });
    root.querySelector('#report-print')!.addEventListener('click', () => window.print());
    root.querySelector('#report-close')!.addEventListener('click', () => this.close());
    window.addEventListener('beforeprint', () => {
      if (!this.built) this.build();
    });
  }

  /** The page's model or its solve changed: the report is built again when next shown or printed. */
  outdated(): void {
    this.built = false;
    if (!this.root.hidden) this.build();
  }

  open(): void {
    if (this.settings.title.date === undefined) {
      this.retitle('date', today());
      this.root.querySelector<HTMLInputElement>('#report-date')!.value = this.settings.title.date!;
    }
    if (!this.built) this.build();
    this.root.hidden = false;
    document.body.dataset.report = 'open';
    this.root.querySelector<HTMLElement>('#report-project')!.focus();
    window.scrollTo(0, 0);
  }

  close(): void {
    this.root.hidden = true;
    delete document.body.dataset.report;
    document.querySelector<HTMLElement>('#open-report')?.focus();
  }

  private retitle(key: TitleKey, value: string): void {
    const text = value.trim().slice(0, TITLE_MAX);
    if (text === '') delete this.settings.title[key];
    else this.settings.title[key] = text;
    const shown = this.root.querySelector<HTMLElement>(`[data-title-value="${key}"]`)!;
    shown.textContent = text;
    this.writePageRule();
    this.source.changed();
  }

  private writePageRule(): void {
    this.pageStyle.textContent = pageRule(this.settings, `${this.spec.title} calculation`);
  }

  private skeleton(): string {
    const cell = (key: TitleKey) => {
      const field = TITLE_FIELDS.find((f) => f.key === key)!;
      const value = escapeXml(this.settings.title[key] ?? '');
      return (
        `<th scope="row"><label for="report-${key}">${escapeXml(field.label)}</label></th>` +
        `<td><input type="text" id="report-${key}" data-title="${key}" maxlength="${TITLE_MAX}" autocomplete="off" value="${value}">` +
        `<span class="title-value" data-title-value="${key}">${value}</span></td>`
      );
    };
    const paper = (['A4', 'Letter'] as const)
      .map((p) => `<option value="${p}"${p === this.settings.paper ? ' selected' : ''}>${p}</option>`)
      .join('');
    return (
      `<div class="report-tools"><button type="button" id="report-print">Print or save as PDF</button>` +
      `<label>Paper <select id="report-paper" autocomplete="off">${paper}</select></label>` +
      `<button type="button" id="report-close">Back to the calculator</button>` +
      `<span class="hint">Fill in the title block: the link keeps it.</span></div>` +
      `<article class="report-sheet"><header class="title-block"><h1>${escapeXml(this.spec.title)} calculation</h1>` +
      `<table class="title-fields"><tbody><tr>${cell('project')}${cell('job')}</tr><tr>${cell('subject')}${cell('date')}</tr>` +
      `<tr>${cell('by')}${cell('checked')}</tr></tbody></table></header><div id="report-body"></div></article>`
    );
  }

  /** The figures of the report: the model's (problem view), every results view, and the envelope's when there is one. */
  private figures(enveloped: boolean): ReportFigure[] {
    const room = PRINTABLE_PX[this.settings.paper];
    const kind = this.spec.kind;
    const figure = (view: string, combination: string | undefined): ReportFigure => {
      const key = `${view}|${combination ?? ''}`;
      const { drawn, font } = drawReadable(room, this.fonts.get(key), (width) => this.source.draw(view, combination, width));
      if (font !== undefined) this.fonts.set(key, font);
      const file = `${kind}-${view}${combination === undefined ? '' : `-${combination}`}.svg`;
      const title = `${VIEW_TITLES[view] ?? view}${combination === undefined ? '' : ' envelope'}`;
      const loading = combination === undefined ? 'unfactored analysis' : 'envelope of the combinations (ULS forces, SLS deflections)';
      return { file, title, loading, ...drawn };
    };
    const views = this.spec.views.filter((v) => v !== 'problem');
    const plain = [figure('problem', undefined), ...views.map((v) => figure(v, undefined))];
    // the envelope of the views the diagram route draws it for (it refuses the others)
    const envelopes = enveloped ? views.map((v) => figure(v, 'envelope')).filter((f) => f.svg !== undefined) : [];
    return [...plain, ...envelopes];
  }

  private build(): void {
    const { model, response } = this.source.current();
    this.built = true;
    if (response === undefined) {
      this.body.innerHTML =
        '<p class="no-report">No report: the model has problems or is a mechanism. Go back to the calculator and correct it.</p>';
      return;
    }
    const figures = this.figures(response.envelope !== undefined);
    this.body.innerHTML = reportBody({ spec: this.spec, model, response, engineVersion: this.engineVersion, figures });
  }
}

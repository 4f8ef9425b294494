/**
 * The report's title block (issue 37): project, job number, subject, by, checked and date, and the paper the
 * report is laid out for. Kept in the calculator's address beside `model`, so that a link opens the report a
 * colleague saw, signed fields and all. Pure: tested without a browser.
 */

export const TITLE_FIELDS = [
  { key: 'project', label: 'Project' },
  { key: 'job', label: 'Job no.' },
  { key: 'subject', label: 'Subject' },
  { key: 'by', label: 'By' },
  { key: 'checked', label: 'Checked' },
  { key: 'date', label: 'Date' },
] as const;

export type TitleKey = (typeof TITLE_FIELDS)[number]['key'];
export type TitleBlock = Partial<Record<TitleKey, string>>;

/** The sizes the report is laid out for, as CSS `@page size` names them. */
export const PAPERS = { A4: 'A4', Letter: 'letter' } as const;
export type Paper = keyof typeof PAPERS;

/** A field's longest text: a title block cell, not a document. */
export const TITLE_MAX = 120;

export interface ReportSettings {
  title: TitleBlock;
  paper: Paper;
}

/** The title block and paper an address carries (`?model=...&project=...&paper=Letter`). */
export function settingsFromQuery(query: URLSearchParams): ReportSettings {
  const title: TitleBlock = {};
  for (const { key } of TITLE_FIELDS) {
    const value = query.get(key)?.trim().slice(0, TITLE_MAX);
    if (value) title[key] = value;
  }
  const paper = query.get('paper');
  return { title, paper: paper === 'Letter' ? 'Letter' : 'A4' };
}

/**
 * The address's query for a model's own query (`?model=...`, or empty when the model has no link) and the
 * report's settings: the title fields given, and the paper unless it is A4.
 */
export function withSettings(modelQuery: string, { title, paper }: ReportSettings): string {
  const query = new URLSearchParams(modelQuery);
  for (const { key } of TITLE_FIELDS) {
    const value = title[key]?.trim();
    if (value) query.set(key, value);
  }
  if (paper !== 'A4') query.set('paper', paper);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** A CSS string literal of any text (the page's running header is CSS `content`). */
export function cssString(text: string): string {
  return `"${[...text].map((c) => (/[\\"\n\r\f]/.test(c) || c.charCodeAt(0) < 32 ? `\\${c.charCodeAt(0).toString(16)} ` : c)).join('')}"`;
}

/**
 * The report's page rule: its paper, margins, and the running header and footer in the page's margin boxes
 * (Chromium prints them, in "Save as PDF" too): project and job at the top left, the page number of the
 * pages at the top right, who made and checked it at the bottom.
 */
export function pageRule({ title, paper }: ReportSettings, heading: string): string {
  const head = [title.project, title.job && `Job ${title.job}`].filter(Boolean).join(' · ') || heading;
  const foot = [title.subject, title.by && `By ${title.by}`, title.checked && `Checked ${title.checked}`, title.date]
    .filter(Boolean)
    .join(' · ');
  return [
    `@page { size: ${PAPERS[paper]} portrait; margin: 18mm 15mm 16mm;`,
    `  @top-left { content: ${cssString(head)}; font: 8pt sans-serif; color: #333; }`,
    `  @top-right { content: "Page " counter(page) " of " counter(pages); font: 8pt sans-serif; color: #333; }`,
    `  @bottom-left { content: ${cssString(foot)}; font: 7pt sans-serif; color: #555; }`,
    `  @bottom-right { content: "Spanwise"; font: 7pt sans-serif; color: #555; }`,
    '}',
  ].join('\n');
}

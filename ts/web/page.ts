/**
 * The calculator page: the model in tables, and on every edit, synchronously in the event handler,
 * validate -> solve -> tables, figures, warnings -> the address bar's `?model=` -> `data-solves` and
 * `data-state` on the body (ready, invalid or mechanism), which the browser tests and the bench wait on.
 */
import type { Engine } from '../engine/engine.js';
import type { SectionLibrary } from '../sections/index.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import type { SolveContext } from '../solve/context.js';
import { decodeViewModel, viewLink } from '../solve/links.js';
import { escapeXml } from '../svg/escape.js';
import type { UnitSystem } from '../units/index.js';
import { freshIn, rowsOf, type CollectionSpec, type InputKind, type Model, type Row } from './columns.js';
import { collectionHtml, fieldText, fieldValue, inputText, SECTION_OPTIONS_ID } from './editor.js';
import { sectionOptions, withSection } from './section-picker.js';
import { Figures } from './figures.js';
import { kindOfPath, SPECS, type Kind, type KindSpec } from './kinds.js';
import { mechanismFigure } from './mechanism.js';
import { get, pointerOfPath, set, tokens, type Json } from './pointer.js';
import { analysisHtml, bucklingTable } from './analysis.js';
import { displacementsTable, envelopeTable, extremesTable, formatValue, reactionsTable, spansTable, type Table } from './results.js';
import { Report } from './report/report.js';
import { withSettings } from './report/title.js';
import { PaintedRows } from './rows.js';
import { SpanLengths } from './span-edit.js';
import { ResultsTables } from './tables.js';
import { figure, solve, type Solved } from './solve.js';
import { convertModel } from './units.js';

type State = 'ready' | 'invalid' | 'mechanism';

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** A beam span's length field: `/spans/<index>/length`. */
const SPAN_LENGTH = /^\/spans\/(\d+)\/length$/;

/**
 * Writes an element's text only when it changes: writing even the same text replaces its text node, and the
 * browser then lays out the section around it again (the model's section: a 200-load table, ~7 ms a frame).
 */
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** The model a page opens with: the link's, else the kind's sample; a link that cannot be read says so. */
function openingModel(spec: KindSpec): { model: Model; note?: string } {
  const payload = new URLSearchParams(location.search).get('model');
  if (payload === null) return { model: structuredClone(spec.sample) };
  try {
    const decoded = decodeViewModel(payload);
    if (typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)) return { model: decoded as Model };
  } catch {
    // reported below: the page opens with the sample instead
  }
  return { model: structuredClone(spec.sample), note: 'The link’s model could not be read; showing an example instead.' };
}

export class Page {
  private readonly kind: Kind;
  private readonly spec: KindSpec;
  private readonly context: SolveContext;
  private readonly figures: Figures;
  private readonly report: Report;
  private readonly rows: PaintedRows;
  private readonly tables: ResultsTables;
  private model: Model;
  private response: Record<string, unknown> | undefined;
  /** The last solve (the request as validated, and the response): the figures draw from it. */
  private solved: Solved | undefined;
  private failure: Problem | undefined;
  private solves = 0;
  /** Whether the JSON box is on screen (an IntersectionObserver says), and whether its text is the model's. */
  private jsonOnScreen = false;
  private jsonCurrent = false;
  /** The issue notes shown and the fields marked invalid by the last update. */
  private issueNotes: HTMLElement[] = [];
  private invalidFields: HTMLElement[] = [];
  /** The model before the last units switch, while nothing else has changed: switching back restores it exactly. */
  private beforeSwitch: Model | undefined;
  /** The warnings list as last written. */
  private warnings = '';
  /** A beam's span lengths as last typed: editing one moves what stands beyond the span. */
  private readonly spanLengths = new SpanLengths();

  constructor(
    private readonly engine: Engine,
    sections: SectionLibrary,
  ) {
    this.kind = kindOfPath(location.pathname);
    this.spec = SPECS[this.kind];
    this.context = { engine, baseUrl: location.origin, link: false, sections };
    const opening = openingModel(this.spec);
    this.model = opening.model;
    document.title = `${this.spec.title} · Spanwise calculator`;
    $('#kind-title').textContent = this.spec.title;
    document.querySelectorAll<HTMLAnchorElement>('nav.kinds a').forEach((a) => {
      if (a.dataset.kind === this.kind) a.setAttribute('aria-current', 'page');
    });
    $('#engine-version').textContent = `engine ${engine.version}`;
    if (opening.note !== undefined) $('#notice').textContent = opening.note;
    this.figures = new Figures($('#figures'), this.kind, this.spec.views, this.spec.firstView, (view, combination, width) =>
      this.draw(view, combination, width),
    );
    this.report = new Report($('#report'), this.spec, engine.version, {
      current: () => ({ model: this.model, response: this.response }),
      draw: (view, combination, width) => this.draw(view, combination, width),
      changed: () => this.followAddress(),
    });
    this.rows = new PaintedRows($('#collections'), 'section[data-collection]');
    this.tables = new ResultsTables($('#tables'));
    this.listen();
    this.update(true);
  }

  private listen(): void {
    const editor = $('#collections');
    editor.addEventListener('input', (event) => {
      const target = event.target as HTMLInputElement;
      if (target.matches('input[type="text"][name]')) this.edit(target);
    });
    editor.addEventListener('change', (event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement;
      if (target.matches('[data-variant]')) this.reshape(target as HTMLSelectElement);
      else if (target.matches('select[name], input[type="checkbox"][name]')) this.edit(target);
    });
    editor.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-add], button[data-remove]');
      if (button?.dataset.add !== undefined) this.add(button.dataset.add);
      else if (button?.dataset.remove !== undefined) this.remove(button.dataset.remove);
    });
    $<HTMLSelectElement>('select[name="units"]').addEventListener('change', (event) =>
      this.switchUnits((event.target as HTMLSelectElement).value as UnitSystem),
    );
    $('#import-json').addEventListener('click', () => this.importJson());
    $('#json').addEventListener('toggle', () => this.showJson());
    // what the user types or pastes stays until the next edit of the model: the box's own filling (on `toggle` and
    // when it scrolls into view, both delivered later) must not overwrite a paste made just after opening it
    $('#model-json').addEventListener('input', () => {
      this.jsonCurrent = true;
    });
    new IntersectionObserver((entries) => {
      this.jsonOnScreen = entries.at(-1)!.isIntersecting;
      this.showJson();
    }).observe($('#model-json'));
    // the page prints its calculation report (report/report.ts builds it before printing)
    $('#print').addEventListener('click', () => window.print());
    $('#open-report').addEventListener('click', () => this.report.open());
  }

  private edit(field: HTMLInputElement | HTMLSelectElement): void {
    // the field's new text is laid out now, alone (it is laid out on its own: contain, style.css), before the
    // update changes the results: laid out together, the browser lays out the field's whole table again as well
    // (~5 ms a keystroke in a 200-load table)
    void field.offsetHeight;
    const at = field.name;
    const input = (field.dataset.input ?? 'text') as InputKind;
    const value = fieldValue(
      { input, field: tokens(at).at(-1) ?? '' },
      field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value,
    );
    const span = this.kind === 'beam' ? SPAN_LENGTH.exec(at) : null;
    const previous = span ? get(this.model, at) : undefined;
    // no standard means no combinations at all, not a combinations object without its standard
    if (at === '/combinations/standard' && value === undefined) delete this.model.combinations;
    else set(this.model, at, value);
    if (span) {
      const model = this.spanLengths.edit(this.model, Number(span[1]), previous, value);
      if (model !== this.model) {
        this.model = model;
        this.showFieldValues(field);
      }
    }
    this.beforeSwitch = undefined;
    if (tokens(at).at(-1) === 'section' && this.pickSection(at, field.value)) return;
    this.update(at.startsWith('/combinations/'));
  }

  /**
   * A section field: its datalist offers the matches of what is typed so far, and once the text names a section
   * the row's A and I become that section's (true: the tables are drawn again, keeping the caret in the field).
   */
  private pickSection(at: string, text: string): boolean {
    const list = document.getElementById(SECTION_OPTIONS_ID);
    const { sections } = this.context;
    if (!list || !sections) return false;
    list.replaceChildren(...sectionOptions(sections, text).map((name) => Object.assign(document.createElement('option'), { value: name })));
    const rowAt = at.slice(0, at.lastIndexOf('/'));
    const fields = rowAt.startsWith('/spans/') ? (['I'] as const) : this.kind === 'frame' ? (['A', 'I'] as const) : (['A'] as const);
    const row = withSection(sections, get(this.model, rowAt) as Row, fields, this.units());
    if (row === undefined) return false;
    set(this.model, rowAt, row);
    this.update(true, `[name="${CSS.escape(at)}"]`);
    // the field was drawn again: the caret goes back to the end of what was typed
    const again = document.querySelector<HTMLInputElement>(`[name="${CSS.escape(at)}"]`);
    again?.setSelectionRange(again.value.length, again.value.length);
    return true;
  }

  /**
   * Every text field shows the model's value again, but `typing` (whose text is the user's, half-typed maybe):
   * after an edit moved other values (a span's length moves the supports and loads beyond it).
   */
  private showFieldValues(typing: HTMLInputElement | HTMLSelectElement): void {
    for (const input of document.querySelectorAll<HTMLInputElement>('#collections input[type="text"][name]')) {
      if (input === typing) continue;
      const value = get(this.model, input.name);
      const text = input.classList.contains('num') ? inputText(value) : fieldText(value);
      if (input.value !== text) input.value = text;
    }
  }

  private collection(name: string): CollectionSpec {
    return this.spec.collections.find((c) => c.name === name)!;
  }

  /** A row changed shape (a point load made a udl): the fields both shapes have are kept. */
  private reshape(select: HTMLSelectElement): void {
    const at = select.dataset.variant!;
    const spec = this.spec.collections.find((c) => at.startsWith(`${c.path}/`))!;
    const row = get(this.model, at) as Row;
    set(this.model, at, spec.variant!.make(row, select.value, freshIn(this.units()), this.model));
    this.beforeSwitch = undefined;
    this.update(true, `[data-variant="${CSS.escape(at)}"]`);
  }

  private add(name: string): void {
    const spec = this.collection(name);
    const row = spec.blank(this.model, freshIn(this.units()));
    if (name === 'combinations' && this.model.combinations === undefined) this.model.combinations = { standard: 'custom' };
    const rows = get(this.model, spec.path);
    if (Array.isArray(rows)) rows.push(row);
    else set(this.model, spec.path, [row]);
    this.beforeSwitch = undefined;
    const index = rowsOf(this.model, spec).length - 1;
    this.update(true, `tr[data-row="${CSS.escape(`${spec.path}/${index}`)}"] :is(input, select)`);
  }

  private remove(at: string): void {
    const parts = tokens(at);
    const index = Number(parts.pop());
    const rows = get(this.model, `/${parts.join('/')}`);
    if (!Array.isArray(rows)) return;
    rows.splice(index, 1);
    this.beforeSwitch = undefined;
    // focus stays in the table: the row that took this one's place, else the one before, else the add button
    const name = this.spec.collections.find((c) => at.startsWith(`${c.path}/`))?.name ?? '';
    const next = index < rows.length ? index : index - 1;
    const focus = next >= 0 ? `[data-remove="${CSS.escape(`/${parts.join('/')}/${next}`)}"]` : `[data-add="${CSS.escape(name)}"]`;
    this.update(true, focus);
  }

  private units(): UnitSystem {
    return this.model.units === 'imperial' ? 'imperial' : 'SI';
  }

  private switchUnits(to: UnitSystem): void {
    if (to === this.units()) return;
    const restored =
      this.beforeSwitch?.units === to || (to === 'SI' && this.beforeSwitch?.units === undefined && this.beforeSwitch !== undefined);
    const next = restored ? this.beforeSwitch! : convertModel(this.model, this.spec, to);
    this.beforeSwitch = restored ? undefined : this.model;
    this.model = next;
    this.update(true, 'select[name="units"]');
  }

  private importJson(): void {
    const status = $('#import-status');
    let parsed: unknown;
    try {
      parsed = JSON.parse($<HTMLTextAreaElement>('#model-json').value);
    } catch (error) {
      status.textContent = `Not JSON: ${(error as Error).message}`;
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      status.textContent = `A ${this.kind} request is a JSON object.`;
      return;
    }
    status.textContent = '';
    this.model = parsed as Model;
    this.beforeSwitch = undefined;
    this.update(true, '#import-json');
  }

  /** Re-validate, re-solve, redraw; `structure` rebuilds the tables (rows added, removed or reshaped, units). */
  private update(structure: boolean, focus?: string): void {
    const started = performance.now();
    const active = document.activeElement as HTMLElement | null;
    const activeName = active?.getAttribute('name');
    if (structure) this.renderEditor();
    this.response = undefined;
    this.solved = undefined;
    this.failure = undefined;
    try {
      this.solved = solve(this.kind, this.model, this.context);
      this.response = this.solved.response;
    } catch (error) {
      this.failure =
        error instanceof Problem ? error : new Problem('engine_error', `The page could not solve this model: ${String(error)}`);
    }
    const solved = performance.now();
    const state: State = this.response ? 'ready' : this.failure?.code === 'unstable_structure' ? 'mechanism' : 'invalid';
    this.showIssues(this.failure?.issues ?? []);
    this.showResults(state);
    const tabulated = performance.now();
    if (this.response)
      this.figures.combinations(
        (this.response.envelope as { combinations?: { id: string; name: string }[] } | undefined)?.combinations ?? [],
      );
    // a mechanism is drawn at once, wherever the figures are: it is what the user must see
    if (state === 'mechanism') this.figures.show('problem');
    if (state !== 'invalid') this.figures.redraw(state === 'mechanism');
    this.report.outdated();
    const drawn = performance.now();
    $('#figures').classList.toggle('stale', state === 'invalid');
    this.jsonCurrent = false;
    this.showJson();
    this.followAddress();
    if (structure) {
      const target = focus
        ? document.querySelector<HTMLElement>(focus)
        : activeName
          ? document.querySelector<HTMLElement>(`[name="${CSS.escape(activeName)}"]`)
          : null;
      target?.focus();
    }
    // each phase of the last update, for the bench and the browser's performance panel
    const phases: [string, number, number][] = [
      ['solve', started, solved],
      ['tables', solved, tabulated],
      ['figure', tabulated, drawn],
      ['update', started, performance.now()],
    ];
    for (const [name, start, end] of phases) {
      performance.clearMeasures(`spanwise:${name}`);
      performance.measure(`spanwise:${name}`, { start, end });
    }
    this.solves += 1;
    document.body.dataset.solves = String(this.solves);
    document.body.dataset.state = state;
  }

  /**
   * The JSON box holds the current request body whenever it can be seen: it is filled as it opens or scrolls
   * into view (writing a 1,000-member model's text into a textarea on every edit costs more than the solve).
   */
  private showJson(): void {
    if (this.jsonCurrent || !this.jsonOnScreen || !$<HTMLDetailsElement>('#json').open) return;
    $<HTMLTextAreaElement>('#model-json').value = JSON.stringify(this.model, null, 2);
    this.jsonCurrent = true;
  }

  private renderEditor(): void {
    // rows added, removed or reshaped, units switched, a model imported: the remembered span lengths may not hold
    this.spanLengths.reset();
    const units = this.units();
    $<HTMLSelectElement>('select[name="units"]').value = units;
    const analysis = this.kind === 'frame' ? analysisHtml(this.model) : '';
    $('#collections').innerHTML = this.spec.collections.map((c) => collectionHtml(c, this.model, units)).join('') + analysis;
    this.rows.reset();
  }

  /** Each issue next to the field its path names, else next to its collection's table, else above the results. */
  private showIssues(issues: ProblemIssue[]): void {
    // those of the last update go (kept, rather than searched for among a big model's 2,000 fields)
    for (const note of this.issueNotes) note.remove();
    for (const field of this.invalidFields) field.removeAttribute('aria-invalid');
    this.issueNotes = [];
    this.invalidFields = [];
    for (const issue of issues) {
      const at = pointerOfPath(issue.path);
      const note = document.createElement('div');
      note.className = 'issue';
      note.setAttribute('role', 'alert');
      note.dataset.issueFor = issue.path;
      note.textContent = issue.message;
      const field = at === '' ? null : document.querySelector<HTMLElement>(`#collections [name="${CSS.escape(at)}"]`);
      const top = tokens(at)[0];
      const section = document.querySelector(`#collections section[data-collection="${CSS.escape(this.sectionOf(top))}"]`);
      this.issueNotes.push(note);
      if (field) {
        field.setAttribute('aria-invalid', 'true');
        this.invalidFields.push(field);
        field.after(note);
      } else if (section) {
        note.textContent = named(issue);
        section.querySelector('.scroll')!.after(note);
      } else {
        note.textContent = named(issue);
        $('#problems').append(note);
      }
    }
  }

  private sectionOf(top: string | undefined): string {
    return this.spec.collections.find((c) => tokens(c.path)[0] === top)?.name ?? '';
  }

  private showResults(state: State): void {
    const failure = this.failure;
    $('#results').classList.toggle('stale', state !== 'ready');
    const status = $('#status');
    if (state === 'ready') setText(status, '');
    else if (state === 'mechanism') setText(status, failure?.detail ?? 'The structure is a mechanism.');
    else
      setText(
        status,
        failure?.issues?.length
          ? `${(failure.detail ?? 'The model has problems').replace(/\.$/, '')}: see the fields marked below. The results are of the last valid model.`
          : (failure?.detail ?? ''),
      );
    if (!this.response) return;
    const response = this.response;
    const tables = [
      reactionsTable(response),
      extremesTable(this.kind, response),
      spansTable(response),
      displacementsTable(response),
      envelopeTable(response),
      bucklingTable(response),
    ];
    this.tables.show(tables.filter((t): t is Table => t !== undefined));
    const meta = response.meta as { warnings: string[]; check?: { equilibrium: number } };
    const warnings = meta.warnings.map((w) => `<li>${escapeXml(w)}</li>`).join('');
    if (warnings !== this.warnings) $('#warnings').innerHTML = warnings;
    this.warnings = warnings;
    const block = $('#warnings-block');
    if (block.hidden !== (meta.warnings.length === 0)) block.hidden = meta.warnings.length === 0;
    const equilibrium = $('#equilibrium');
    const residual = meta.check?.equilibrium;
    if (residual === undefined) {
      equilibrium.removeAttribute('data-value');
      setText(equilibrium, '');
    } else {
      equilibrium.dataset.value = String(residual);
      setText(
        equilibrium,
        `Equilibrium check: residual ${formatValue(residual)} of the applied loads (${residual <= 1e-9 ? 'satisfied' : 'not satisfied'})`,
      );
      equilibrium.classList.toggle('bad', residual > 1e-9);
    }
  }

  private draw(
    view: string,
    combination: string | undefined,
    width: number,
  ): { svg: string; mark?: { at?: { x: number; y: number }; message: string } } | { message: string } {
    if (this.solved) {
      try {
        const drawn = { model: this.model, solved: this.solved, width, ...(combination !== undefined && { combination }) };
        return { svg: figure(this.kind, view, this.context, drawn) };
      } catch (error) {
        // what the diagram route refuses (the envelope of a view that draws one analysis): its own reason
        if (error instanceof Problem) return { message: `No figure: ${error.issues?.[0]?.message ?? error.detail ?? error.code}.` };
        throw error;
      }
    }
    if (this.failure?.code !== 'unstable_structure') return { message: 'No figure: the model has problems (see the fields marked).' };
    if (view !== 'problem') return { message: 'No results: the structure is a mechanism (see the problem view).' };
    const place = this.failure.mechanism;
    const drawn = mechanismFigure(this.kind, this.model, place, width);
    return { svg: drawn.svg, mark: { at: drawn.mark, message: this.failure.detail ?? 'The structure is a mechanism.' } };
  }

  /** The address bar's `?model=` follows every edit (the links.view encoding), so the address is a share link. */
  private followAddress(): void {
    const link = viewLink(location.origin, this.kind, this.model as Json, this.engine.linkDeflater);
    // the report's title block and paper ride along (report/title.ts)
    const query = withSettings(link ? link.view.slice(link.view.indexOf('?')) : '', this.report.settings);
    // only when it changes: replaceState costs the browser tens of milliseconds on a page of 2,000 fields
    if (location.search !== query) history.replaceState(null, '', `${location.pathname}${query}`);
    setText($('#link-status'), link ? '' : 'This model is too large for a link (over 2,000 characters): share it as JSON below.');
  }
}

/** An issue shown away from its field, with the path it names (unless the message starts with it). */
function named(issue: ProblemIssue): string {
  return issue.path === '' || issue.message.startsWith(`${issue.path}:`) ? issue.message : `${issue.path}: ${issue.message}`;
}

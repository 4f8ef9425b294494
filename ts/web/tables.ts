/**
 * The results tables on the page. Tables of the same shape as those shown (an edit that moves a load) have only
 * their changed cells rewritten, in place: far cheaper for the browser than parsing a 1,000-member truss's tables
 * again, or than reading each cell back from the document. A long table's rows far from the screen keep what
 * they show until they come near (ts/web/rows.ts), so an edit writes and lays out only the rows in paint.
 */
import { tableHtml, type Cell, type Table } from './results.js';
import { PaintedRows } from './rows.js';

function shapeOf(table: Table): string {
  return `${table.id}|${table.caption}|${table.head.join('|')}|${table.rows.length}|${table.rows.map((r) => r.length).join(',')}`;
}

/** A row's cells that differ from those it shows, written in place, and only what changed in each. */
function writeRow(shown: HTMLTableRowElement, before: readonly Cell[], row: readonly Cell[]): void {
  row.forEach((cell, c) => {
    const old = before[c]!;
    if (old.text === cell.text && old.value === cell.value && old.path === cell.path) return;
    const td = shown.cells[c]!;
    // the cell's text node rewritten in place (a load's edit changes every force of a 1,000-member truss, never
    // a cell's path)
    if (old.text !== cell.text) {
      const text = td.firstChild;
      if (text instanceof Text && text === td.lastChild) text.data = cell.text;
      else td.textContent = cell.text;
    }
    if (cell.path === undefined) return;
    if (old.value !== cell.value) td.setAttribute('data-value', String(cell.value));
    if (old.path !== cell.path) td.setAttribute('data-path', cell.path);
  });
}

export class ResultsTables {
  /** The tables of the last update. */
  private latest: Table[] = [];
  /** What each row shows, per table: the latest row, or an earlier one while the row is far. */
  private shown: (readonly Cell[])[][] = [];
  /** Each table's body, as last written whole. */
  private bodies: HTMLTableSectionElement[] = [];
  private readonly rows: PaintedRows;

  constructor(private readonly holder: HTMLElement) {
    this.rows = new PaintedRows(holder, ':scope > .scroll', (body, row) => this.reveal(body, row));
  }

  show(tables: Table[]): void {
    const same = this.latest.length === tables.length && tables.every((t, i) => shapeOf(this.latest[i]!) === shapeOf(t));
    this.latest = tables;
    if (!same) {
      this.holder.innerHTML = tables.map((t) => `<div class="scroll">${tableHtml(t)}</div>`).join('');
      this.shown = tables.map((t) => [...t.rows]);
      this.bodies = [...this.holder.querySelectorAll<HTMLTableElement>(':scope > .scroll > table')].map((table) => table.tBodies[0]!);
      this.rows.reset();
      return;
    }
    this.bodies.forEach((body, t) => {
      const shown = this.shown[t]!;
      tables[t]!.rows.forEach((row, r) => {
        if (!this.rows.isPainted(body, r)) return;
        writeRow(body.rows[r]!, shown[r]!, row);
        shown[r] = row;
      });
    });
  }

  /** A far row coming near: brought up to date with the latest tables. */
  private reveal(body: HTMLTableSectionElement, r: number): void {
    const t = this.bodies.indexOf(body);
    const row = this.latest[t]?.rows[r];
    if (row === undefined) return;
    writeRow(body.rows[r]!, this.shown[t]![r]!, row);
    this.shown[t]![r] = row;
  }
}

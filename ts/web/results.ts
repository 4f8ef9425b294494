/**
 * The solve response as tables: reactions, extremes (a truss's member forces), displacements and the
 * envelope. Every number cell names its place in the response (`data-path`, a JSON pointer) and carries
 * the value exactly as the JSON response writes it (`data-value`, `String(number)`); the cell shows it
 * rounded for reading. Pure: HTML text out, so it is tested without a browser.
 */
import { escapeXml } from '../svg/escape.js';
import type { Kind } from './kinds.js';
import { pointer } from './pointer.js';

export interface Cell {
  text: string;
  /** The number's pointer in the response, for number cells. */
  path?: string;
  value?: number;
}

export interface Table {
  id: string;
  caption: string;
  head: string[];
  rows: Cell[][];
}

type Plain = { [key: string]: unknown };

/** A number for reading: 4 significant figures, no exponent for everyday magnitudes, -0 shown as 0. */
export function formatValue(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e7) return String(Number(value.toPrecision(4)));
  return value
    .toExponential(3)
    .replace(/\.?0+e/, 'e')
    .replace('e+', 'e');
}

function numberCell(value: unknown, at: (string | number)[]): Cell {
  return typeof value === 'number'
    ? { text: formatValue(value), path: pointer(at), value }
    : { text: value === undefined ? '' : String(value) };
}

const text = (t: string): Cell => ({ text: t });

/** Column headings of the fields reactions and displacements carry, with the unit-label key of each. */
const FIELDS: Record<string, [string, string?]> = {
  type: ['Support'],
  node: ['Node'],
  position: ['Position', 'length'],
  horizontal: ['Horizontal', 'force'],
  vertical: ['Vertical', 'force'],
  moment: ['Moment', 'moment'],
  dx: ['dx', 'displacement'],
  dy: ['dy', 'displacement'],
  rotation: ['Rotation', 'rotation'],
};

function heading(key: string, labels: Plain): string {
  const [title, unit] = FIELDS[key] ?? [key];
  const label = unit === undefined ? undefined : labels[unit];
  return typeof label === 'string' ? `${title} (${label})` : title;
}

/** A table of an array of flat records (reactions, displacements), one column per field of the first. */
function recordTable(id: string, caption: string, name: string, records: unknown, labels: Plain): Table {
  const list = Array.isArray(records) ? (records as Plain[]) : [];
  const keys = Object.keys(list[0] ?? {});
  return {
    id,
    caption,
    head: keys.map((k) => heading(k, labels)),
    rows: list.map((r, i) => keys.map((k) => numberCell(r[k], [name, i, k]))),
  };
}

const NAMES: Record<string, string> = {
  shear: 'Shear',
  moment: 'Moment',
  deflection: 'Deflection',
  axial: 'Axial',
  max: 'max',
  min: 'min',
  maxSagging: 'max sagging',
  maxHogging: 'max hogging',
  maxUp: 'max up',
  maxDown: 'max down',
  extremes: '',
  reactions: 'reaction',
  memberForces: 'force',
  displacements: 'displacement',
  members: '',
  spans: '',
};

const QUANTITY_LABEL: Record<string, string> = { shear: 'force', axial: 'force', moment: 'moment', deflection: 'deflection' };

/** Rows `quantity | extreme | value | position` of one extremes object (a beam's, or a frame member's). */
function extremeRows(extremes: Plain, at: (string | number)[], labels: Plain, lead: Cell[]): Cell[][] {
  const rows: Cell[][] = [];
  for (const [quantity, entries] of Object.entries(extremes)) {
    // a beam's per-span deflections have their own table (spansTable)
    if (Array.isArray(entries)) continue;
    const unit = labels[QUANTITY_LABEL[quantity] ?? ''] ?? labels.displacement;
    for (const [which, entry] of Object.entries(entries as Plain)) {
      const { value, position } = entry as Plain;
      rows.push([
        ...lead,
        text(`${NAMES[quantity] ?? quantity} (${String(unit)})`),
        text(NAMES[which] ?? which),
        numberCell(value, [...at, quantity, which, 'value']),
        numberCell(position, [...at, quantity, which, 'position']),
      ]);
    }
  }
  return rows;
}

export function reactionsTable(response: Plain): Table {
  const labels = ((response.meta as Plain | undefined)?.unitLabels ?? {}) as Plain;
  return recordTable('reactions', 'Reactions (unfactored)', 'reactions', response.reactions, labels);
}

/** Extremes: a beam's along the beam, a frame's per member; a truss's member forces (tension positive). */
export function extremesTable(kind: Kind, response: Plain): Table {
  const labels = ((response.meta as Plain | undefined)?.unitLabels ?? {}) as Plain;
  const position = `Position (${String(labels.length)})`;
  if (kind === 'truss') {
    const forces = (Array.isArray(response.memberForces) ? response.memberForces : []) as Plain[];
    return {
      id: 'extremes',
      caption: 'Member forces (tension positive)',
      head: ['Member', 'From', 'To', `Force (${String(labels.force)})`],
      rows: forces.map((m, i) => (['member', 'from', 'to', 'force'] as const).map((k) => numberCell(m[k], ['memberForces', i, k]))),
    };
  }
  if (kind === 'beam') {
    return {
      id: 'extremes',
      caption: 'Extremes',
      head: ['Quantity', 'Extreme', 'Value', position],
      rows: extremeRows((response.extremes ?? {}) as Plain, ['extremes'], labels, []),
    };
  }
  const members = (Array.isArray(response.members) ? response.members : []) as Plain[];
  return {
    id: 'extremes',
    caption: 'Member extremes (local axes)',
    head: ['Member', 'Quantity', 'Extreme', 'Value', `${position} from start`],
    rows: members.flatMap((m, i) =>
      extremeRows((m.extremes ?? {}) as Plain, ['members', i, 'extremes'], labels, [numberCell(m.member, ['members', i, 'member'])]),
    ),
  };
}

/** L/ratio as engineers write it: `L/569`. */
export function ratioText(ratio: number): string {
  return `L/${Math.round(ratio)}`;
}

/**
 * Serviceability at a glance: each beam span's largest deflection and L/deflection, to set against L/360 or
 * L/250 (`extremes.spans`); with combinations, the SLS combination that deflects each span most.
 */
export function spansTable(response: Plain): Table | undefined {
  const extremes = response.extremes as Plain | undefined;
  if (!Array.isArray(extremes?.spans)) return undefined;
  const labels = ((response.meta as Plain | undefined)?.unitLabels ?? {}) as Plain;
  const sls = (((response.envelope as Plain | undefined)?.sls as Plain | undefined)?.extremes as Plain | undefined)?.spans;
  const governing = Array.isArray(sls) ? (sls as Plain[]) : undefined;
  const ratio = (span: Plain | undefined): Cell => (typeof span?.ratio === 'number' ? text(ratioText(span.ratio)) : text('—'));
  return {
    id: 'spans',
    caption: 'Span deflections (L/deflection)',
    head: [
      'Span',
      `From (${String(labels.length)})`,
      `To (${String(labels.length)})`,
      `Deflection (${String(labels.deflection)})`,
      `At (${String(labels.length)})`,
      'L/δ',
      ...(governing ? ['SLS envelope', 'SLS L/δ'] : []),
    ],
    rows: (extremes.spans as Plain[]).map((span, i) => {
      const at = ['extremes', 'spans', i];
      const deflection = span.deflection as Plain;
      const sls = governing?.[i];
      return [
        text(String(i + 1)),
        numberCell(span.from, [...at, 'from']),
        numberCell(span.to, [...at, 'to']),
        numberCell(deflection.value, [...at, 'deflection', 'value']),
        numberCell(deflection.position, [...at, 'deflection', 'position']),
        ratio(span),
        ...(sls
          ? [numberCell((sls.deflection as Plain).value, ['envelope', 'sls', 'extremes', 'spans', i, 'deflection', 'value']), ratio(sls)]
          : []),
      ];
    }),
  };
}

export function displacementsTable(response: Plain): Table | undefined {
  if (!Array.isArray(response.displacements)) return undefined;
  const labels = ((response.meta as Plain | undefined)?.unitLabels ?? {}) as Plain;
  return recordTable('displacements', 'Joint displacements', 'displacements', response.displacements, labels);
}

/**
 * A governing arrangement of pattern loading (decisions.md 17) as words: the pieces present. A beam's by their
 * stretches; a frame's by case, members then nodes, consecutive ids as one run ("Q members 11–19, 30–38"): a large
 * frame's bound names hundreds of members, mostly whole floors.
 */
function arrangement(pattern: unknown): string {
  if (!Array.isArray(pattern)) return '';
  if (pattern.length === 0) return ', no patterned piece';
  const words: string[] = [];
  // a frame's pieces of one case and kind in a row: its label and their ids
  let label = '';
  let ids: number[] = [];
  const close = () => {
    if (ids.length > 0) words.push(runs(label, ids));
    ids = [];
  };
  for (const p of pattern as Plain[]) {
    const kind = p.member !== undefined ? 'member' : p.node !== undefined ? 'node' : undefined;
    if (kind === undefined) {
      close();
      words.push(`${String(p.case)} ${String(p.from)}–${String(p.to)}`);
      continue;
    }
    if (`${String(p.case)} ${kind}` !== label) close();
    label = `${String(p.case)} ${kind}`;
    ids.push(Number(p[kind]));
  }
  close();
  return `, with ${words.join(', ')}`;
}

/** `Q members 11–19, 30–38`: the ids, each run of consecutive ones as its first and last. */
function runs(label: string, ids: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    out.push(i === j ? `${ids[i]}` : `${ids[i]}–${ids[j]}`);
    i = j + 1;
  }
  return `${label}${ids.length > 1 ? 's' : ''} ${out.join(', ')}`;
}

/** Every governing value of the envelope (`{value, combination}` anywhere under uls and sls), with where it is. */
export function envelopeTable(response: Plain): Table | undefined {
  const envelope = response.envelope as Plain | undefined;
  if (envelope === undefined) return undefined;
  const names = new Map(((envelope.combinations ?? []) as Plain[]).map((c) => [c.id, c.name]));
  const rows: Cell[][] = [];
  const walk = (value: unknown, at: (string | number)[], label: string[]) => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Plain;
    if (typeof record.value === 'number' && typeof record.combination === 'string') {
      rows.push([
        text(String(at[1]).toUpperCase()),
        text(label.filter((l) => l !== '').join(' ')),
        numberCell(record.value, [...at, 'value']),
        text(`${String(names.get(record.combination) ?? record.combination)}${arrangement(record.pattern)}`),
      ]);
      return;
    }
    if (Array.isArray(value)) {
      // a list of records named by their node, member or support position
      value.forEach((item, i) => {
        const r = item as Plain;
        const name =
          r.node !== undefined
            ? `node ${String(r.node)}`
            : r.member !== undefined
              ? `member ${String(r.member)}`
              : r.from !== undefined
                ? `span ${i + 1}`
                : `at ${formatValue(Number(r.position))}`;
        walk(item, [...at, i], [...label, name]);
      });
      return;
    }
    for (const [key, child] of Object.entries(record)) {
      if (['diagrams', 'shear', 'moment', 'deflection'].includes(key) && Array.isArray((child as Plain | undefined)?.max)) continue;
      walk(child, [...at, key], [...label, NAMES[key] ?? key]);
    }
  };
  for (const state of ['uls', 'sls']) if (envelope[state] !== undefined) walk(envelope[state], ['envelope', state], []);
  return { id: 'envelope', caption: 'Envelope: governing values', head: ['Limit state', 'What', 'Value', 'Combination'], rows };
}

function cellHtml(cell: Cell): string {
  if (cell.path === undefined) return `<td>${escapeXml(cell.text)}</td>`;
  return `<td class="num" data-path="${escapeXml(cell.path)}" data-value="${String(cell.value)}">${escapeXml(cell.text)}</td>`;
}

export function tableHtml(table: Table): string {
  const head = table.head.map((h) => `<th scope="col">${escapeXml(h)}</th>`).join('');
  const body = table.rows.map((r) => `<tr>${r.map(cellHtml).join('')}</tr>`).join('');
  return `<table id="${table.id}"><caption>${escapeXml(table.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

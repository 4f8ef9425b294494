/**
 * The three structure kinds as the page edits them: their tables (ts/web/columns.ts), the figure views the
 * diagram route accepts (ts/schema/diagram.ts) and the model a page opens with when the link carries none
 * (the beam and the truss of the README, whose golden fixtures hold them once).
 */
import simplySupported from '../../test/fixtures/beam/simply-supported-udl.json' with { type: 'json' };
import triangle from '../../test/fixtures/truss/triangle.json' with { type: 'json' };
import { LOAD_CASES } from '../combinations/types.js';
import { BEAM_VIEWS, FRAME_VIEWS, TRUSS_VIEWS } from '../schema/diagram.js';
import { LOAD_DIRECTIONS } from '../schema/frame.js';
import type { Quantity } from '../units/index.js';
import { combinationsSpec } from './combinations.js';
import { nextId, reshaped, rowsOf, type CollectionSpec, type Column, type Model, type Row } from './columns.js';

export type Kind = 'beam' | 'truss' | 'frame';
export const KINDS: readonly Kind[] = ['beam', 'truss', 'frame'];

export interface KindSpec {
  kind: Kind;
  title: string;
  collections: CollectionSpec[];
  views: readonly string[];
  /** The view shown first, and the one that carries a mechanism's mark. */
  firstView: string;
  sample: Model;
}

/** A load's case: the first column of every load table, so that a wide one (a load's many fields) never hides it behind its scroll. */
const caseColumn: Column = { field: 'case', label: 'Case', input: 'select', options: LOAD_CASES, optional: true };
const is =
  (...types: string[]) =>
  (row: Row) =>
    types.includes(String(row.type));
const num = (row: Row, key: string, fallback: number) => (typeof row[key] === 'number' ? (row[key] as number) : fallback);
const last = (rows: Row[]) => rows[rows.length - 1];

function beamLength(model: Model): number {
  return rowsOf(model, { path: '/spans' } as CollectionSpec).reduce((sum, s) => sum + num(s, 'length', 0), 0);
}

const beamLoadQuantity = (row: Row): Quantity | undefined =>
  ({ point: 'force', moment: 'moment', udl: 'lineLoad', area: 'pressure' })[String(row.type)] as Quantity | undefined;

const beam: KindSpec = {
  kind: 'beam',
  title: 'Beam',
  views: BEAM_VIEWS,
  firstView: 'setup',
  collections: [
    {
      name: 'spans',
      path: '/spans',
      title: 'Spans',
      noun: 'span',
      columns: [
        { field: 'length', label: 'Length', input: 'number', quantity: 'length' },
        { field: 'E', label: 'E', input: 'number', quantity: 'modulus' },
        { field: 'I', label: 'I', input: 'number', quantity: 'inertia', optional: true },
        { field: 'section', label: 'Section', input: 'text', optional: true },
        { field: 'connection', label: 'Joint to previous', input: 'select', options: ['rigid', 'hinge'], optional: true },
      ],
      blank: (model, fresh) => {
        const previous = last(rowsOf(model, beam.collections[0]!));
        return {
          length: num(previous ?? {}, 'length', fresh('length', 5)),
          E: previous?.E ?? fresh('modulus', 200),
          I: previous?.I ?? fresh('inertia', 1e8),
        };
      },
    },
    {
      name: 'supports',
      path: '/supports',
      title: 'Supports',
      noun: 'support',
      columns: [
        { field: 'type', label: 'Type', input: 'select', options: ['pin', 'roller', 'fixed'] },
        { field: 'position', label: 'Position', input: 'number', quantity: 'length' },
        { field: 'settlement', label: 'Settlement', input: 'number', quantity: 'displacement', optional: true },
      ],
      blank: (model) => ({ type: 'roller', position: beamLength(model) }),
    },
    {
      name: 'loads',
      path: '/loads',
      title: 'Loads',
      noun: 'load',
      variant: {
        label: 'Type',
        field: 'type',
        options: ['point', 'udl', 'area', 'moment'],
        of: (row) => String(row.type),
        make: (row, type, fresh) => {
          const pointLike = (t: string) => t === 'point' || t === 'moment';
          if (pointLike(type)) {
            const keep = ['position', 'case', ...(pointLike(String(row.type)) ? ['magnitude'] : [])];
            return reshaped(row, keep, {
              type,
              magnitude: fresh(type === 'point' ? 'force' : 'moment', -10),
              position: num(row, 'from', 0),
            });
          }
          // a point load's position becomes the start of a load one unit long
          const from = num(row, 'position', 0);
          const extra: Row = { type, start: fresh(type === 'udl' ? 'lineLoad' : 'pressure', -5), from, to: from + fresh('length', 1) };
          if (type === 'area') extra.width = fresh('length', 1);
          return reshaped(row, ['start', 'end', 'from', 'to', 'case', ...(type === 'area' ? ['width', 'endWidth'] : [])], extra);
        },
      },
      columns: [
        caseColumn,
        { field: 'magnitude', label: 'Magnitude', input: 'number', quantity: beamLoadQuantity, applies: is('point', 'moment') },
        { field: 'position', label: 'Position', input: 'number', quantity: 'length', applies: is('point', 'moment') },
        { field: 'start', label: 'Start', input: 'number', quantity: beamLoadQuantity, applies: is('udl', 'area') },
        { field: 'end', label: 'End', input: 'number', quantity: beamLoadQuantity, optional: true, applies: is('udl', 'area') },
        { field: 'from', label: 'From', input: 'number', quantity: 'length', applies: is('udl', 'area') },
        { field: 'to', label: 'To', input: 'number', quantity: 'length', applies: is('udl', 'area') },
        { field: 'width', label: 'Width', input: 'number', quantity: 'length', applies: is('area') },
        { field: 'endWidth', label: 'End width', input: 'number', quantity: 'length', optional: true, applies: is('area') },
      ],
      blank: (model, fresh) => ({ type: 'point', magnitude: fresh('force', -10), position: beamLength(model) / 2 }),
    },
    combinationsSpec,
  ],
  sample: simplySupported.request,
};

const idColumn: Column = { field: 'id', label: 'Id', input: 'integer' };

function nodesSpec(): CollectionSpec {
  return {
    name: 'nodes',
    path: '/nodes',
    title: 'Nodes',
    noun: 'node',
    columns: [
      idColumn,
      { field: 'x', label: 'x', input: 'number', quantity: 'length' },
      { field: 'y', label: 'y', input: 'number', quantity: 'length' },
    ],
    blank: (model, fresh) => {
      const rows = rowsOf(model, nodesSpec());
      const previous = last(rows);
      return { id: nextId(rows), x: num(previous ?? {}, 'x', 0) + fresh('length', 1), y: num(previous ?? {}, 'y', 0) };
    },
  };
}

function nodeIds(model: Model): number[] {
  return rowsOf(model, { path: '/nodes' } as CollectionSpec).flatMap((n) => (typeof n.id === 'number' ? [n.id] : []));
}

function firstMemberId(model: Model): number {
  const first = rowsOf(model, { path: '/members' } as CollectionSpec)[0];
  return typeof first?.id === 'number' ? first.id : 1;
}

function membersSpec(frame: boolean): CollectionSpec {
  const columns: Column[] = [
    idColumn,
    { field: 'from', label: 'From node', input: 'integer' },
    { field: 'to', label: 'To node', input: 'integer' },
    { field: 'material', label: 'Material', input: 'integer', optional: true },
  ];
  if (frame) {
    columns.push(
      { field: 'releases/start', label: 'Hinge at start', input: 'checkbox', optional: true },
      { field: 'releases/end', label: 'Hinge at end', input: 'checkbox', optional: true },
    );
  }
  return {
    name: 'members',
    path: '/members',
    title: 'Members',
    noun: 'member',
    columns,
    blank: (model) => {
      const ids = nodeIds(model);
      return { id: nextId(rowsOf(model, membersSpec(frame))), from: ids[0] ?? 1, to: ids[1] ?? 2 };
    },
  };
}

function materialsSpec(frame: boolean): CollectionSpec {
  const columns: Column[] = [
    idColumn,
    { field: 'E', label: 'E', input: 'number', quantity: 'modulus', optional: true },
    { field: 'A', label: 'A', input: 'number', quantity: 'area', optional: true },
  ];
  if (frame) columns.push({ field: 'I', label: 'I', input: 'number', quantity: 'inertia', optional: true });
  columns.push({ field: 'section', label: 'Section', input: 'text', optional: true });
  return {
    name: 'materials',
    path: '/materials',
    title: 'Materials',
    noun: 'material',
    columns,
    blank: (model, fresh) => ({
      id: nextId(rowsOf(model, materialsSpec(frame))),
      E: fresh('modulus', 200),
      A: fresh('area', 5000),
      ...(frame && { I: fresh('inertia', 5e7) }),
    }),
  };
}

function supportsSpec(frame: boolean): CollectionSpec {
  const columns: Column[] = [
    { field: 'node', label: 'Node', input: 'integer' },
    { field: 'type', label: 'Type', input: 'select', options: frame ? ['pin', 'roller', 'fixed'] : ['pin', 'roller'] },
    { field: 'angle', label: 'Roller angle (deg)', input: 'number', optional: true },
    { field: 'settlement/x', label: 'Settlement x', input: 'number', quantity: 'displacement', optional: true },
    { field: 'settlement/y', label: 'Settlement y', input: 'number', quantity: 'displacement', optional: true },
  ];
  if (frame)
    columns.push({ field: 'settlement/rotation', label: 'Settlement rotation', input: 'number', quantity: 'rotation', optional: true });
  return {
    name: 'supports',
    path: '/supports',
    title: 'Supports',
    noun: 'support',
    columns,
    blank: (model) => ({ node: nodeIds(model)[0] ?? 1, type: 'pin' }),
  };
}

const truss: KindSpec = {
  kind: 'truss',
  title: 'Truss',
  views: TRUSS_VIEWS,
  firstView: 'results',
  collections: [
    nodesSpec(),
    membersSpec(false),
    materialsSpec(false),
    supportsSpec(false),
    {
      name: 'loads',
      path: '/loads',
      title: 'Loads',
      noun: 'load',
      variant: {
        label: 'Given as',
        options: ['components', 'polar'],
        of: (row) => ('magnitude' in row || 'angle' in row ? 'polar' : 'components'),
        make: (row, form, fresh) =>
          reshaped(
            row,
            ['node', 'case'],
            form === 'polar' ? { node: 1, magnitude: fresh('force', 10), angle: -90 } : { node: 1, fy: fresh('force', -10) },
          ),
      },
      columns: [
        caseColumn,
        { field: 'node', label: 'Node', input: 'integer' },
        {
          field: 'fx',
          label: 'Fx',
          input: 'number',
          quantity: 'force',
          optional: true,
          applies: (r) => !('magnitude' in r || 'angle' in r),
        },
        {
          field: 'fy',
          label: 'Fy',
          input: 'number',
          quantity: 'force',
          optional: true,
          applies: (r) => !('magnitude' in r || 'angle' in r),
        },
        { field: 'magnitude', label: 'Magnitude', input: 'number', quantity: 'force', applies: (r) => 'magnitude' in r || 'angle' in r },
        { field: 'angle', label: 'Angle (deg)', input: 'number', applies: (r) => 'magnitude' in r || 'angle' in r },
      ],
      blank: (model, fresh) => ({ node: nodeIds(model).at(-1) ?? 1, fx: 0, fy: fresh('force', -10) }),
    },
    {
      name: 'fabricationErrors',
      path: '/fabricationErrors',
      title: 'Fabrication errors',
      noun: 'fabrication error',
      variant: {
        label: 'Type',
        field: 'type',
        options: ['lack-of-fit', 'thermal'],
        of: (row) => String(row.type),
        make: (row, type, fresh) =>
          reshaped(
            row,
            ['member'],
            type === 'thermal'
              ? { type, member: 1, alpha: 0.000012, deltaT: 20 }
              : { type, member: 1, deltaLength: fresh('displacement', 1) },
          ),
      },
      columns: [
        { field: 'member', label: 'Member', input: 'integer' },
        { field: 'deltaLength', label: 'Length error', input: 'number', quantity: 'displacement', applies: is('lack-of-fit') },
        { field: 'alpha', label: 'α (per °C)', input: 'number', applies: is('thermal') },
        { field: 'deltaT', label: 'ΔT (°C)', input: 'number', applies: is('thermal') },
      ],
      blank: (model, fresh) => ({ type: 'lack-of-fit', member: firstMemberId(model), deltaLength: fresh('displacement', 1) }),
    },
    combinationsSpec,
  ],
  sample: triangle.request,
};

const memberLoadQuantity = (row: Row): Quantity | undefined =>
  ({ point: 'force', moment: 'moment', udl: 'lineLoad' })[String(row.type)] as Quantity | undefined;

/** A member's length from its nodes, for a new load along all of it. */
function memberLength(model: Model, id: number): number {
  const member = rowsOf(model, { path: '/members' } as CollectionSpec).find((m) => m.id === id);
  const nodes = rowsOf(model, { path: '/nodes' } as CollectionSpec);
  const [a, b] = [nodes.find((n) => n.id === member?.from), nodes.find((n) => n.id === member?.to)];
  return a && b ? Math.hypot(num(b, 'x', 0) - num(a, 'x', 0), num(b, 'y', 0) - num(a, 'y', 0)) : 1;
}

const frame: KindSpec = {
  kind: 'frame',
  title: 'Frame',
  views: FRAME_VIEWS,
  firstView: 'results',
  collections: [
    nodesSpec(),
    membersSpec(true),
    materialsSpec(true),
    supportsSpec(true),
    {
      name: 'nodalLoads',
      path: '/nodalLoads',
      title: 'Nodal loads',
      noun: 'nodal load',
      columns: [
        caseColumn,
        { field: 'node', label: 'Node', input: 'integer' },
        { field: 'fx', label: 'Fx', input: 'number', quantity: 'force', optional: true },
        { field: 'fy', label: 'Fy', input: 'number', quantity: 'force', optional: true },
        { field: 'moment', label: 'Moment', input: 'number', quantity: 'moment', optional: true },
      ],
      blank: (model, fresh) => ({ node: nodeIds(model).at(-1) ?? 1, fx: fresh('force', 10) }),
    },
    {
      name: 'memberLoads',
      path: '/memberLoads',
      title: 'Member loads',
      noun: 'member load',
      variant: {
        label: 'Type',
        field: 'type',
        options: ['point', 'udl', 'moment'],
        of: (row) => String(row.type),
        make: (row, type, fresh, model) => {
          const member = num(row, 'member', 1);
          if (type === 'udl') {
            return reshaped(row, ['member', 'direction', 'case'], {
              type,
              member,
              start: fresh('lineLoad', -10),
              from: 0,
              to: memberLength(model, member),
            });
          }
          const extra: Row = { type, member, magnitude: fresh(type === 'point' ? 'force' : 'moment', -10), position: num(row, 'from', 0) };
          return reshaped(row, ['member', 'position', 'case', ...(type === 'point' ? ['direction'] : [])], extra);
        },
      },
      columns: [
        caseColumn,
        { field: 'member', label: 'Member', input: 'integer' },
        { field: 'magnitude', label: 'Magnitude', input: 'number', quantity: memberLoadQuantity, applies: is('point', 'moment') },
        { field: 'position', label: 'Position', input: 'number', quantity: 'length', applies: is('point', 'moment') },
        { field: 'start', label: 'Start', input: 'number', quantity: 'lineLoad', applies: is('udl') },
        { field: 'end', label: 'End', input: 'number', quantity: 'lineLoad', optional: true, applies: is('udl') },
        { field: 'from', label: 'From', input: 'number', quantity: 'length', optional: true, applies: is('udl') },
        { field: 'to', label: 'To', input: 'number', quantity: 'length', optional: true, applies: is('udl') },
        { field: 'direction', label: 'Direction', input: 'select', options: LOAD_DIRECTIONS, optional: true, applies: is('point', 'udl') },
      ],
      blank: (model, fresh) => {
        const member = firstMemberId(model);
        return { type: 'udl', member, start: fresh('lineLoad', -10), from: 0, to: memberLength(model, member) };
      },
    },
    combinationsSpec,
  ],
  sample: {
    nodes: [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 0, y: 4 },
      { id: 3, x: 6, y: 4 },
      { id: 4, x: 6, y: 0 },
    ],
    members: [
      { id: 1, from: 1, to: 2 },
      { id: 2, from: 2, to: 3 },
      { id: 3, from: 4, to: 3 },
    ],
    materials: [{ id: 1, E: 200, A: 5000, I: 50000000 }],
    supports: [
      { node: 1, type: 'fixed' },
      { node: 4, type: 'fixed' },
    ],
    nodalLoads: [{ node: 2, fx: 10 }],
    memberLoads: [{ type: 'udl', member: 2, start: -10, from: 0, to: 6 }],
  },
};

export const SPECS: Record<Kind, KindSpec> = { beam, truss, frame };

/** The kind a page address names by its last path segment (`/calculator/truss` -> truss); beam otherwise. */
export function kindOfPath(pathname: string): Kind {
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (KINDS as readonly string[]).includes(segment) ? (segment as Kind) : 'beam';
}

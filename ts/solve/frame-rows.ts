/**
 * A frame answer's member rows, held as the engine's member columns in the response's units (column-rows.ts):
 * the unfactored analysis's members (ends, extremes and, when shown, diagrams) and each combination's member
 * extremes. A 1,000-member frame's rows are tens of thousands of numbers, and with combinations half a million;
 * cleaned and written from the columns, they are objects only for code that reads them as such.
 */
import { deflectionExtremes, downwardGoverns, type FrameMemberExtremes, type FrameMemberExtremesList } from '../combinations/index.js';
import { MEMBER_COLUMNS, type FrameDiagramName, type MemberColumn } from '../engine/frame-model.js';
import type { FrameSolveRequest } from '../schema/frame.js';
import { fromEngineColumn, type Quantity, type UnitSystem } from '../units/index.js';
import { ColumnRows, idColumn, type RowColumn } from './column-rows.js';
import type { SeriesData } from './json-text.js';

/** The quantity of each member column the response shows. */
const COLUMN_QUANTITY = {
  length: 'length',
  startAxial: 'force',
  startShear: 'force',
  startMoment: 'moment',
  endAxial: 'force',
  endShear: 'force',
  endMoment: 'moment',
  axialMax: 'force',
  axialMaxAt: 'length',
  axialMin: 'force',
  axialMinAt: 'length',
  shearMax: 'force',
  shearMaxAt: 'length',
  shearMin: 'force',
  shearMinAt: 'length',
  momentMax: 'moment',
  momentMaxAt: 'length',
  momentMin: 'moment',
  momentMinAt: 'length',
  deflectionMax: 'displacement',
  deflectionMaxAt: 'length',
  deflectionMin: 'displacement',
  deflectionMinAt: 'length',
} as const satisfies Record<MemberColumn, Quantity>;

export type Columns = Record<MemberColumn, Float64Array>;

/** The member columns in the response's units, converted a column at a time. */
export function presentedColumns(c: Columns, units: UnitSystem): Columns {
  const out = {} as Columns;
  for (const column of MEMBER_COLUMNS) out[column] = fromEngineColumn(COLUMN_QUANTITY[column], c[column], units);
  return out;
}

/** Member `k`'s extremes from the presented columns. */
function memberExtremes(c: Columns, k: number): FrameMemberExtremes {
  const entry = (value: Float64Array, at: Float64Array) => ({ value: value[k]!, position: at[k]! });
  return {
    axial: { max: entry(c.axialMax, c.axialMaxAt), min: entry(c.axialMin, c.axialMinAt) },
    shear: { max: entry(c.shearMax, c.shearMaxAt), min: entry(c.shearMin, c.shearMinAt) },
    moment: { maxSagging: entry(c.momentMax, c.momentMaxAt), maxHogging: entry(c.momentMin, c.momentMinAt) },
    deflection: deflectionExtremes(entry(c.deflectionMax, c.deflectionMaxAt), entry(c.deflectionMin, c.deflectionMinAt)),
  };
}

type RowValue = MemberColumn | 'deflectionMost' | 'deflectionMostAt';

/** Where each column sits in a member's row: its ends, then its extremes in `memberExtremes`' order. */
const END_PATHS: readonly (readonly [readonly string[], RowValue])[] = [
  [['length'], 'length'],
  [['start', 'axial'], 'startAxial'],
  [['start', 'shear'], 'startShear'],
  [['start', 'moment'], 'startMoment'],
  [['end', 'axial'], 'endAxial'],
  [['end', 'shear'], 'endShear'],
  [['end', 'moment'], 'endMoment'],
];
const EXTREME_PATHS: readonly (readonly [readonly string[], RowValue])[] = [
  [['extremes', 'axial', 'max', 'value'], 'axialMax'],
  [['extremes', 'axial', 'max', 'position'], 'axialMaxAt'],
  [['extremes', 'axial', 'min', 'value'], 'axialMin'],
  [['extremes', 'axial', 'min', 'position'], 'axialMinAt'],
  [['extremes', 'shear', 'max', 'value'], 'shearMax'],
  [['extremes', 'shear', 'max', 'position'], 'shearMaxAt'],
  [['extremes', 'shear', 'min', 'value'], 'shearMin'],
  [['extremes', 'shear', 'min', 'position'], 'shearMinAt'],
  [['extremes', 'moment', 'maxSagging', 'value'], 'momentMax'],
  [['extremes', 'moment', 'maxSagging', 'position'], 'momentMaxAt'],
  [['extremes', 'moment', 'maxHogging', 'value'], 'momentMin'],
  [['extremes', 'moment', 'maxHogging', 'position'], 'momentMinAt'],
  // deflection.max is whichever of maxUp and maxDown is the larger in magnitude (downwardGoverns)
  [['extremes', 'deflection', 'max', 'value'], 'deflectionMost'],
  [['extremes', 'deflection', 'max', 'position'], 'deflectionMostAt'],
  [['extremes', 'deflection', 'maxUp', 'value'], 'deflectionMax'],
  [['extremes', 'deflection', 'maxUp', 'position'], 'deflectionMaxAt'],
  [['extremes', 'deflection', 'maxDown', 'value'], 'deflectionMin'],
  [['extremes', 'deflection', 'maxDown', 'position'], 'deflectionMinAt'],
];

/** Each member's ids as columns: its own, and its end nodes'. */
function idColumns(request: FrameSolveRequest, withEnds: boolean): RowColumn[] {
  const ids: RowColumn[] = [{ path: ['member'], values: idColumn(request.members, 'id') }];
  if (withEnds)
    ids.push({ path: ['from'], values: idColumn(request.members, 'from') }, { path: ['to'], values: idColumn(request.members, 'to') });
  return ids;
}

/** Member rows that the envelope also reads, member by member, as a combination's extremes. */
class MemberRows extends ColumnRows implements FrameMemberExtremesList {
  // functions of the columns, not methods: taken once through the rows' view (column-rows.ts), called without it
  readonly member: (k: number) => number;
  readonly extremes: (k: number) => FrameMemberExtremes;

  constructor(c: Columns, ids: RowColumn[], paths: readonly (readonly [readonly string[], RowValue])[], after: RowColumn[]) {
    const count = c.length.length;
    const [most, mostAt] = [new Float64Array(count), new Float64Array(count)];
    for (let k = 0; k < count; k++) {
      const down = downwardGoverns(c.deflectionMax[k]!, c.deflectionMin[k]!);
      most[k] = down ? c.deflectionMin[k]! : c.deflectionMax[k]!;
      mostAt[k] = down ? c.deflectionMinAt[k]! : c.deflectionMaxAt[k]!;
    }
    const all: Record<RowValue, Float64Array> = { ...c, deflectionMost: most, deflectionMostAt: mostAt };
    super(count, [...ids, ...paths.map(([path, column]) => ({ path, values: all[column] })), ...after]);
    const memberIds = (ids[0] as { values: Float64Array }).values;
    this.member = (k) => memberIds[k]!;
    this.extremes = (k) => memberExtremes(c, k);
  }
}

/** The unfactored analysis's members: ids, length, end forces, extremes and, when shown, the four diagrams. */
export function memberSummaries(
  request: FrameSolveRequest,
  c: Columns,
  diagrams: Record<FrameDiagramName, SeriesData>[] | undefined,
): ColumnRows & FrameMemberExtremesList {
  const series = diagrams
    ? (['axial', 'shear', 'moment', 'deflection'] as const).map((name) => ({
        path: ['diagrams', name],
        pieces: diagrams.map((d) => d[name]),
      }))
    : [];
  return new MemberRows(c, idColumns(request, true), [...END_PATHS, ...EXTREME_PATHS], series);
}

/** A combination's members as the envelope lists them: by their extremes only. */
export function memberExtremeRows(request: FrameSolveRequest, c: Columns): ColumnRows & FrameMemberExtremesList {
  return new MemberRows(c, idColumns(request, false), EXTREME_PATHS, []);
}

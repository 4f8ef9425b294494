/**
 * The `combinations` object as the page edits it: the standard and its options as fields, and the custom
 * combinations (`/combinations/custom`) as a table whose factors are one column per load case.
 */
import { LOAD_CASES, OCCUPANCIES, SNOW_ZONES, STANDARDS } from '../combinations/types.js';
import { rowsOf, type CollectionSpec, type Column } from './columns.js';

/** The fields of `combinations` above its custom table; `standard` empty means no combinations at all. */
export const COMBINATION_FIELDS: Column[] = [
  { field: 'standard', label: 'Standard', input: 'select', options: STANDARDS, optional: true },
  { field: 'occupancy', label: 'Occupancy', input: 'select', options: OCCUPANCIES, optional: true },
  { field: 'snowZone', label: 'Snow zone (BSL-Japan)', input: 'select', options: SNOW_ZONES, optional: true },
  { field: 'include', label: 'Only these combinations (ids, comma-separated)', input: 'text', optional: true },
  { field: 'pattern', label: 'Pattern loading: cases (comma-separated, e.g. Q)', input: 'text', optional: true },
];

export const combinationsSpec: CollectionSpec = {
  name: 'combinations',
  path: '/combinations/custom',
  title: 'Load combinations',
  noun: 'custom combination',
  columns: [
    { field: 'name', label: 'Name', input: 'text' },
    { field: 'kind', label: 'Kind', input: 'select', options: ['ULS', 'SLS'] },
    ...LOAD_CASES.map((c): Column => ({ field: `factors/${c}`, label: c, input: 'number', optional: true })),
  ],
  blank: (model) => ({ name: `C${rowsOf(model, combinationsSpec).length + 1}`, kind: 'ULS', factors: { G: 1.35, Q: 1.5 } }),
};

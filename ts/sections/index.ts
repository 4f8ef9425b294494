/** The steel section library: data shapes, the loaded library with its indexes, and section resolution. */
export * from './types.js';
export { STANDARDS, COVERAGE_NOTE, type StandardInfo, type TypeFamily } from './standards.js';
export { normaliseDesignation, editDistance } from './normalise.js';
export { toRecord } from './record.js';
export { PROPERTY_FILTERS, PROPERTY_FILTER_NAMES, boundsOf, withinBounds, type Bound, type PropertyFilterName } from './filters.js';
export {
  SectionLibrary,
  suggestionReach,
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  MAX_SUGGESTIONS,
  SORTS,
  type Sort,
  type Section,
  type ListFilter,
  type ListResult,
  type LookupResult,
  type StandardsListing,
} from './library.js';
export { findSection, listFilter, notFoundDetail, standardOf, MAX_DESIGNATION, type ListQuery } from './lookup.js';
export {
  resolveSection,
  fillMaterials,
  sectionI,
  STEEL_E_GPA,
  type Axis,
  type ResolvedSection,
  type SiMaterial,
  type FilledMaterial,
} from './resolve.js';

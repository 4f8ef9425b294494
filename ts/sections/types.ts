/**
 * The section library's data shapes: what the converter writes to data/sections/<STANDARD>.json and what
 * the service returns. Stored numbers are SI (mm2, mm4, kg/m, mm); the imperial block is derived on load.
 */

/** Standard ids in the listing order of decisions.md 8 (also the tie-break order for shared designations). */
export const STANDARD_IDS = ['AS4100', 'AISC', 'EN10365', 'BS4', 'JIS', 'IS808'] as const;
export type StandardId = (typeof STANDARD_IDS)[number];

/** The dimensions an I, H, channel or tee publishes; tubes, pipes and angles carry none of them. */
export const DIMENSION_KEYS = ['d', 'bf', 'tf', 'tw'] as const;
export type DimensionKey = (typeof DIMENSION_KEYS)[number];

/**
 * The published section properties (decisions.md 20), in this service's letters: Z elastic (the smaller
 * fibre's), S plastic, r radius of gyration, J torsion constant, Cw warping constant. AISC's tables use S for
 * elastic and Z for plastic; the converter maps them.
 */
export const PROPERTY_KEYS = ['Zx', 'Zy', 'Sx', 'Sy', 'rx', 'ry', 'J', 'Cw'] as const;
export type PropertyKey = (typeof PROPERTY_KEYS)[number];

/** Each property's power of length: what converts it between mm and in, and what names its unit. */
export const PROPERTY_POWER: Readonly<Record<PropertyKey, 1 | 3 | 4 | 6>> = { Zx: 3, Zy: 3, Sx: 3, Sy: 3, rx: 1, ry: 1, J: 4, Cw: 6 };

export type Properties = Partial<Record<PropertyKey, number>>;

/** One row of a data file, in SI: A mm2, Ix and Iy mm4, mass kg/m, Z and S mm3, r mm, J mm4, Cw mm6, dimensions mm. */
export interface SectionRow {
  designation: string;
  standard: StandardId;
  type: string;
  A: number;
  /** Major axis; for angles the larger of the two axes parallel to the legs. */
  Ix: number;
  Iy: number;
  mass: number;
  Zx?: number;
  Zy?: number;
  Sx?: number;
  Sy?: number;
  rx?: number;
  ry?: number;
  J?: number;
  Cw?: number;
  d?: number;
  bf?: number;
  tf?: number;
  tw?: number;
  /** Properties the source does not publish, derived by a formula its own tables use (docs/sections.md). */
  derived?: PropertyKey[];
  /** AISC only: the designation of the same shape in AISC's metric table (W360X134 for W14X90), found by lookups too. */
  metric?: string;
  /** Key into the file's `sources`. */
  source: string;
}

/** Where a row's numbers came from (copied from data/sources/SOURCES.md). */
export interface SourceInfo {
  repository: string;
  commit: string;
  path: string;
  licence: string;
  /** The edition the rows from this source follow, when it differs from the standard's own. */
  edition?: string;
}

/** The units of every data file's numbers, written at the head of each file. */
export const SECTION_FILE_UNITS = {
  A: 'mm2',
  Ix: 'mm4',
  Iy: 'mm4',
  mass: 'kg/m',
  Z: 'mm3',
  S: 'mm3',
  r: 'mm',
  J: 'mm4',
  Cw: 'mm6',
  dimensions: 'mm',
} as const;

/** The whole of data/sections/<STANDARD>.json. */
export interface SectionFile {
  standard: StandardId;
  units: typeof SECTION_FILE_UNITS;
  sources: Record<string, SourceInfo>;
  sections: SectionRow[];
}

export interface SiBlock extends Properties {
  A: number;
  Ix: number;
  Iy: number;
  mass: number;
  d?: number;
  bf?: number;
  tf?: number;
  tw?: number;
}

export interface ImperialBlock extends Properties {
  A: number;
  Ix: number;
  Iy: number;
  weight: number;
  d?: number;
  bf?: number;
  tf?: number;
  tw?: number;
}

/** The record of decisions.md 8: SI in mm2, mm4, kg/m, mm; imperial in in2, in4, lb/ft, in. */
export interface SectionRecord {
  name: string;
  standard: StandardId;
  type: string;
  edition: string;
  si: SiBlock;
  imperial: ImperialBlock;
  /** The properties derived rather than published, when any. */
  derived?: PropertyKey[];
}

/**
 * The six standards the library serves: names, the editions interface-spec.md names, and the type families
 * with a one-line description each. The converter writes rows only of these types, and the standards listing
 * is built from this table plus the counts found in the data.
 */
import type { StandardId } from './types.js';

export interface TypeFamily {
  type: string;
  description: string;
  /** The family's own edition, when its source follows a different product standard than the standard's (decisions.md 20). */
  edition?: string;
}

export interface StandardInfo {
  id: StandardId;
  name: string;
  edition: string;
  /** Which axis the record's Ix and Iy are, in the standard's own names (its tables may call them otherwise). */
  axes: string;
  types: readonly TypeFamily[];
}

/** The edition of the AS/NZS 1163 hollow sections (their source, SOURCES.md 4, names grades but no year). */
export const AS_NZS_1163 =
  'AS/NZS 1163 cold-formed structural hollow sections (the source names grades C250/C350/C450, not the edition year)';

/** The edition of the EN 10210-2 hollow sections: steelsnakes' tables of the SCI Blue Book (SOURCES.md 2). */
export const EN_10210_2 = 'EN 10210-2:2006 hot-finished structural hollow sections (SCI Blue Book tables, via steelsnakes)';

/** India's hollow sections (Osdag's tables name the standard and year of each row). */
export const IS_4923 = 'IS 4923:1997 hollow steel sections for structural use (Osdag tables)';
export const IS_1161 = 'IS 1161:2014 steel tubes for structural purposes (Osdag tables)';

export const STANDARDS: Readonly<Record<StandardId, StandardInfo>> = {
  AS4100: {
    id: 'AS4100',
    name: 'Australian/New Zealand hot-rolled and welded sections (AS 4100 design, AS/NZS 3679 products)',
    edition: 'AS/NZS 3679.1:2016 and AS/NZS 3679.2:2016',
    axes: 'Ix is the major axis (x-x) and Iy the minor axis (y-y), as AS/NZS 3679 tables name them; angles about the axes parallel to the legs.',
    types: [
      { type: 'UB', description: 'Universal beams (AS/NZS 3679.1)' },
      { type: 'UC', description: 'Universal columns (AS/NZS 3679.1)' },
      { type: 'UBP', description: 'Universal bearing piles (AS/NZS 3679.1)' },
      { type: 'TFB', description: 'Taper flange beams (AS/NZS 3679.1)' },
      { type: 'PFC', description: 'Parallel flange channels (AS/NZS 3679.1)' },
      { type: 'EA', description: 'Equal angles (AS/NZS 3679.1)' },
      { type: 'UA', description: 'Unequal angles (AS/NZS 3679.1)' },
      { type: 'WB', description: 'Welded beams (AS/NZS 3679.2)' },
      { type: 'WC', description: 'Welded columns (AS/NZS 3679.2)' },
      { type: 'SHS', description: 'Square hollow sections, cold-formed (AS/NZS 1163)', edition: AS_NZS_1163 },
      { type: 'RHS', description: 'Rectangular hollow sections, cold-formed (AS/NZS 1163)', edition: AS_NZS_1163 },
      { type: 'CHS', description: 'Circular hollow sections, cold-formed (AS/NZS 1163)', edition: AS_NZS_1163 },
    ],
  },
  AISC: {
    id: 'AISC',
    name: 'American Institute of Steel Construction shapes',
    edition: 'AISC Shapes Database v15.0',
    axes: 'Ix is the major axis (X-X) and Iy the minor axis (Y-Y), as the AISC database names them; angles about the axes parallel to the legs.',
    types: [
      { type: 'W', description: 'Wide-flange shapes' },
      { type: 'M', description: 'Miscellaneous I-shapes' },
      { type: 'S', description: 'American standard beams' },
      { type: 'HP', description: 'Bearing piles' },
      { type: 'C', description: 'American standard channels' },
      { type: 'MC', description: 'Miscellaneous channels' },
      { type: 'WT', description: 'Tees cut from W shapes' },
      { type: 'MT', description: 'Tees cut from M shapes' },
      { type: 'ST', description: 'Tees cut from S shapes' },
      { type: 'L', description: 'Single angles' },
      { type: '2L', description: 'Double angles (with the AISC spacing variants)' },
      { type: 'HSS-RECT', description: 'Rectangular hollow structural sections' },
      { type: 'HSS-SQUARE', description: 'Square hollow structural sections' },
      { type: 'HSS-ROUND', description: 'Round hollow structural sections' },
      { type: 'PIPE', description: 'Steel pipe' },
    ],
  },
  EN10365: {
    id: 'EN10365',
    name: 'European hot-rolled I, H and channel sections',
    edition: 'EN 10365:2017',
    axes: "Ix is the major (strong) axis, which EN tables call y-y (their Iy); Iy is the minor axis, their z-z (Iz). A European table's Iy is this record's Ix.",
    types: [
      { type: 'IPE', description: 'European I-beams, parallel flanges' },
      { type: 'HEA', description: 'European wide-flange beams, light series' },
      { type: 'HEB', description: 'European wide-flange beams, standard series' },
      { type: 'HEM', description: 'European wide-flange beams, heavy series' },
      { type: 'HD', description: 'Wide-flange columns (ArcelorMittal HD)' },
      { type: 'HL', description: 'Extra-wide-flange beams (ArcelorMittal HL)' },
      { type: 'HP', description: 'Wide-flange bearing piles' },
      { type: 'IPN', description: 'European standard I-beams, tapered flanges' },
      { type: 'UPN', description: 'European standard channels, tapered flanges' },
      { type: 'UPE', description: 'European channels, parallel flanges' },
      { type: 'SHS', description: 'Square hollow sections, hot-finished (EN 10210-2)', edition: EN_10210_2 },
      { type: 'RHS', description: 'Rectangular hollow sections, hot-finished (EN 10210-2)', edition: EN_10210_2 },
      { type: 'CHS', description: 'Circular hollow sections, hot-finished (EN 10210-2)', edition: EN_10210_2 },
    ],
  },
  BS4: {
    id: 'BS4',
    name: 'British universal beams and columns',
    edition: 'BS 4-1:2005',
    axes: 'Ix is the major axis, which UK tables (SCI Blue Book) call y-y (their Iy); Iy is the minor axis, their z-z (Iz).',
    types: [
      { type: 'UB', description: 'Universal beams' },
      { type: 'UC', description: 'Universal columns' },
    ],
  },
  JIS: {
    id: 'JIS',
    name: 'Japanese hot-rolled H-sections',
    edition: 'JIS G 3192',
    axes: 'Ix is the major axis (X-X) and Iy the minor axis (Y-Y), as JIS G 3192 names them.',
    types: [{ type: 'H', description: 'Wide-flange H-sections, with the heavy 400-series' }],
  },
  IS808: {
    id: 'IS808',
    name: 'Indian standard hot-rolled beams, columns, channels and angles, and hollow sections',
    edition: 'IS 808:1989 with Amendment 1',
    axes: 'Ix is the major axis (Ixx in IS 808) and Iy the minor axis (Iyy); angles about the axes parallel to the legs.',
    types: [
      { type: 'ISMB', description: 'Medium-weight beams' },
      { type: 'ISLB', description: 'Light-weight beams' },
      { type: 'ISHB', description: 'Wide-flange (H) beams, with the heavier variants of a serial size' },
      { type: 'ISMC', description: 'Medium-weight channels, with the heavier variants of a serial size' },
      { type: 'ISA', description: 'Equal and unequal angles' },
      { type: 'SHS', description: 'Square hollow sections (IS 4923)', edition: IS_4923 },
      { type: 'RHS', description: 'Rectangular hollow sections (IS 4923)', edition: IS_4923 },
      { type: 'CHS', description: 'Circular hollow sections (IS 1161)', edition: IS_1161 },
    ],
  },
};

/** What the library holds and what it leaves out (interface-spec.md, "Steel section library"). */
export const COVERAGE_NOTE =
  'Gross area A, Ix, Iy and mass per length for every section; Zx, Zy (elastic), Sx, Sy (plastic), rx, ry, J and Cw ' +
  'wherever the source publishes them (AISC prints S for elastic and Z for plastic: mapped to these letters); ' +
  'd, bf, tf, tw only for I, H, channel and tee shapes whose source publishes them. Angles give Ix and Iy about the ' +
  'axes parallel to the legs. Hollow sections: AISC HSS and Pipe; AS/NZS 1163 SHS, RHS and CHS under AS4100; ' +
  'EN 10210-2 hot-finished SHS, RHS and CHS under EN10365; IS 4923 SHS and RHS and IS 1161 CHS under IS808. ' +
  'Absent, for want of a public table: JIS G 3466 and G 3444 tubes and the JIS I, C and L families; ' +
  'EN 10219 cold-formed tubes; a few standard-Pipe sizes. Sources and counts: docs/sections.md.';

import type { SectionRow, SourceInfo, StandardId } from '../../ts/sections/types.js';

/** What each standard's builder hands to the writer. */
export interface Built {
  standard: StandardId;
  sources: Record<string, SourceInfo>;
  /**
   * `areaFactor` is the area correction of the mass identity (see row.ts), 1 for almost every source;
   * `massTolerance` widens its 3% only for the few published rows listed, with the reason, where they are built.
   */
  entries: { row: SectionRow; areaFactor: number; massTolerance?: number; radiusAllowance?: number }[];
  /** One line per cross-check against a second source, for the converter's summary. */
  crossChecks: string[];
}

/** What every solve needs from its surroundings, passed in so the pipeline stays pure and testable. */
import type { Engine } from '../engine/engine.js';
import type { SectionLibrary } from '../sections/library.js';

export interface SolveContext {
  engine: Engine;
  /** PUBLIC_BASE_URL: the site named in meta.attribution and links.view. */
  baseUrl: string;
  /** Steel sections, for truss materials that name one. */
  sections?: SectionLibrary;
  /**
   * Whether the response carries `links.view` (default yes). Only solve responses do: a figure
   * solves the same request but never shows the link, so it does not pay for compressing it.
   */
  link?: boolean;
  /** Milliseconds clock for meta.computeMs. */
  now?: () => number;
}

/** What every solve needs from its surroundings, passed in so the pipeline stays pure and testable. */
import type { Engine } from '../engine/engine.js';
import type { SectionLibrary } from '../sections/library.js';

export interface SolveContext {
  engine: Engine;
  /** PUBLIC_BASE_URL: the site named in meta.attribution and links.view. */
  baseUrl: string;
  /** Steel sections, for truss materials that name one. */
  sections?: SectionLibrary;
  /** Milliseconds clock for meta.computeMs. */
  now?: () => number;
}

/** What every solve needs from its surroundings, passed in so the pipeline stays pure and testable. */
import type { Engine } from '../engine/engine.js';

export interface SolveContext {
  engine: Engine;
  /** PUBLIC_BASE_URL: the site named in meta.attribution and links.view. */
  baseUrl: string;
  /** Milliseconds clock for meta.computeMs. */
  now?: () => number;
}

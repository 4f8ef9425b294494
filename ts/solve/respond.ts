/**
 * The end of every solve: the results, then `envelope` when combinations ran, `meta`, and `links`
 * when the model fits in a link and the caller wants one (decisions.md 4 and 5), in that order.
 * Here round-off becomes 0 (clean numbers, decisions.md 15) in results and envelope alike.
 */
import type { Quantity, UnitSystem } from '../units/index.js';
import type { SolveContext } from './context.js';
import { viewLink, type Links, type ViewKind } from './links.js';
import { cleanNumbers } from './clean.js';
import { meta, type Meta } from './meta.js';

export interface Finishing {
  context: SolveContext;
  kind: ViewKind;
  units: UnitSystem;
  labels: Record<string, Quantity>;
  warnings: string[];
  /** `meta.check.equilibrium` of the unfactored analysis (equilibriumResidual, ts/solve/equilibrium.ts). */
  equilibrium: number;
  /** When the solve started, on the context's clock. */
  started: number;
  /** The SI, section-resolved request the link carries. */
  si: unknown;
}

export type Response<R, E> = R & { envelope?: E; meta: Meta; links?: Links };

export function respond<R extends object, E>(results: R, envelope: E | undefined, how: Finishing): Response<R, E> {
  const { context } = how;
  const now = context.now ?? (() => performance.now());
  cleanNumbers([results, envelope]);
  const response: Response<R, E> = {
    ...results,
    ...(envelope !== undefined && { envelope }),
    meta: meta(context.engine.version, how.units, how.labels, now() - how.started, context.baseUrl, how.warnings, how.equilibrium),
  };
  if (context.link !== false) {
    const links = viewLink(context.baseUrl, how.kind, how.si, context.engine.linkDeflater);
    if (links) response.links = links;
  }
  return response;
}

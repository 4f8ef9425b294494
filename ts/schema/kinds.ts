/**
 * The structure kinds the service solves, by the top-level fields of their requests, so that a body sent
 * to the wrong endpoint is answered with where it belongs rather than with every field that does not fit.
 */
import { beamRequestProperties } from './beam.js';
import { beamDiagramProperties, trussDiagramProperties } from './diagram.js';
import { frameRequestProperties } from './frame.js';
import { trussRequestProperties } from './truss.js';

export type StructureKind = 'beam' | 'truss' | 'frame';

const FIELDS: Record<StructureKind, ReadonlySet<string>> = {
  beam: new Set(Object.keys(beamRequestProperties)),
  truss: new Set(Object.keys(trussRequestProperties)),
  frame: new Set(Object.keys(frameRequestProperties)),
};

/** Fields every kind shares (and the figure fields of diagram requests) tell nothing about the kind. */
const SHARED = new Set([
  'units',
  'supports',
  'combinations',
  'output',
  ...Object.keys(beamDiagramProperties),
  ...Object.keys(trussDiagramProperties),
]);

/**
 * For a body that failed validation on `/v1/<kind>/<operation>`: when every top-level field it has belongs to
 * another kind's request and not all to this one's, the sentence that sends it there.
 */
export function misdirectedTo(kind: StructureKind, operation: 'solve' | 'diagram') {
  return (value: unknown): string | undefined => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const keys = Object.keys(value).filter((k) => !SHARED.has(k));
    if (keys.length === 0 || keys.every((k) => FIELDS[kind].has(k))) return undefined;
    const other = (Object.keys(FIELDS) as StructureKind[]).find((o) => o !== kind && keys.every((k) => FIELDS[o].has(k)));
    if (other === undefined) return undefined;
    return `This body looks like a ${other} request (${keys.join(', ')}): send it to POST /v1/${other}/${operation}.`;
  };
}

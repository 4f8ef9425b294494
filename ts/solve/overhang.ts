/**
 * A likely input mistake (issue 36): a beam whose supports no longer stand at its span joints and whose end
 * overhangs its last (or first) support farther than any span between supports. That is what a span edited
 * without moving its supports looks like; a real overhang is usually its own span, ending at a support. The
 * service still solves it (overhangs are legitimate) and says so in `meta.warnings`, naming the positions.
 */
import type { BeamSolveRequest } from '../schema/beam.js';
import { quantities, type UnitSystem } from '../units/index.js';
import { formatLength } from './failures.js';

/** The `meta.warnings` entry for an end overhanging farther than any span, or undefined. */
export function overhangWarning(request: BeamSolveRequest, units: UnitSystem): string | undefined {
  const positions = request.supports.map((s) => s.position).sort((a, b) => a - b);
  if (positions.length < 2) return undefined;
  let x = 0;
  const joints = [0, ...request.spans.map((s) => (x += s.length))];
  const total = x;
  const tolerance = 1e-9 * total;
  const offJoint = positions.filter((p) => !joints.some((j) => Math.abs(j - p) <= tolerance));
  if (offJoint.length === 0) return undefined;
  const longest = Math.max(...positions.slice(1).map((p, i) => p - positions[i]!));
  const ends = [
    { side: 'left', length: positions[0]!, support: 'first', at: positions[0]! },
    { side: 'right', length: total - positions.at(-1)!, support: 'last', at: positions.at(-1)! },
  ].filter((end) => end.length > longest + tolerance);
  if (ends.length === 0) return undefined;
  const unit = quantities.length[units === 'SI' ? 'si' : 'imperial'];
  const at = (values: readonly number[]) => `${values.map(formatLength).join(', ')} ${unit}`;
  const overhangs = ends
    .map((end) => `the ${end.side} end overhangs its ${end.support} support (at ${at([end.at])}) by ${at([end.length])}`)
    .join(' and ');
  return (
    `supports: ${overhangs}, farther than any span between supports (at most ${at([longest])}), and the supports at ` +
    `${at(offJoint)} do not stand at the span joints (${at(joints)}). Check spans[].length and supports[].position: ` +
    'a span lengthened without moving the supports beyond it looks like this.'
  );
}

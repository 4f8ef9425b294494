/**
 * The truss envelope (decisions.md 4) over per-combination results already in API shape: member forces
 * and reactions over ULS combinations, node displacements over SLS ones; on a tie the first combination
 * in id order governs (decisions.md 13). Same selection rules as ./envelope.ts.
 */
import { bounds, column, describe, headerOf, ofKind, type TrussEnvelope, type TrussRun } from './envelope.js';
import type { CombinationsHeader } from './types.js';

export function trussEnvelope(header: CombinationsHeader, runs: readonly TrussRun[]): TrussEnvelope {
  const envelope: TrussEnvelope = {
    ...headerOf(header),
    combinations: runs.map(({ combination, result }) => ({
      ...describe(combination),
      reactions: result.reactions,
      memberForces: result.memberForces,
    })),
  };
  const uls = ofKind(runs, 'ULS');
  if (uls.length > 0) {
    const ids = uls.map((run) => run.combination.id);
    const members = column(
      uls.map((run) => run.result.memberForces),
      (force) => force.member,
      'truss members',
    );
    const supports = column(
      uls.map((run) => run.result.reactions),
      (reaction) => reaction.node,
      'truss supports',
    );
    envelope.uls = {
      memberForces: members.map((forces) => ({
        member: forces[0]!.member,
        ...bounds(
          forces.map((f) => f.force),
          ids,
        ),
      })),
      reactions: supports.map((reactions) => ({
        node: reactions[0]!.node,
        horizontal: bounds(
          reactions.map((r) => r.horizontal),
          ids,
        ),
        vertical: bounds(
          reactions.map((r) => r.vertical),
          ids,
        ),
      })),
    };
  }
  const sls = ofKind(runs, 'SLS');
  if (sls.length > 0) {
    const ids = sls.map((run) => run.combination.id);
    const displacements = sls.map((run) => run.result.displacements);
    const nodes = column(displacements, (displacement) => displacement.node, 'truss nodes');
    envelope.sls = {
      displacements: nodes.map((displacements) => ({
        node: displacements[0]!.node,
        dx: bounds(
          displacements.map((d) => d.dx),
          ids,
        ),
        dy: bounds(
          displacements.map((d) => d.dy),
          ids,
        ),
      })),
    };
  }
  return envelope;
}

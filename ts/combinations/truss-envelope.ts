/**
 * The truss envelope (decisions.md 4) over per-combination results already in API shape: member forces
 * and reactions over ULS combinations, node displacements over SLS ones; on a tie the first combination
 * in id order governs (decisions.md 13). Same selection rules as ./envelope.ts.
 */
import { bounds, column, describe, headerOf, mismatch, ofKind, type TrussEnvelope, type TrussRun } from './envelope.js';
import type { CombinationsHeader } from './types.js';

/** Each item's number `field`, from the list's own column when it keeps its rows as columns (ts/solve/column-rows.ts). */
function fieldOf<T extends object>(list: readonly T[], field: keyof T & string): Float64Array | number[] {
  const own = (list as { columnOf?: (field: string) => Float64Array | undefined }).columnOf?.(field);
  return own ?? list.map((item) => item[field] as number);
}

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
    // each combination's forces as a column (read from the rows' own column where they keep one: a thousand
    // members' rows are otherwise made one object at a time)
    const lists = uls.map((run) => run.result.memberForces);
    const [memberIds, forces] = [lists.map((list) => fieldOf(list, 'member')), lists.map((list) => fieldOf(list, 'force'))];
    for (const ids of memberIds)
      if (ids.length !== memberIds[0]!.length || ids.some((id, k) => id !== memberIds[0]![k]))
        throw mismatch('truss members differ between combinations');
    const supports = column(
      uls.map((run) => run.result.reactions),
      (reaction) => reaction.node,
      'truss supports',
    );
    envelope.uls = {
      memberForces: Array.from(memberIds[0]!, (member, k) => ({
        member,
        ...bounds(
          forces.map((f) => f[k]!),
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

/**
 * The text content of a solve tool's result: a short engineer's summary of the answer that `structuredContent`
 * carries whole (governing reactions, extremes with their positions, governing combinations, warnings, the
 * equilibrium check and the calculator link), so that a model reads the outcome in a few hundred tokens and
 * looks into the structured answer only for what the summary leaves out. Numbers are printed as the answer
 * holds them (already at the caller's precision).
 */
import type {
  BeamEnvelope,
  BeamExtremes,
  BeamReaction,
  ExtremeEntry,
  FrameEnvelope,
  FrameReaction,
  Governed,
  GovernedExtreme,
  MemberForce,
  NodeDisplacement,
  TrussEnvelope,
  TrussReaction,
} from '../combinations/index.js';
import type { FrameMemberResult } from '../solve/frame.js';
import type { Meta } from '../solve/meta.js';

/** Lists longer than this name their first entries and say how many more the structured answer holds. */
const LISTED = 6;

interface Answer {
  meta: Meta;
  links?: { view: string };
}

/** With combinations and `output.combinations` "envelope" the unfactored analysis is absent (decisions.md 22). */
export interface BeamAnswer extends Answer {
  reactions?: BeamReaction[];
  extremes?: BeamExtremes;
  envelope?: BeamEnvelope<unknown>;
}

export interface TrussAnswer extends Answer {
  reactions?: TrussReaction[];
  memberForces?: MemberForce[];
  displacements?: NodeDisplacement[];
  envelope?: TrussEnvelope;
}

export interface FrameAnswer extends Answer {
  reactions?: FrameReaction[];
  displacements?: (NodeDisplacement & { rotation: number })[];
  members?: Omit<FrameMemberResult, 'diagrams'>[];
  buckling?: { factor: number }[];
  envelope?: FrameEnvelope;
}

/** The first few entries, then how many more `field` holds. */
function listed<T>(items: readonly T[], write: (item: T) => string, field: string): string {
  const shown = items.slice(0, LISTED).map(write).join('; ');
  return items.length > LISTED ? `${shown}; and ${items.length - LISTED} more in ${field}` : shown;
}

/** The largest and smallest of `items` by `value` (the first on a tie). */
function extremesOf<T>(items: readonly T[], value: (item: T) => number): { max: T; min: T } | undefined {
  const first = items[0];
  if (first === undefined) return undefined;
  let max: T = first;
  let min: T = first;
  for (const item of items) {
    if (value(item) > value(max)) max = item;
    if (value(item) < value(min)) min = item;
  }
  return { max, min };
}

const at = (e: ExtremeEntry, length: string) => `${e.value} at ${e.position} ${length}`;
const governed = (g: Governed) => `${g.value} (${g.combination})`;
const governedAt = (g: GovernedExtreme, length: string) => `${at(g, length)} (${g.combination})`;

/** The unit labels of the answer, by the quantities named (decisions.md 2: `meta.unitLabels`). */
function labels(meta: Meta, ...names: string[]): string[] {
  return names.map((name) => meta.unitLabels[name] ?? '');
}

function head(kind: string, meta: Meta, counts = ''): string {
  return `${kind}${counts}, ${meta.units} units.`;
}

/** The envelope's standard and how many combinations of each kind ran (their ids are in the structured answer). */
function envelopeHead(envelope: { standard: string; combinations: { kind: string }[] }): string {
  const count = (kind: string) => envelope.combinations.filter((c) => c.kind === kind).length;
  return `Envelope ${envelope.standard} over ${count('ULS')} ULS and ${count('SLS')} SLS combinations:`;
}

/** The lines every answer ends with. */
function closing(answer: Answer): string[] {
  const { warnings, check } = answer.meta;
  // two digits say how small the residual is; the structured answer has it in full
  const checked = check ? ` Equilibrium residual ${Number(check.equilibrium.toPrecision(2))}.` : '';
  return [
    `${warnings.length > 0 ? `Warnings: ${warnings.join(' ')}` : 'No warnings.'}${checked}`,
    // the link is in the structured answer; a second copy here would cost a beam's answer a sixth of its bytes
    answer.links ? 'Calculator: links.view opens the model in the browser.' : 'No calculator link (the model is too large for one).',
  ];
}

export function beamSummary(answer: BeamAnswer): string {
  const [length = '', force = '', moment = '', deflection = ''] = labels(answer.meta, 'length', 'force', 'moment', 'deflection');
  const reaction = (r: BeamReaction) =>
    `${r.type} ${r.position} ${length}: ${r.vertical} ${force}${r.type === 'fixed' ? `, ${r.moment} ${moment}` : ''}`;
  const lines = [head('Beam', answer.meta)];
  if (answer.reactions && answer.extremes) {
    const { shear, moment: m, deflection: d } = answer.extremes;
    lines.push(
      `Reactions (up +, clockwise +): ${listed(answer.reactions, reaction, 'reactions')}.`,
      `Shear ${at(shear.max, length)} / ${at(shear.min, length)} ${force}; moment (sagging +) ${at(m.maxSagging, length)} / ` +
        `${at(m.maxHogging, length)} ${moment}; deflection (up +) ${at(d.max, length)} ${deflection}.`,
    );
  }
  const envelope = answer.envelope;
  if (envelope) {
    lines.push(envelopeHead(envelope));
    const uls = envelope.uls;
    if (uls) {
      const { moment: um, shear: us } = uls.extremes;
      lines.push(
        `ULS moment ${governedAt(um.maxSagging, length)} / ${governedAt(um.maxHogging, length)} ${moment}; shear ${governedAt(us.max, length)} / ${governedAt(us.min, length)} ${force}.`,
      );
      const bound = (e: (typeof uls.reactions)[number]) =>
        `${e.position} ${length}: ${governed(e.vertical.max)} / ${governed(e.vertical.min)}`;
      lines.push(`ULS reactions: ${listed(uls.reactions, bound, 'envelope.uls.reactions')} ${force}.`);
    }
    const sls = envelope.sls?.extremes.deflection.max;
    if (sls) lines.push(`SLS deflection ${governedAt(sls, length)} ${deflection}.`);
  }
  return [...lines, ...closing(answer)].join('\n');
}

export function trussSummary(answer: TrussAnswer): string {
  const [force = '', displacement = ''] = labels(answer.meta, 'force', 'displacement');
  const lines = [head('Truss', answer.meta)];
  if (answer.reactions)
    lines.push(
      `Reactions (+x, up +): ${listed(answer.reactions, (r) => `node ${r.node}: ${r.horizontal}, ${r.vertical}`, 'reactions')} ${force}.`,
    );
  const forces = extremesOf(answer.memberForces ?? [], (m) => m.force);
  if (forces)
    lines.push(
      `Forces (tension +): member ${forces.max.member} ${forces.max.force}, member ${forces.min.member} ${forces.min.force} ${force}.`,
    );
  const moved = extremesOf(answer.displacements ?? [], (n) => Math.hypot(n.dx, n.dy))?.max;
  if (moved) lines.push(`Largest displacement: node ${moved.node} dx ${moved.dx}, dy ${moved.dy} ${displacement}.`);
  const envelope = answer.envelope;
  if (envelope) {
    lines.push(envelopeHead(envelope));
    const members = envelope.uls?.memberForces ?? [];
    const tension = extremesOf(members, (m) => m.max.value)?.max;
    const compression = extremesOf(members, (m) => m.min.value)?.min;
    if (tension && compression) {
      lines.push(
        `ULS forces: member ${tension.member} ${governed(tension.max)}, member ${compression.member} ${governed(compression.min)} ${force}.`,
      );
    }
    const down = extremesOf(envelope.sls?.displacements ?? [], (n) => n.dy.min.value)?.min;
    if (down) lines.push(`SLS lowest dy: node ${down.node} ${governed(down.dy.min)} ${displacement}.`);
  }
  return [...lines, ...closing(answer)].join('\n');
}

/** The member whose extreme is largest (or smallest), written with its value and position. */
function governingMember<M extends { member: number }>(
  members: readonly M[],
  entry: (m: M) => ExtremeEntry,
  largest: boolean,
  write: (e: ExtremeEntry) => string,
): string {
  const found = extremesOf(members, (m) => entry(m).value);
  if (found === undefined) return 'none';
  const m = largest ? found.max : found.min;
  return `member ${m.member} ${write(entry(m))}`;
}

export function frameSummary(answer: FrameAnswer): string {
  const [length = '', force = '', moment = '', displacement = ''] = labels(answer.meta, 'length', 'force', 'moment', 'displacement');
  const write = (e: ExtremeEntry) => at(e, length);
  const reaction = (r: FrameReaction) => `node ${r.node}: ${r.horizontal}, ${r.vertical} ${force}, ${r.moment} ${moment}`;
  const { members, reactions } = answer;
  const counted = members ?? answer.envelope?.uls?.members;
  const lines = [head('Frame', answer.meta, counted ? ` of ${counted.length} members` : '')];
  if (members && reactions) {
    lines.push(
      `Reactions (H +x, V up, M clockwise +): ${listed(reactions, reaction, 'reactions')}.`,
      `Moment (-y' face in tension +) ${governingMember(members, (m) => m.extremes.moment.maxSagging, true, write)} / ` +
        `${governingMember(members, (m) => m.extremes.moment.maxHogging, false, write)} ${moment}; axial (tension +) ` +
        `${governingMember(members, (m) => m.extremes.axial.max, true, write)} / ${governingMember(members, (m) => m.extremes.axial.min, false, write)} ${force}.`,
    );
  }
  const moved = extremesOf(answer.displacements ?? [], (n) => Math.hypot(n.dx, n.dy))?.max;
  if (moved) lines.push(`Largest displacement: node ${moved.node} dx ${moved.dx}, dy ${moved.dy} ${displacement}, ${moved.rotation} rad.`);
  if (answer.meta.analysis?.order === 'second') lines.push(`Second order: ${answer.meta.analysis.iterations} iterations.`);
  if (answer.buckling)
    lines.push(`Critical load factors: ${answer.buckling.map((b) => b.factor).join(', ') || 'none (nothing in compression)'}.`);
  const envelope = answer.envelope;
  if (envelope) {
    lines.push(envelopeHead(envelope));
    const uls = envelope.uls?.members ?? [];
    const writeGoverned = (e: ExtremeEntry) => governedAt(e as GovernedExtreme, length);
    lines.push(
      `ULS moment ${governingMember(uls, (m) => m.moment.maxSagging, true, writeGoverned)} / ${governingMember(uls, (m) => m.moment.maxHogging, false, writeGoverned)} ${moment}; ` +
        `axial ${governingMember(uls, (m) => m.axial.max, true, writeGoverned)} / ${governingMember(uls, (m) => m.axial.min, false, writeGoverned)} ${force}.`,
    );
    const reactions = envelope.uls?.reactions ?? [];
    const bound = (r: (typeof reactions)[number]) => `node ${r.node} V ${governed(r.vertical.max)} / ${governed(r.vertical.min)}`;
    if (reactions.length > 0) lines.push(`ULS reactions: ${listed(reactions, bound, 'envelope.uls.reactions')} ${force}.`);
    const sls = envelope.sls?.displacements ?? [];
    const sway = extremesOf(sls, (n) => Math.max(n.dx.max.value, -n.dx.min.value))?.max;
    if (sway) lines.push(`SLS largest dx: node ${sway.node} ${governed(sway.dx.max)} / ${governed(sway.dx.min)} ${displacement}.`);
  }
  return [...lines, ...closing(answer)].join('\n');
}

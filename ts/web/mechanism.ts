/**
 * A mechanism on the figure. The service answers such a model with a 422 naming the place that moves
 * (decisions.md 15, `mechanism.node` or `.position`); it draws no figure of it, having no results. The
 * page draws the problem view (which reads no results) and finds the place on it from the figure's own
 * scene: a node's circle (the last circles of the `nodes` layer are the nodes, in the model's order) or
 * a position along the beam's line. Pure: no DOM.
 */
import type { BeamResult } from '../combinations/envelope.js';
import { DIAGRAM_HEIGHT, DIAGRAM_WIDTH } from '../schema/diagram.js';
import type { BeamSolveRequest } from '../schema/beam.js';
import type { FrameSolveRequest } from '../schema/frame.js';
import type { TrussSolveRequest } from '../schema/truss.js';
import { beamScene, frameScene, renderBeam, renderFrame, renderTruss, trussScene, type Scene } from '../svg/index.js';
import type { Point } from '../svg/scene.js';
import type { Kind } from './kinds.js';

export interface MechanismFigure {
  /** The problem view of the model, as the diagram route would draw it if the model could be solved. */
  svg: string;
  /** Where the mechanism is on that figure, in its pixels, when the figure shows that place. */
  mark?: Point;
}

const FIGURE = { theme: 'light', style: 'modern' } as const;

const nothing = { value: 0, position: 0 };
/** The problem view draws the model only: neither reactions nor diagrams are read. */
const NO_RESULTS: BeamResult = {
  reactions: [],
  diagrams: { shear: [], moment: [], rotation: [], deflection: [] },
  extremes: {
    shear: { max: nothing, min: nothing },
    moment: { maxSagging: nothing, maxHogging: nothing },
    deflection: { max: nothing, maxUp: nothing, maxDown: nothing },
    spans: [],
  },
};

function nodeMark(scene: Scene, nodes: readonly { id: number }[], node: number | undefined): Point | undefined {
  const index = nodes.findIndex((n) => n.id === node);
  const circles = (scene.layers.find((l) => l.name === 'nodes')?.shapes ?? []).filter((s) => s.kind === 'circle');
  const circle = index < 0 ? undefined : circles.slice(-nodes.length)[index];
  return circle?.kind === 'circle' ? circle.center : undefined;
}

function beamMark(scene: Scene, model: BeamSolveRequest, position: number | undefined): Point | undefined {
  const line = scene.layers.find((l) => l.name === 'beam')?.shapes[0];
  if (position === undefined || line?.kind !== 'path') return undefined;
  const [start, end] = line.d;
  if (start?.[0] !== 'M' || end?.[0] !== 'L') return undefined;
  const total = model.spans.reduce((sum, s) => sum + s.length, 0);
  return { x: start[1] + ((end[1] - start[1]) * position) / total, y: start[2] };
}

/** Where a mechanism is: the node that moves, or its position along a beam. */
type Place = { node?: number; position?: number };

/** The problem figure of a valid model that is a mechanism, `width` px wide, and the mark of `mechanism` on it. */
export function mechanismFigure(
  kind: Kind,
  model: unknown,
  given: Place | { kind: 'buckling' } | undefined,
  width: number = DIAGRAM_WIDTH.default,
): MechanismFigure {
  // a buckled arrangement has no one place that moves: the figure has no mark
  const mechanism = given !== undefined && 'kind' in given ? undefined : given;
  if (kind === 'beam') {
    const request = model as BeamSolveRequest;
    const options = { ...FIGURE, width, view: 'problem', deformed: false, height: DIAGRAM_HEIGHT.beam } as const;
    return {
      svg: renderBeam(request, NO_RESULTS, options),
      mark: beamMark(beamScene(request, NO_RESULTS, options), request, mechanism?.position),
    };
  }
  if (kind === 'truss') {
    const request = model as TrussSolveRequest;
    const options = { ...FIGURE, width, view: 'problem', height: DIAGRAM_HEIGHT.truss } as const;
    return {
      svg: renderTruss(request, undefined, options),
      mark: nodeMark(trussScene(request, undefined, options), request.nodes, mechanism?.node),
    };
  }
  const request = model as FrameSolveRequest;
  const options = { ...FIGURE, width, view: 'problem', height: DIAGRAM_HEIGHT.frame } as const;
  return {
    svg: renderFrame(request, undefined, options),
    mark: nodeMark(frameScene(request, undefined, options), request.nodes, mechanism?.node),
  };
}

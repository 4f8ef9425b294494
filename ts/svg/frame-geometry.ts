/**
 * What a frame figure reads of a request and its response, and the page geometry every frame view shares:
 * the structure fitted to scale inside margins, and each member's axes on the page.
 */
import type { Settlement } from './settlement.js';
import type { Point } from './scene.js';

/** What a frame figure reads of the request (decisions.md section 6), in its units. */
export interface FrameFigureModel {
  units?: 'SI' | 'imperial' | undefined;
  nodes: readonly { id: number; x: number; y: number }[];
  members: readonly {
    id: number;
    from: number;
    to: number;
    releases?: { start?: boolean | undefined; end?: boolean | undefined } | undefined;
  }[];
  supports: readonly {
    node: number;
    type: 'pin' | 'roller' | 'fixed';
    angle?: number | undefined;
    settlement?: Settlement | undefined;
  }[];
  nodalLoads?:
    | readonly { node: number; fx?: number | undefined; fy?: number | undefined; moment?: number | undefined; case?: string | undefined }[]
    | undefined;
  memberLoads?: readonly (FrameFigureLoad & { case?: string | undefined })[] | undefined;
}

export type FrameFigureDirection = 'global-y' | 'global-x' | 'local-y' | 'local-x';

export type FrameFigureLoad =
  | { type: 'point'; member: number; magnitude: number; position: number; direction?: FrameFigureDirection | undefined }
  | {
      type: 'udl';
      member: number;
      start: number;
      end?: number | undefined;
      from?: number | undefined;
      to?: number | undefined;
      direction?: FrameFigureDirection | undefined;
    }
  | { type: 'moment'; member: number; magnitude: number; position: number };

type Series = readonly (readonly [number, number])[] | readonly number[][];
type Value = { value: number; position: number };

/** One critical factor and its mode at the nodes (the response's `buckling[]` entry, decisions.md 19). */
export interface FigureBucklingMode {
  factor: number;
  displacements: readonly { node: number; dx: number; dy: number; rotation: number }[];
}

/** What a frame figure reads of the response (decisions.md sections 6 and 14). */
export interface FrameFigureResults {
  reactions: readonly { node: number; horizontal: number; vertical: number; moment: number }[];
  displacements: readonly { node: number; dx: number; dy: number; rotation: number }[];
  members: readonly {
    member: number;
    length: number;
    extremes: { axial: { max: Value; min: Value }; shear: { max: Value; min: Value }; moment: { maxSagging: Value; maxHogging: Value } };
    diagrams: { axial: Series; shear: Series; moment: Series; deflection: Series };
  }[];
  /** An envelope's lower bounds, member by member; `members` then holds the upper bounds. */
  lower?: FrameFigureResults['members'];
  /** Critical factors and their modes at the nodes (the `buckling` view). */
  buckling?: readonly FigureBucklingMode[] | undefined;
}

/** A member on the page: its ends, unit vectors along x' and y' (page coordinates, y down), length in model units. */
export interface PageMember {
  id: number;
  a: Point;
  b: Point;
  along: Point;
  /** y' on the page: x' turned counter-clockwise as the model sees it (so, on the page, clockwise). */
  across: Point;
  length: number;
  /** Page point `s` model units from the start, moved `offset` pixels along y'. */
  at: (s: number, offset?: number) => Point;
}

export interface FramePage {
  /** Model point to page point. */
  page: (x: number, y: number) => Point;
  /** Pixels per model length unit. */
  scale: number;
  node: (id: number) => Point;
  members: PageMember[];
  /** The structure's larger extent, in model units. */
  extent: number;
}

/** The model fitted to scale into the canvas less `margin` on every side. */
export function framePage(model: FrameFigureModel, width: number, height: number, margin: { x: number; y: number }): FramePage {
  const xs = model.nodes.map((n) => n.x);
  const ys = model.nodes.map((n) => n.y);
  const [xMin, xMax, yMin, yMax] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const room = { x: width - 2 * margin.x, y: height - 2 * margin.y };
  const fit = Math.min(xMax > xMin ? room.x / (xMax - xMin) : Infinity, yMax > yMin ? room.y / (yMax - yMin) : Infinity);
  const scale = Number.isFinite(fit) ? fit : 1;
  const offset = { x: margin.x + (room.x - (xMax - xMin) * scale) / 2, y: margin.y + (room.y - (yMax - yMin) * scale) / 2 };
  const page = (x: number, y: number): Point => ({ x: offset.x + (x - xMin) * scale, y: offset.y + (yMax - y) * scale });
  const byId = new Map(model.nodes.map((n) => [n.id, page(n.x, n.y)]));
  const node = (id: number): Point => byId.get(id) ?? { x: 0, y: 0 };
  const members = model.members.map((m): PageMember => {
    const [a, b] = [node(m.from), node(m.to)];
    const pixels = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const along = { x: (b.x - a.x) / pixels, y: (b.y - a.y) / pixels };
    // y' is x' turned counter-clockwise in the model; the page's y runs down, so there it is turned clockwise
    const across = { x: along.y, y: -along.x };
    const length = pixels / scale;
    return {
      id: m.id,
      a,
      b,
      along,
      across,
      length,
      at: (s, offsetPx = 0) => ({ x: a.x + along.x * s * scale + across.x * offsetPx, y: a.y + along.y * s * scale + across.y * offsetPx }),
    };
  });
  return { page, scale, node, members, extent: Math.max(xMax - xMin, yMax - yMin) };
}

/** Series as `[position, value]` pairs, whichever array form they came in. */
export function pairs(series: Series): [number, number][] {
  return (series as readonly (readonly number[])[]).map((p) => [p[0]!, p[1]!]);
}

/**
 * The section-properties pipeline: validate -> engine (union, Green's theorem, exact cuts; J, Cw and
 * the shear centre by finite elements unless `torsion: false`) -> the engine's faults as issues with
 * paths -> the response, clean numbers, notes (with the torsion error estimate) and meta.
 *
 * Geometry is homogeneous: a section measured in inches has its area in in², its moduli in in³ and
 * its second moments in in⁴. So the lengths go to the engine in the request's own unit (mm or in,
 * labelled by ts/units) and every result is already in the response's unit: no conversion, hence no
 * rounding (a 200 mm flange stays 200, not 199.99999999999997 after mm -> m -> mm).
 */
import type {
  EngineSectionModel,
  EngineSectionProperties,
  EngineShape,
  EngineShapeIssue,
  EngineTorsion,
} from '../engine/section-properties.js';
import { Problem, type ProblemIssue } from '../problem/index.js';
import { DIAGRAM_WIDTH } from '../schema/diagram.js';
import {
  SECTION_DIAGRAM_HEIGHT,
  SectionDiagramRequest,
  SectionPropertiesRequest,
  type SectionPropertiesResponse,
  type SectionShapeInput,
} from '../schema/section-properties.js';
import { compile } from '../schema/validate.js';
import { renderSection, type SectionFigure } from '../svg/section.js';
import { quantities, type UnitSystem } from '../units/index.js';
import type { SolveContext } from './context.js';
import { withAttribution } from './diagram.js';
import { meta } from './meta.js';

export const sectionPropertiesValidator = compile(SectionPropertiesRequest);

export const SECTION_UNIT_LABELS = {
  length: 'dimension',
  area: 'area',
  sectionModulus: 'sectionModulus',
  inertia: 'inertia',
  warpingConstant: 'warpingConstant',
} as const;

export const SECTION_NOTES = [
  'Ix, Iy and Ixy are about the centroid; principal.angle is in degrees from the x axis to the I1 axis, counter-clockwise.',
  'Sx and Sy are plastic moduli about the equal-area axes (plasticNeutralAxis); Zx and Zy are the smaller elastic modulus of each pair in elasticModuli.',
];
const CIRCLE_NOTE =
  'A circle that overlaps another shape is taken as a 2048-sided polygon of the same area (second moments within 1e-12, extreme fibres within 1e-6 of the circle); otherwise circles are exact.';

const DEGREES_PER_RADIAN = 180 / Math.PI;

/** A shape in the engine's terms, in the request's length unit. */
function engineShape(shape: SectionShapeInput): EngineShape {
  const outline: EngineShape['outline'] =
    shape.type === 'polygon'
      ? { type: 'polygon', points: shape.points }
      : shape.type === 'rectangle'
        ? { type: 'rectangle', min: [shape.x, shape.y], size: [shape.width, shape.height] }
        : { type: 'circle', centre: [shape.x, shape.y], radius: shape.diameter / 2 };
  return { outline, void: shape.void ?? false };
}

/** The engine's model of a validated request. */
export function sectionEngineModel(request: SectionPropertiesRequest, outline: boolean): EngineSectionModel {
  return { shapes: request.shapes.map(engineShape), outline, torsion: request.torsion ?? true };
}

/** Two significant figures: an estimate is no more precise than that. */
const rough = (v: number) => Number(v.toPrecision(2));
/** Two figures, rounded up: a bound stays a bound when it is printed. */
const roughUp = (v: number) => {
  if (!(v > 0)) return 0;
  const step = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Number((Math.ceil(v / step) * step).toPrecision(2));
};

/** What the notes say of J, Cw and the shear centre: how they were computed and how far to trust them, or why they are missing. */
export function torsionNotes(torsion: EngineTorsion | null, units: UnitSystem, circles: boolean): string[] {
  const unit = (q: 'dimension' | 'inertia' | 'warpingConstant') => quantities[q][units === 'SI' ? 'si' : 'imperial'];
  if (torsion === null) return ['J, Cw and shearCentre are not computed (torsion: false).'];
  switch (torsion.kind) {
    case 'tooManyCorners':
      return [
        `J, Cw and shearCentre are not computed: the outlines have ${torsion.corners} corners, more than the ${torsion.limit} the torsion mesh takes (bounded work per request).`,
      ];
    case 'tooManyTriangles':
      return [
        `J, Cw and shearCentre are not computed: meshing these outlines takes ${torsion.triangles} triangles, more than the ${torsion.limit} the torsion mesh takes (bounded work per request).`,
      ];
    case 'failed':
      return ['J, Cw and shearCentre are not computed: no valid mesh of these outlines could be made.'];
    case 'computed':
      break;
  }
  const method =
    `J, Cw and shearCentre by finite elements: the Saint-Venant warping function (Pilkey's formulation) on ${torsion.triangles} six-node triangles; ` +
    `Prandtl's stress function on the same mesh gives a lower bound on J (the warping function's J is an upper one), so J's error is at most ` +
    `J ± ${roughUp((100 * torsion.jChange) / torsion.j)}%` +
    (torsion.warping
      ? `; Cw ± ${rough(torsion.warping.cwChange)} ${unit('warpingConstant')} and shearCentre ± ${rough(torsion.warping.shearCentreShift)} ${unit('dimension')} (estimates: the change when the warping function is read linearly between the corners).`
      : '.');
  const notes = [method];
  notes.push(
    torsion.warping
      ? "shearCentre is Trefftz's (independent of Poisson's ratio, as thin-walled theory assumes); Cw is about it."
      : `J is the sum of the torsion constants of the ${torsion.solids} separate solids; Cw and shearCentre are left out: solids that share no edge twist each about its own shear centre, so the section has no single one.`,
  );
  if (circles) notes.push('For J and Cw each circle is meshed as a polygon of 16 to 128 sides enclosing its area.');
  return notes;
}

/** An engine fault as an issue a user can act on. */
function issueOf(issue: EngineShapeIssue, request: SectionPropertiesRequest): ProblemIssue {
  const { fault } = issue;
  if (issue.shape === null) {
    if (fault.kind === 'noMaterial') return { path: 'shapes', message: 'the voids remove all the material: no area is left' };
    if (fault.kind === 'tooComplex')
      return {
        path: 'shapes',
        message:
          `the section is too complex to measure: its overlapping shapes would cost the union more than its budget of ` +
          `${fault.budget.toLocaleString('en')} (${fault.corners.toLocaleString('en')} corners, a circle that overlaps another ` +
          `shape counting 2048, plus the corners of every two shapes whose bounding boxes overlap): use fewer overlapping ` +
          `shapes or fewer points`,
      };
    return { path: 'shapes', message: 'the section is too large to measure: its properties overflow' };
  }
  const path = `shapes.${issue.shape}`;
  const shape = request.shapes[issue.shape];
  switch (fault.kind) {
    case 'tooFewPoints':
      return { path: `${path}.points`, message: 'a polygon needs at least 3 distinct points' };
    case 'zeroArea':
      return {
        path: shape?.type === 'polygon' ? `${path}.points` : path,
        message: 'the shape encloses no area (its points are on one line, or it is too thin to measure)',
      };
    case 'selfIntersecting': {
      const n = shape?.type === 'polygon' ? shape.points.length : 0;
      const [i, j] = fault.edges;
      const edge = (k: number) => `points ${k} to ${(k + 1) % n}`;
      return { path: `${path}.points`, message: `the polygon crosses itself: the edge from ${edge(i)} meets the edge from ${edge(j)}` };
    }
    case 'voidOutsideSolids':
      return { path, message: 'this void lies outside every solid, so it removes nothing: move it into the material or drop it' };
    case 'notFinite':
      return { path, message: 'every coordinate and size must be a finite number' };
    case 'noMaterial':
      return { path, message: 'no material is left' };
    case 'tooComplex':
      return { path, message: 'this shape is too complex to measure' };
  }
}

/** Values below 1e-12 of the largest magnitude of their quantity are rounding: written as 0. */
function cleaner(values: number[]): (v: number) => number {
  const largest = Math.max(...values.map(Math.abs));
  return (v) => (Math.abs(v) < 1e-12 * largest ? 0 : v);
}

/** The engine's properties (already in the response's units) in the API's names. */
export function presentSection(p: EngineSectionProperties): Omit<SectionPropertiesResponse, 'notes' | 'meta'> {
  const L = cleaner([...p.centroid, p.rx, p.ry, ...p.plasticAxes, p.extents.xMin, p.extents.xMax, p.extents.yMin, p.extents.yMax]);
  const torsion = p.torsion?.kind === 'computed' ? p.torsion : undefined;
  const warping = torsion?.warping ?? undefined;
  // the mesh is not symmetric where the section is: a shear centre 1e-6 of the section's size off an axis is on it
  const size = Math.hypot(p.extents.xMax - p.extents.xMin, p.extents.yMax - p.extents.yMin);
  const S = (v: number) => (Math.abs(v) < 1e-6 * size ? 0 : v);
  const I = cleaner([p.ix, p.iy, p.ixy, p.principal.i1, p.principal.i2]);
  const angle = p.principal.angle * DEGREES_PER_RADIAN;
  return {
    area: p.area,
    centroid: { x: L(p.centroid[0]), y: L(p.centroid[1]) },
    Ix: I(p.ix),
    Iy: I(p.iy),
    Ixy: I(p.ixy),
    principal: { I1: I(p.principal.i1), I2: I(p.principal.i2), angle: Math.abs(angle) < 1e-12 ? 0 : angle },
    rx: p.rx,
    ry: p.ry,
    Zx: p.zx,
    Zy: p.zy,
    elasticModuli: {
      xTop: p.elastic.xTop,
      xBottom: p.elastic.xBottom,
      yLeft: p.elastic.yLeft,
      yRight: p.elastic.yRight,
    },
    Sx: p.sx,
    Sy: p.sy,
    plasticNeutralAxis: { x: L(p.plasticAxes[0]), y: L(p.plasticAxes[1]) },
    extents: {
      xMin: L(p.extents.xMin),
      xMax: L(p.extents.xMax),
      yMin: L(p.extents.yMin),
      yMax: L(p.extents.yMax),
    },
    ...(torsion && { J: torsion.j }),
    ...(warping && { Cw: warping.cw, shearCentre: { x: S(warping.shearCentre[0]), y: S(warping.shearCentre[1]) } }),
  };
}

export interface SectionSolution {
  response: SectionPropertiesResponse;
  /** The engine's answer (engine units), with the material when it was asked for. */
  engine: EngineSectionProperties;
}

/** A validated request measured; throws Problem for every refusal. */
export function measureSection(request: SectionPropertiesRequest, context: SolveContext, outline = false): SectionSolution {
  const now = context.now ?? (() => performance.now());
  const started = now();
  const units: UnitSystem = request.units ?? 'SI';
  const answer = context.engine.sectionProperties(sectionEngineModel(request, outline));
  if ('error' in answer) {
    const e = answer.error;
    if (e.kind === 'invalidSection') throw Problem.invalid(e.issues.map((i) => issueOf(i, request)));
    throw new Problem('engine_error', `The engine could not read this section: ${e.message}.`);
  }
  const circles = request.shapes.some((s) => s.type === 'circle');
  const notes = [...torsionNotes(answer.ok.torsion, units, circles), ...SECTION_NOTES, ...(circles ? [CIRCLE_NOTE] : [])];
  const response: SectionPropertiesResponse = {
    ...presentSection(answer.ok),
    notes,
    meta: meta(context.engine.version, units, SECTION_UNIT_LABELS, now() - started, context.baseUrl, []),
  };
  return { response, engine: answer.ok };
}

/** The whole pipeline from an untrusted body. */
export function sectionProperties(body: unknown, context: SolveContext): SectionPropertiesResponse {
  return measureSection(sectionPropertiesValidator.check(body), context).response;
}

export const sectionDiagramValidator = compile(SectionDiagramRequest);

/** What the figure draws of a measured section (measured with its material kept). */
export function sectionFigure({ response, engine }: SectionSolution): SectionFigure {
  const labels = response.meta.unitLabels;
  return {
    outlines: engine.material.outlines,
    discs: engine.material.discs,
    centroid: response.centroid,
    principalAngle: response.principal.angle,
    plasticNeutralAxis: response.plasticNeutralAxis,
    ...(response.shearCentre && { shearCentre: response.shearCentre }),
    extents: response.extents,
    area: response.area,
    Ix: response.Ix,
    Iy: response.Iy,
    units: { length: labels.length!, area: labels.area!, inertia: labels.inertia! },
  };
}

/** The figure of a section: the same measurement with the material kept, drawn in the request's units. */
export function renderSectionDiagram(body: unknown, context: SolveContext): string {
  const { width, height, theme = 'light', ...request } = sectionDiagramValidator.check(body);
  const figure = sectionFigure(measureSection(request, context, true));
  const svg = renderSection(figure, { width: width ?? DIAGRAM_WIDTH.default, height: height ?? SECTION_DIAGRAM_HEIGHT, theme });
  return withAttribution(svg, context.baseUrl);
}

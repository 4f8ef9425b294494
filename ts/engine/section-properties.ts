/**
 * Section properties across the WebAssembly boundary (crates/engine-wasm `section_properties`): a
 * plain object in, a plain object out (serde-wasm-bindgen; the models are small). Lengths in the
 * request's own unit (mm or in): geometry is homogeneous, so results come back in its powers.
 */

/** One piece, as the engine names it. */
export interface EngineShape {
  outline:
    | { type: 'polygon'; points: [number, number][] }
    | { type: 'rectangle'; min: [number, number]; size: [number, number] }
    | { type: 'circle'; centre: [number, number]; radius: number };
  void: boolean;
}

export interface EngineSectionModel {
  shapes: EngineShape[];
  /** Keep the material's outlines and discs in the answer (figures). */
  outline: boolean;
  /** Compute J, Cw and the shear centre by finite elements (a mesh, the warping function and the stress function). */
  torsion: boolean;
}

/** Cw and Trefftz's shear centre of one solid, with how much each changes when the warping function is read linearly between the triangles' corners. */
export interface EngineWarping {
  cw: number;
  cwChange: number;
  shearCentre: [number, number];
  shearCentreShift: number;
}

/** The torsion result (decisions.md 21), or why there is none. */
export type EngineTorsion =
  | {
      kind: 'computed';
      j: number;
      /** J less the stress function's J on the same mesh: a bound on J's error */
      jChange: number;
      /** null for several separate solids */
      warping: EngineWarping | null;
      solids: number;
      /** six-node triangles of the mesh */
      triangles: number;
    }
  | { kind: 'tooManyCorners'; corners: number; limit: number }
  | { kind: 'tooManyTriangles'; triangles: number; limit: number }
  | { kind: 'failed' };

/** The material: outlines (material counter-clockwise, holes clockwise) and exact discs. */
export interface EngineMaterial {
  outlines: [number, number][][];
  discs: { centre: [number, number]; radius: number; void: boolean }[];
}

export interface EngineSectionProperties {
  area: number;
  centroid: [number, number];
  ix: number;
  iy: number;
  ixy: number;
  /** Angle in radians from x to the I1 axis, counter-clockwise. */
  principal: { i1: number; i2: number; angle: number };
  rx: number;
  ry: number;
  elastic: { xTop: number; xBottom: number; yLeft: number; yRight: number };
  zx: number;
  zy: number;
  /** [x of the vertical equal-area axis, y of the horizontal one] */
  plasticAxes: [number, number];
  sx: number;
  sy: number;
  extents: { xMin: number; xMax: number; yMin: number; yMax: number };
  material: EngineMaterial;
  /** null unless the model asked for torsion */
  torsion: EngineTorsion | null;
}

/** A fault of one piece (`shape` = its index), or of the whole section (`shape` = null). */
export interface EngineShapeIssue {
  shape: number | null;
  fault:
    | { kind: 'notFinite' | 'tooFewPoints' | 'zeroArea' | 'voidOutsideSolids' | 'noMaterial' }
    | { kind: 'selfIntersecting'; edges: [number, number] }
    | { kind: 'tooComplex'; corners: number; budget: number };
}

export type EngineSectionAnswer =
  | { ok: EngineSectionProperties }
  | { error: { kind: 'invalidSection'; issues: EngineShapeIssue[] } | { kind: 'invalidModel'; message: string } };

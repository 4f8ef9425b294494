/**
 * The figure renderer: (model, results, options) -> SVG text. Pure: no DOM, no clock, no randomness,
 * so the service and the browser calculator give the same bytes for the same model.
 */
import { layoutBeam, type BeamSetupView } from './beam.js';
import { beamChart, type ChartView } from './chart.js';
import { captioned } from './caption.js';
import { emit } from './emit.js';
import type { DiagramStyle } from './glyphs.js';
import type { BeamFigureModel, BeamFigureResults, TrussFigureModel, TrussFigureResults } from './model.js';
import { layoutTruss, type TrussView } from './truss.js';
import { layoutFrame, type FrameFigureModel, type FrameFigureResults, type FrameView } from './frame.js';
import type { Scene } from './scene.js';
import type { Theme } from './theme.js';

export type BeamView = BeamSetupView | ChartView;
export type { BeamFigureModel, BeamFigureResults, DiagramStyle, Scene, Theme };

export interface RenderOptions {
  width: number;
  height: number;
  theme: Theme;
  style: DiagramStyle;
  /** prefix of every id in the document; default `spanwise` */
  idPrefix?: string;
  /** what the figure draws, in a strip above it (ts/svg/caption.ts); none by default */
  caption?: string;
}

export interface BeamRenderOptions extends RenderOptions {
  view: BeamView;
  deformed: boolean;
  /** charts: a second curve, the lower bound of an envelope whose upper bound is the results' diagram */
  lower?: readonly [number, number][];
}

const CHART_VIEWS: readonly string[] = ['shear', 'moment', 'deflection'] satisfies ChartView[];

function isChart(view: BeamView): view is ChartView {
  return CHART_VIEWS.includes(view);
}

/** The beam figure as a scene (layout only), for tests and for callers that post-process. */
export function beamScene(model: BeamFigureModel, results: BeamFigureResults, options: BeamRenderOptions): Scene {
  const { view } = options;
  return captioned(options.caption, options.height, (height) =>
    isChart(view) ? beamChart(model, results, { ...options, height, view }) : layoutBeam(model, results, { ...options, height, view }),
  );
}

export function renderBeam(model: BeamFigureModel, results: BeamFigureResults, options: BeamRenderOptions): string {
  return emit(beamScene(model, results, options), { theme: options.theme, idPrefix: options.idPrefix ?? 'spanwise' });
}

export type { TrussFigureModel, TrussFigureResults, TrussView };

export interface TrussRenderOptions extends RenderOptions {
  view: TrussView;
  /** node and member numbers (default true) */
  numbers?: boolean;
}

/** The truss figure as a scene; the problem view needs no results. */
export function trussScene(model: TrussFigureModel, results: TrussFigureResults | undefined, options: TrussRenderOptions): Scene {
  return captioned(options.caption, options.height, (height) => layoutTruss(model, results, { ...options, height }));
}

export function renderTruss(model: TrussFigureModel, results: TrussFigureResults | undefined, options: TrussRenderOptions): string {
  return emit(trussScene(model, results, options), { theme: options.theme, idPrefix: options.idPrefix ?? 'spanwise' });
}

export type { FrameFigureModel, FrameFigureResults, FrameView };

export interface FrameRenderOptions extends RenderOptions {
  view: FrameView;
  /** node and member numbers (default true) */
  numbers?: boolean;
  /** The `buckling` view's mode, from 1. */
  mode?: number | undefined;
}

/** The frame figure as a scene; the problem view needs no results. */
export function frameScene(model: FrameFigureModel, results: FrameFigureResults | undefined, options: FrameRenderOptions): Scene {
  return captioned(options.caption, options.height, (height) => layoutFrame(model, results, { ...options, height }));
}

export function renderFrame(model: FrameFigureModel, results: FrameFigureResults | undefined, options: FrameRenderOptions): string {
  return emit(frameScene(model, results, options), { theme: options.theme, idPrefix: options.idPrefix ?? 'spanwise' });
}

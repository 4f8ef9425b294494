/**
 * The calculation report's body (issue 37): the model (its figure and input tables with units), the loads by
 * case, the combinations used, every results figure, the results tables, the governing values with their
 * combinations, the sign conventions and the checks (equilibrium, warnings, engine version). Pure: HTML text
 * out from the model, the solve response and the figures already drawn, so it is tested without a browser.
 */
import { escapeXml } from '../../svg/escape.js';
import type { UnitSystem } from '../../units/index.js';
import type { Model } from '../columns.js';
import type { KindSpec } from '../kinds.js';
import { displacementsTable, envelopeTable, extremesTable, formatValue, reactionsTable } from '../results.js';
import { signConventions } from './conventions.js';
import { combinationsUsed, loadsByCase, modelTables, resultsTable } from './tables.js';

type Plain = { [key: string]: unknown };

/** One figure of the report: drawn (its SVG text), or the reason there is none. */
export interface ReportFigure {
  /** The name its download would have: `beam-shear.svg`, `beam-shear-envelope.svg`. */
  file: string;
  title: string;
  /** What it draws: the unfactored analysis, or the envelope. */
  loading: string;
  svg?: string;
  message?: string;
}

export interface ReportInput {
  spec: KindSpec;
  model: Model;
  response: Plain;
  engineVersion: string;
  /** The model's figure (the problem view) first, then the results figures in the order they are printed. */
  figures: ReportFigure[];
}

/**
 * A figure's SVG with its ids made its own (`f3-spanwise-title`): the report holds many figures in one
 * document, and the renderer gives every figure the same ids.
 */
export function ownIds(svg: string, n: number): string {
  return svg.replaceAll('"spanwise-', `"f${n}-spanwise-`);
}

/**
 * A numbered figure: its title above and its name and loading below, so that a reader (and the report's test,
 * reading the PDF's text) sees that both ends of the figure are on one page.
 */
export function figureHtml(figure: ReportFigure, n: number): string {
  const art = figure.svg === undefined ? `<p class="no-figure">${escapeXml(figure.message ?? 'No figure.')}</p>` : ownIds(figure.svg, n);
  return (
    `<figure class="report-figure" data-figure="${n}" data-file="${escapeXml(figure.file)}">` +
    `<p class="figure-title">Figure ${n}. ${escapeXml(figure.title)}</p><div class="figure-art">${art}</div>` +
    `<figcaption>${escapeXml(figure.file)} · ${escapeXml(figure.loading)}</figcaption></figure>`
  );
}

function section(n: number, title: string, body: string): string {
  return `<section class="report-section"><h2>${n}. ${escapeXml(title)}</h2>${body}</section>`;
}

function checks(response: Plain, engineVersion: string): string {
  const meta = response.meta as { warnings?: string[]; check?: { equilibrium: number } } | undefined;
  const residual = meta?.check?.equilibrium;
  const equilibrium =
    residual === undefined
      ? '<p>Equilibrium check: not computed for this model.</p>'
      : `<p class="equilibrium" data-value="${String(residual)}">Equilibrium check: the residual of the applied loads and reactions is ${escapeXml(formatValue(residual))} of the largest of them (${residual <= 1e-9 ? 'satisfied' : 'NOT satisfied'}; a correct solve gives about 1e-12 or less).</p>`;
  const warnings = meta?.warnings ?? [];
  const listed =
    warnings.length === 0
      ? '<p>Warnings: none.</p>'
      : `<p>Warnings:</p><ul>${warnings.map((w) => `<li>${escapeXml(w)}</li>`).join('')}</ul>`;
  return `${equilibrium}${listed}<p>Computed in the browser by the Spanwise engine ${escapeXml(engineVersion)} (WebAssembly), the same engine and code as the Spanwise API.</p>`;
}

export function reportBody({ spec, model, response, engineVersion, figures }: ReportInput): string {
  const units: UnitSystem = model.units === 'imperial' ? 'imperial' : 'SI';
  const [modelFigure, ...results] = figures;
  const tables = [reactionsTable(response), extremesTable(spec.kind, response), displacementsTable(response)]
    .filter((t) => t !== undefined)
    .map(resultsTable)
    .join('');
  const envelope = envelopeTable(response);
  const governing = envelope === undefined ? undefined : resultsTable(envelope);
  const parts = [
    section(
      1,
      'Model',
      `<p>Units: ${units === 'SI' ? 'SI (kN, m, mm)' : 'imperial (kip, ft, in)'}.</p>${modelFigure ? figureHtml(modelFigure, 1) : ''}${modelTables(spec.collections, model, units)}`,
    ),
    section(2, 'Loads by case', loadsByCase(spec.collections, model, units)),
    section(3, 'Load combinations', combinationsUsed(model, response)),
    section(4, 'Results figures', results.map((f, i) => figureHtml(f, i + 2)).join('')),
    section(5, 'Results', tables),
    ...(governing === undefined ? [] : [section(6, 'Governing values and their combinations', governing)]),
    section(
      governing === undefined ? 6 : 7,
      'Sign conventions',
      `<ul>${signConventions(spec.kind)
        .map((c) => `<li>${escapeXml(c)}</li>`)
        .join('')}</ul>`,
    ),
    section(governing === undefined ? 7 : 8, 'Checks', checks(response, engineVersion)),
  ];
  return parts.join('');
}

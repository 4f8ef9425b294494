/**
 * Switching the page between SI and imperial: every value of the model whose column has a quantity is
 * converted by the units table (ts/units), the same factors the service applies to a request.
 */
import { quantities, type UnitSystem } from '../units/index.js';
import { applies, quantityOf, roundConverted, rowsOf, type Model } from './columns.js';
import type { KindSpec } from './kinds.js';
import { get, set } from './pointer.js';

/**
 * The model in `to` units (a new object). Each converted value is rounded to CONVERTED_FIGURES significant
 * figures unless `exact`, so 6 m shows as 19.68503937 ft rather than as every digit of 6 / 0.3048.
 */
export function convertModel(model: Model, spec: KindSpec, to: UnitSystem, exact = false): Model {
  const from: UnitSystem = model.units === 'imperial' ? 'imperial' : 'SI';
  const copy = structuredClone(model);
  if (to !== 'SI' || model.units !== undefined) copy.units = to;
  if (from === to) return copy;
  for (const collection of spec.collections) {
    rowsOf(copy, collection).forEach((row) => {
      for (const column of collection.columns) {
        const quantity = quantityOf(column, row);
        const at = `/${column.field}`;
        const value = get(row, at);
        if (quantity === undefined || !applies(column, row) || typeof value !== 'number') continue;
        const factor = quantities[quantity].siPerImperial;
        const converted = to === 'SI' ? value * factor : value / factor;
        set(row, at, exact ? converted : roundConverted(converted));
      }
    });
  }
  return copy;
}

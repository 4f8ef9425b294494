/** The column layout of steelsnakes' Blue Book tables, shared by its EN (UPN), UK (UB, UC) and hollow-section files. */
import { toSi } from './read.js';

/** steelsnakes (Blue Book layout, EN and UK): cm units, I_w in dm6; y-y major. */
export const STEELSNAKES_COLUMNS = {
  Zx: ['W_el_yy', toSi.mm3FromCm3],
  Zy: ['W_el_zz', toSi.mm3FromCm3],
  Sx: ['W_pl_yy', toSi.mm3FromCm3],
  Sy: ['W_pl_zz', toSi.mm3FromCm3],
  rx: ['i_yy', toSi.mmFromCm],
  ry: ['i_zz', toSi.mmFromCm],
  J: ['I_t', toSi.mm4FromCm4],
  Cw: ['I_w', toSi.mm6FromDm6],
} as const;

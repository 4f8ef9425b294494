/** Load combinations: generation from the standards' tables, and envelopes of the results. */
export * from './types.js';
export { generateCombinations, presentCases, completeFactors, zeroFactors } from './generate.js';
export { combinationName } from './name.js';
export * from './envelope.js';
export * from './frame-envelope.js';
export * from './truss-envelope.js';
export * from './pattern.js';
export { factoredLoads } from './factor-loads.js';
export * from './serviceability.js';

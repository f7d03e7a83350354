// @ts-check
// The package's index: parsing, formatting and the unit table they share.
export { formatDuration } from "./format.mjs";
export { parseDuration } from "./parse.mjs";
export { UNITS, unitMs } from "./units.mjs";

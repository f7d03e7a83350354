/** The inspect_ai import: an eval log (`.eval` or JSON) read into an imported evaluation. */

export { EVAL_ZIP_BOUNDS } from "./eval-zip.js";
export { inspectLogNotice } from "./log-origin.js";
export { INSPECT_FORMAT, type InspectImportOptions, readInspectLog } from "./read-inspect.js";
export { INSPECT_BOUNDS } from "./read-log-file.js";
export { valueToFloat } from "./sample-scores.js";

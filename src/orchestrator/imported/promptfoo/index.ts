/** The promptfoo import: a `promptfoo eval -o results.json` file read into an imported evaluation. */

export { PROMPTFOO_FORMAT, type PromptfooImportOptions, readPromptfooResults } from "./read-promptfoo.js";
export { PROMPTFOO_BOUNDS } from "./read-results-file.js";

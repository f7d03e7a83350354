/**
 * The built-in `cases` plugin: each case is a prompt and a list of deterministic checks, written
 * in YAML. A use case points at its files with `cases: packs/<name>/*.yaml`.
 *
 * A case file holds one case (its `id` defaults to the file name without extension) or several
 * under `cases:` (each with an `id`):
 *
 * ```yaml
 * id: refund-request          # unique in the use case; default: the file name
 * version: "1"                # bump when the case's meaning changes; default "1"
 * kind: floor                 # floor | ceiling | frontier | stub; default floor
 * input:                      # what the model gets; other keys are kept for other runners
 *   prompt: Classify this ticket as billing, bug or feature-request. ...   # required
 *   system_prompt: You triage support tickets.                           # optional
 *   max_tokens: 20                                                        # optional
 *   temperature: 0                                                        # optional
 * reference: { note: free facts for humans and graders, never shown to the model }
 * threshold: 1                # headline value to reach to pass; default grading.threshold, else 1
 * metadata: { source: authored }   # free labels, never used for grading
 * checks:                     # default: the use case's grading.checks
 *   - { metric: label, exact: billing, case_sensitive: false }
 *   - { metric: mentions_refund, contains: [refund], mode: any }
 *   - { metric: total, numeric: 1234.5, tolerance: 0.01, label: "total:?" }
 *   - { metric: shape, json_schema: { type: object, required: [total] }, expected: { currency: EUR } }
 *   - { metric: no_apology, regex: "sorry", flags: i, must_match: false }
 *   - { metric: sql, javascript: ./checks/valid-sql.mjs, timeout_ms: 2000 }   # a module of benchmarks/
 *   - { metric: tone, rubric: The reply apologises once and names the next step. }   # by the panel
 * ```
 *
 * Instead of `prompt`, `input` may give `prompt_template` with `vars` (or only `vars`, rendered
 * through the use case's `prompt_template`), and a `.csv` or `.jsonl` file holds one case per row:
 * see prompt-template.ts and case-tables.ts, rendered by the shared reader for every plugin.
 *
 * Each check names exactly one grader kind (see {@link CHECK_KINDS}); unknown keys are refused.
 * The use case's `grading:` block (see {@link gradingSchema}) sets the headline (`composite`, the
 * weighted mean of every check's metric, or one metric), the composite weights, the default
 * threshold and default checks.
 *
 * Where things go: a case's own checks are stored, normalized, in its `reference.checks`, so they
 * enter the cell key (editing one re-runs that case only; `reference.checks` is reserved). The
 * grading block minus `threshold` is the grader's `config`, so editing default checks, weights or
 * the headline re-runs the use case; thresholds are copied onto the cases and re-run nothing.
 * Javascript and rubric checks are resolved when loaded (see resolveChecks): the module's sha256
 * and the panel's key are written into the normalized check, so they enter the cell key too.
 */

export { CASE_ID_PATTERN, caseSchema, caseShape } from "./case-schema.js";
// The YAML and zod helpers worded for case files, for the other case-file plugins of this layer (summarization, kids-qa).
export { parseYamlDocument, unplacedDocument, zodProblems } from "./case-yaml.js";
export { CASES_GRADER_VERSION, createCasesGrader } from "./cases-grader.js";
export { casesPlugin } from "./cases-plugin.js";
export { type CheckEnvironment, createCheckGrader } from "./check-grader.js";
export { CHECK_KINDS, type Check, type CheckKind, checkSchema } from "./check-schema.js";
export { locateGrading, parseGrading } from "./grading-document.js";
export { type CasesGrading, gradingSchema } from "./grading-schema.js";
export { loadCaseFiles } from "./load-cases.js";
export { type CaseFileFormat, type LoadedCase, readCaseFiles } from "./read-case-files.js";

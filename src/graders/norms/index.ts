/**
 * The norms record: how a passing change reads to a careful reviewer above the pass floor
 * (files outside the targets, leftover debug lines, new lint findings, size against the real
 * fix, code without tests, comment density), computed from the model's tree against its
 * fixture before any hidden file, as `norms_score` with every signal's value, penalty and N/A
 * reason. Never changes a task's score or whether it passed.
 */

export {
	COMMENT_DENSITY_SPAN,
	COMMENT_DENSITY_TOLERANCE,
	computeNorms,
	DEBUG_LINE_PENALTY,
	DIFF_SIZE_FREE_RATIO,
	DIFF_SIZE_FULL_RATIO,
	type FileChange,
	LINT_FINDING_PENALTY,
	type NormsInput,
} from "./compute-norms.js";
export {
	BIOME_VERSION,
	createBiomeRunner,
	createRuffRunner,
	defaultLintRunners,
	type LintFile,
	type LintFinding,
	type LintRun,
	type LintRunner,
	RUFF_VERSION,
} from "./lint-runners.js";
export {
	NORMS_SIGNALS,
	NORMS_VERSION,
	NORMS_WEIGHTS,
	type NormsRecord,
	type NormsSignal,
	type NormsSignalId,
	normsScore,
} from "./norms-record.js";
export { readTreeChanges } from "./tree-changes.js";

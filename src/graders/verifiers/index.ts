/**
 * Task verifiers: graders that judge what a model left in a workspace, after it is done, in a
 * fresh sandbox copy with hidden files it never saw. `tests` runs gold tests (fail-to-pass, or
 * multi-site); `checks` runs a hidden script that also reads the final message; `review` scores
 * review findings against planted bugs and decoys; `mutation` runs the model's own suite against
 * hidden mutants; `speedup` times a candidate against a frozen baseline with the paired-v1
 * protocol. Every kind is
 * built on one shell (`defineTaskVerifier`) and one outcome taxonomy (`verifier-outcome.ts`),
 * and `createTaskVerifier` maps a task's `verifier:` block to its kind. A verifier that
 * cannot reach a verdict throws VerifierHarnessError (code `verifier-harness`), which the host
 * records as a grader error, never as a score.
 */

export {
	CHECKS_METRIC,
	CHECKS_VERIFIER_VERSION,
	type ChecksVerifierOptions,
	createChecksVerifier,
} from "./checks-verifier.js";
export { createTaskVerifier, verifierProgram } from "./create-task-verifier.js";
export {
	GRADING_SOURCES,
	type GradingSandbox,
	type GradingSandboxRequest,
	type GradingSource,
	openGradingSandbox,
	type TaskVerifierOptions,
	type VerifierSandboxOptions,
} from "./grading-sandbox.js";
export { inParallel } from "./mutation-suite.js";
export {
	createMutationVerifier,
	MUTATION_METRIC,
	MUTATION_VERIFIER_VERSION,
	type MutationVerifierOptions,
} from "./mutation-verifier.js";
export { type CheckValue, type ParsedChecks, parseChecksOutput } from "./parse-checks.js";
export { normalizeRequiredName, parseTestReport, REPORT_FLAGS } from "./report/parse-report.js";
export { type RequiredOutcome, type RequiredTestResult, requiredTestResults } from "./report/required-tests.js";
export { type ParsedReport, TEST_OUTCOMES, type TestOutcome, type TestResult } from "./report/test-result.js";
export {
	createReviewVerifier,
	REVIEW_METRIC,
	REVIEW_VERIFIER_VERSION,
	type ReviewVerifierOptions,
} from "./review-verifier.js";
export { runTestCommand, type TestCommandSettings, type TestRun } from "./run-test-command.js";
export { type CheckScore, type CheckWeights, scoreChecks } from "./score-checks.js";
export {
	createSpeedupVerifier,
	SPEEDUP_METRIC,
	SPEEDUP_VERIFIER_VERSION,
	type SpeedupVerifierOptions,
} from "./speedup/speedup-verifier.js";
export { defineTaskVerifier, type GradingSession, type TaskVerifierDefinition } from "./task-verifier.js";
export {
	createTestsVerifier,
	TESTS_METRIC,
	TESTS_VERIFIER_VERSION,
	type TestsVerifierOptions,
} from "./tests-verifier.js";
export { failingAssertionOf, setupFailureOf } from "./verdict-reading.js";
export { VERIFIER_HARNESS_CODE, VerifierHarnessError } from "./verifier-harness-error.js";
export {
	gradedFailure,
	type ScoredAnswer,
	scoredVerdict,
	timedOut,
	VERIFIER_OUTCOMES,
	type VerifierOutcome,
} from "./verifier-outcome.js";
export { PASSED_METRIC, type VerifierVerdict } from "./verifier-score.js";

import type { Grader, JsonObject, TestsVerifier } from "../../contract/index.js";
import type { TaskVerifierOptions } from "./grading-sandbox.js";
import { hiddenFileDigest, placeHiddenFiles } from "./hidden-files.js";
import { resetTestFiles } from "./reset-test-files.js";
import { runTestCommand } from "./run-test-command.js";
import { defineTaskVerifier } from "./task-verifier.js";
import { type SiteRun, singleRunVerdict, sitesVerdict } from "./tests-verdict.js";
import { assertTestsArgs } from "./verifier-options.js";

/** Headline metric of the tests verifier: 1 or 0, or the fraction of sites fixed. */
export const TESTS_METRIC = "tests";
/** Version of the tests verifier; bumping it changes cell keys. */
export const TESTS_VERIFIER_VERSION = "1";

/** Options of {@link createTestsVerifier}. */
export interface TestsVerifierOptions extends TaskVerifierOptions {
	/** The task's verifier block. */
	readonly verifier: TestsVerifier;
}

/**
 * The `tests` verifier (fail-to-pass with hidden gold tests). After the model is done, in a fresh
 * sandbox copy of its finished workspace (or of the fixture with its diff applied): test files
 * matching `reset` go back to their fixture version, the gold files are copied in, and the test
 * command runs (no network, scrubbed environment, `timeout_s`). It passes only when the command
 * exits 0 and the report shows every required test ran and passed; with `sites`, each site runs
 * the command with its targets and the score is the fraction fixed. Scores: `tests` (headline,
 * 0..1, per-test details in extras) and `passed`. A setup failure, a missing program or an
 * unparsable or empty report throws a VerifierHarnessError (code `verifier-harness`), never a 0.
 * The attempt's workspace is only ever copied.
 */
export function createTestsVerifier(options: TestsVerifierOptions): Grader {
	const { taskDir, verifier } = options;
	const args = verifier.args;
	assertTestsArgs(args);
	return defineTaskVerifier(
		{
			id: "tests",
			version: TESTS_VERIFIER_VERSION,
			metric: TESTS_METRIC,
			config: testsConfig(options),
			async grade({ copy, context, signal }) {
				const { sandbox, fixture } = copy;
				const reset = await resetTestFiles(sandbox, fixture, args.reset);
				const gold = await placeHiddenFiles("tests", sandbox, taskDir, args.gold_files);
				const extras: JsonObject = {
					...context,
					reset: { restored: [...reset.restored], removed: [...reset.removed] },
					gold_files: gold,
				};
				if (args.sites === null)
					return singleRunVerdict(await runTestCommand(sandbox, args, args.command, signal), args, extras);
				const runs: SiteRun[] = [];
				for (const [site, targets] of Object.entries(args.sites)) {
					const run = await runTestCommand(sandbox, args, [...args.command, ...targets], signal);
					runs.push({ site, targets, run });
				}
				return sitesVerdict(runs, args, extras);
			},
		},
		options,
	);
}

/** The verifier's settings and the digest of every gold file: all of it enters cell keys. */
function testsConfig(options: TestsVerifierOptions): JsonObject {
	const args = options.verifier.args;
	return {
		kind: "tests",
		command: [...args.command],
		gold_files: args.gold_files.map((file) => ({
			source: file.source,
			target: file.target,
			sha256: hiddenFileDigest(options.taskDir, file.source),
		})),
		report: args.report,
		report_file: args.report_file,
		required_tests: [...args.required_tests],
		sites:
			args.sites === null
				? null
				: Object.fromEntries(Object.entries(args.sites).map(([site, targets]) => [site, [...targets]])),
		pass_threshold: args.pass_threshold,
		reset: [...args.reset],
		env: { ...args.env },
		timeout_s: args.timeout_s,
	};
}

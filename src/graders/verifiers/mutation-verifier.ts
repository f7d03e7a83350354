import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import {
	applyMutationEdit,
	countOccurrences,
	type Grader,
	type JsonObject,
	type MutationEdit,
	type MutationVerifier,
	type MutationVerifierArgs,
	sha256,
} from "../../contract/index.js";
import type { TaskVerifierOptions } from "./grading-sandbox.js";
import { inParallel, runSuite, type SuiteRun } from "./mutation-suite.js";
import { defineTaskVerifier, type GradingSession } from "./task-verifier.js";
import { VerifierHarnessError } from "./verifier-harness-error.js";
import { assertMutationArgs } from "./verifier-options.js";
import { gradedFailure, scoredVerdict, timedOut } from "./verifier-outcome.js";
import type { VerifierVerdict } from "./verifier-score.js";

/** Headline metric of the mutation verifier: the fraction of mutants the model's suite catches. */
export const MUTATION_METRIC = "mutation";
/** Version of the mutation verifier; bumping it changes cell keys. */
export const MUTATION_VERIFIER_VERSION = "1";

/** Options of {@link createMutationVerifier}. */
export interface MutationVerifierOptions extends TaskVerifierOptions {
	/** The task's verifier block. */
	readonly verifier: MutationVerifier;
	/** Most mutant runs at once; default `os.availableParallelism()`. */
	readonly parallelism?: number;
}

/** One mutant's or equivalent's run. */
interface EditRun {
	readonly edit: MutationEdit;
	readonly role: "mutant" | "equivalent";
	readonly run: SuiteRun;
}

/**
 * The `mutation` verifier: grades a test suite the model wrote for a pinned module. In order: the
 * module in the model's tree must have the pinned sha256 (else the attempt is void: a graded
 * failure); the suite must pass on the module as given with at least one test (else 0, "the suite
 * fails on the real module"); then every mutant and equivalent is applied alone to its own fresh
 * copy of the model's tree (up to the machine's cores at once) and the suite re-run. A mutant is
 * caught when the suite does not pass on it. A timeout on a mutant counts as caught: the suite
 * finished in time on the real module, so a mutant that makes it hang (a loop bound, a recursion
 * base case) was detected by running the suite, as mutation tools (Stryker, PIT) count it; the
 * timeout is marked in its details. A suite that does not pass on an equivalent (a
 * behaviour-preserving rewrite) asserts on source text, not behaviour: 0. The score is caught /
 * mutants, passing at `pass_threshold`. A missing program or an unreadable report throws a
 * VerifierHarnessError, as does a fixture whose module is not the pinned one.
 */
export function createMutationVerifier(options: MutationVerifierOptions): Grader {
	const args = options.verifier.args;
	assertMutationArgs(args);
	const parallelism = options.parallelism ?? availableParallelism();
	return defineTaskVerifier(
		{
			id: "mutation",
			version: MUTATION_VERIFIER_VERSION,
			metric: MUTATION_METRIC,
			config: mutationConfig(args),
			async grade(session) {
				const { copy, context, signal } = session;
				await requirePinnedFixture(args, copy.fixture);
				const extras: JsonObject = { ...context, module: args.module, module_sha256: args.module_sha256 };
				const text = await copy.sandbox.read(args.module).catch(() => null);
				if (text === null) return gradedFailure(`the module ${args.module} is missing from the attempt's tree`, extras);
				const found = sha256(text);
				if (found !== args.module_sha256)
					return gradedFailure(
						`the attempt edited the module under test ${args.module} (sha256 ${found}, pinned ${args.module_sha256}), which voids it: the suite must test the module as given`,
						{ ...extras, found_sha256: found },
					);
				const real = await runSuite(copy.sandbox, args, signal, true);
				extras.real_module = { ...real.details };
				if (real.outcome === "timeout") return timedOut("the suite on the real module", args.timeout_s, extras);
				if (real.outcome === "failed") return gradedFailure(`the suite fails on the real module: ${real.why}`, extras);
				const edits = [
					...args.mutants.map((edit) => ({ edit, role: "mutant" as const })),
					...args.equivalent.map((edit) => ({ edit, role: "equivalent" as const })),
				];
				const runs = await inParallel(edits, parallelism, ({ edit, role }) => runEdit(session, args, text, edit, role));
				return mutationVerdict(args, runs, { ...extras, parallelism: Math.min(parallelism, edits.length) });
			},
		},
		options,
	);
}

/** Applies one edit to a fresh copy of the model's tree and runs the suite there; the copy is removed at once. */
async function runEdit(
	session: GradingSession,
	args: MutationVerifierArgs,
	text: string,
	edit: MutationEdit,
	role: EditRun["role"],
): Promise<EditRun> {
	const mutated = applyMutationEdit(text, edit);
	if (mutated === null)
		throw new VerifierHarnessError(
			"mutation",
			`the find text of ${role} \`${edit.id}\` occurs ${countOccurrences(text, edit.find)} times in ${args.module}; it must occur exactly once`,
			"fix the task's find text (touchstone validate-tasks and snapshot check it), then run again",
		);
	const { sandbox } = await session.openCopy();
	try {
		await sandbox.write(args.module, mutated);
		return { edit, role, run: await runSuite(sandbox, args, session.signal) };
	} finally {
		await sandbox.dispose();
	}
}

function mutationVerdict(args: MutationVerifierArgs, runs: readonly EditRun[], extras: JsonObject): VerifierVerdict {
	const perMutant: JsonObject = {};
	const perEquivalent: JsonObject = {};
	const survived: string[] = [];
	const failedEquivalents: string[] = [];
	let caught = 0;
	for (const { edit, role, run } of runs) {
		if (role === "mutant") {
			const isCaught = run.outcome !== "passed";
			if (isCaught) caught += 1;
			else survived.push(edit.id);
			perMutant[edit.id] = { caught: isCaught, why: run.why, ...run.details };
		} else {
			const passed = run.outcome === "passed";
			if (!passed) failedEquivalents.push(`${edit.id} (${run.why})`);
			perEquivalent[edit.id] = { passed, why: run.why, ...run.details };
		}
	}
	const total = args.mutants.length;
	const label = `${caught}/${total}`;
	const details: JsonObject = {
		...extras,
		caught,
		mutants_total: total,
		mutants: perMutant,
		equivalent: perEquivalent,
	};
	if (failedEquivalents.length > 0)
		return gradedFailure(
			`the suite fails on equivalent mutant${failedEquivalents.length === 1 ? "" : "s"} ${failedEquivalents.join(", ")}, a behaviour-preserving rewrite: it asserts on source text rather than behaviour (${label} mutants caught, not counted)`,
			details,
		);
	return scoredVerdict({
		value: caught / total,
		threshold: args.pass_threshold,
		label,
		reasoning:
			`${label} mutants caught (pass threshold ${args.pass_threshold})` +
			(survived.length === 0 ? "" : `; survived: ${survived.join(", ")}`),
		extras: details,
	});
}

/** The fixture must hold the pinned module: otherwise every attempt would fail for the task's fault. */
async function requirePinnedFixture(args: MutationVerifierArgs, fixture: string): Promise<void> {
	const text = await readFile(join(fixture, args.module), "utf8").catch(() => null);
	const found = text === null ? null : sha256(text);
	if (found === args.module_sha256) return;
	throw new VerifierHarnessError(
		"mutation",
		found === null
			? `the task's fixture has no module ${args.module}`
			: `the task's fixture holds ${args.module} with sha256 ${found}, not the pinned ${args.module_sha256}`,
		"rebuild the fixture with `touchstone snapshot`, or fix `module` / `module_sha256` in task.yaml",
	);
}

/** The verifier's settings, the module's pin and every edit: all of it enters cell keys. */
function mutationConfig(args: MutationVerifierArgs): JsonObject {
	const edits = (list: readonly MutationEdit[]) =>
		list.map((edit) => ({ id: edit.id, find: edit.find, replace: edit.replace }));
	return {
		kind: "mutation",
		module: args.module,
		module_sha256: args.module_sha256,
		command: [...args.command],
		report: args.report,
		report_file: args.report_file,
		mutants: edits(args.mutants),
		equivalent: edits(args.equivalent),
		pass_threshold: args.pass_threshold,
		env: { ...args.env },
		timeout_s: args.timeout_s,
	};
}

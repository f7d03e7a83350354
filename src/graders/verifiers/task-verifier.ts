import type { Attempt, Grader, JsonObject } from "../../contract/index.js";
import { type GradingSandbox, openGradingSandbox, type TaskVerifierOptions } from "./grading-sandbox.js";
import {
	notGradedVerdict,
	sandboxExtras,
	type VerifierVerdict,
	verifierScores,
	withSpecialFiles,
} from "./verifier-score.js";

/**
 * What a verifier's `grade` is handed: the attempt, a fresh sandbox copy of what the model left
 * (opened by the shell, disposed of by it), and the means to open more copies or to build a
 * sandbox of its own. The attempt's workspace itself is never handed over: it is only copied.
 */
export interface GradingSession {
	/** The attempt being graded (its final message, status, telemetry). */
	readonly attempt: Attempt;
	/** The task's folder: its fixture/ and its hidden files. */
	readonly taskDir: string;
	/** The grading copy: a sandbox over what the model left, before any hidden file. */
	readonly copy: GradingSandbox;
	/** `source` and the sandbox's backend and isolation, for the headline's extras. */
	readonly context: JsonObject;
	/**
	 * Opens one more fresh copy of what the model left (e.g. one per mutant); the shell disposes
	 * of every copy it opened when grading ends, whatever happens.
	 */
	openCopy(): Promise<GradingSandbox>;
	/** See {@link TaskVerifierOptions.sandbox}: for a verifier that builds its own sandbox over a folder of its making. */
	readonly options: TaskVerifierOptions;
	/** Aborts grading (Ctrl-C, the run's stop). */
	readonly signal: AbortSignal;
}

/** One task verifier kind, as the shell needs it: who it is, what enters cell keys, how it grades. */
export interface TaskVerifierDefinition {
	/** Verifier id, e.g. `mutation`; also its kind in task.yaml. */
	readonly id: string;
	/** Its version; bumping it changes cell keys. */
	readonly version: string;
	/** Its headline metric (the task score is this metric's value). */
	readonly metric: string;
	/** Its settings and the digests of its hidden files: all of it enters cell keys. */
	readonly config: JsonObject;
	/**
	 * Grades one attempt, returning a verdict built with the outcome taxonomy (`gradedFailure`,
	 * `timedOut`, `scoredVerdict`), or throwing a VerifierHarnessError when the verdict would not
	 * be the model's (a missing interpreter, a broken task): never a 0 for the harness's failure.
	 */
	grade(session: GradingSession): Promise<VerifierVerdict>;
}

/**
 * The shared shell of every task verifier. An attempt the harness failed earns nothing and is
 * left out of aggregates, with no sandbox started; otherwise the shell opens a fresh sandbox copy
 * of what the model left (its workspace, or the fixture with its diff applied), hands it to the
 * kind's `grade`, names the special files the copy could not take in the verdict, disposes of
 * every copy, and records the two scores: the headline (0..1, extras with `outcome`) and `passed`.
 */
export function defineTaskVerifier(definition: TaskVerifierDefinition, options: TaskVerifierOptions): Grader {
	const grader = { id: definition.id, version: definition.version };
	return {
		specificationVersion: "v1",
		...grader,
		headline: definition.metric,
		config: definition.config,
		async grade({ attempt }, { signal }) {
			if (attempt.status === "harness_error")
				return verifierScores(grader, definition.metric, notGradedVerdict(attempt));
			signal.throwIfAborted();
			const opened: GradingSandbox[] = [];
			const openCopy = async () => {
				const copy = await openGradingSandbox({
					verifier: grader.id,
					taskDir: options.taskDir,
					attempt,
					options: options.sandbox ?? {},
					...(options.base === undefined ? {} : { base: options.base }),
					signal,
				});
				opened.push(copy);
				return copy;
			};
			try {
				const copy = await openCopy();
				const context: JsonObject = { source: copy.source, sandbox: sandboxExtras(copy.sandbox) };
				const verdict = await definition.grade({
					attempt,
					taskDir: options.taskDir,
					copy,
					context,
					openCopy,
					options,
					signal,
				});
				return verifierScores(grader, definition.metric, withSpecialFiles(verdict, copy.special_files));
			} finally {
				await Promise.all(opened.map((copy) => copy.sandbox.dispose()));
			}
		},
	};
}

import type { Grader, TaskVerifier } from "../../contract/index.js";
import { createChecksVerifier } from "./checks-verifier.js";
import type { TaskVerifierOptions } from "./grading-sandbox.js";
import { createMutationVerifier } from "./mutation-verifier.js";
import { createReviewVerifier } from "./review-verifier.js";
import { SPEEDUP_LANGUAGE_SUPPORT } from "./speedup/languages.js";
import { createSpeedupVerifier } from "./speedup/speedup-verifier.js";
import { createTestsVerifier } from "./tests-verifier.js";

/**
 * The verifier a task's `verifier:` block names, built over the shared shell: one entry per kind,
 * so a new kind is one line here and one file of logic. The grader's `headline` is the kind's own
 * metric, which a task use case reports as its task score.
 */
export function createTaskVerifier(verifier: TaskVerifier, options: TaskVerifierOptions): Grader {
	switch (verifier.kind) {
		case "tests":
			return createTestsVerifier({ ...options, verifier });
		case "checks":
			return createChecksVerifier({ ...options, verifier });
		case "review":
			return createReviewVerifier({ ...options, verifier });
		case "mutation":
			return createMutationVerifier({ ...options, verifier });
		case "speedup":
			return createSpeedupVerifier({ ...options, verifier });
	}
}

/**
 * The program a task's verifier starts in the sandbox (the test command's, the checks script's
 * interpreter, the speedup language's), or null when it starts none (review) or runs a file of
 * the workdir; for telling a user up front that a program is missing, before cells fail on it.
 */
export function verifierProgram(verifier: TaskVerifier): string | null {
	const program = (() => {
		switch (verifier.kind) {
			case "tests":
			case "mutation":
				return verifier.args.command[0];
			case "checks":
				return verifier.args.interpreter[0];
			case "speedup":
				return SPEEDUP_LANGUAGE_SUPPORT[verifier.args.language].interpreter(verifier.args);
			case "review":
				return undefined;
		}
	})();
	return program === undefined || program === "" || program.includes("/") ? null : program;
}

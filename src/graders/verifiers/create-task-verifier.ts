import type { Grader, TaskVerifier } from "../../contract/index.js";
import { createChecksVerifier } from "./checks-verifier.js";
import type { TaskVerifierOptions } from "./grading-sandbox.js";
import { createMutationVerifier } from "./mutation-verifier.js";
import { createReviewVerifier } from "./review-verifier.js";
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

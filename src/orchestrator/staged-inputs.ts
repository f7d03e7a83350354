import type { Case } from "../contract/index.js";
import type { StagedArtifact } from "../store/index.js";

/** A case's staged input artifact; once `stored`, later cells refer to its row without writing it again. */
export interface StagedInput {
	readonly artifact: StagedArtifact;
	stored: boolean;
}

/**
 * The staged inputs of the last `capacity` cases. The plan puts a case's models side by side, so
 * they find its input here (its canonical JSON, hash and bytes made once); holding every case's
 * for the whole run would cost a 50,000-case pack megabytes. A case that has dropped out (a
 * later sample) is staged again, and its row written again is ignored (first write wins).
 */
export class StagedInputs {
	readonly #capacity: number;
	readonly #byCase = new Map<Case, StagedInput>();

	constructor(capacity = 4096) {
		this.#capacity = capacity;
	}

	/** The staged input of `testCase`, staged through `stage` when it is not held. */
	get(testCase: Case, stage: () => StagedArtifact): StagedInput {
		let input = this.#byCase.get(testCase);
		if (input === undefined) {
			input = { artifact: stage(), stored: false };
			if (this.#byCase.size >= this.#capacity) this.#byCase.delete(this.#byCase.keys().next().value as Case);
			this.#byCase.set(testCase, input);
		}
		return input;
	}
}

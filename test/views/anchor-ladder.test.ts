import { afterEach, describe, expect, it } from "vitest";
import { ladderScores } from "../../src/views/index.js";
import { type TaskStore, taskStore } from "../support/task-store.js";

let fixture: TaskStore;
afterEach(() => fixture.remove());

const ANCHORS = { small: "a/small", mid: "a/mid", large: "a/large" } as const;

describe("ladderScores, each anchor's scores on one task from the store", () => {
	it("reads samples 0..reps-1 of the task in sample order, graded attempts only, counting the ones left out", () => {
		fixture = taskStore({
			tasks: [
				{ id: "climb", kind: "frontier", threshold: 0.5 },
				{ id: "other", kind: "frontier", threshold: 0.5 },
			],
			models: ["a/small", "a/mid", "a/large", "m/candidate"],
		});
		const { record } = fixture;
		record({ task: "climb", model: "a/small", sample: 1, value: 0.3, graded: true });
		record({ task: "climb", model: "a/small", sample: 0, value: 0.1, graded: true });
		// Past --reps: an earlier, longer ladder's sample is not this ladder's.
		record({ task: "climb", model: "a/small", sample: 2, value: 1, graded: true });
		record({ task: "climb", model: "a/mid", sample: 0, value: 0.6, graded: true });
		record({ task: "climb", model: "a/mid", sample: 1, value: null, status: "harness_error" });
		record({ task: "other", model: "a/large", sample: 0, value: 1 });
		record({ task: "climb", model: "m/candidate", sample: 0, value: 1 });
		// An older definition's row is not current.
		record({ task: "climb", model: "a/large", sample: 0, value: 1, stale: true });

		expect(ladderScores(fixture.store, fixture.useCaseId, "climb", ANCHORS, 2)).toEqual({
			small: { anchor: "a/small", scores: [0.1, 0.3], excluded: 0 },
			mid: { anchor: "a/mid", scores: [0.6], excluded: 1 },
			large: { anchor: "a/large", scores: [], excluded: 0 },
		});
	});
});

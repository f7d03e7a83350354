import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDefinitions } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { openStore } from "../../src/store/index.js";
import { leaderboard } from "../../src/views/index.js";
import { copyExampleBenchmarks } from "../support/example-benchmarks.js";

/* The decision of a task use case whose only graded rows are the reference policies (no model
 * ran yet): it names no pick, and says why. Runs the example code-fix pack's baseline and gold
 * for real, in the sandbox, against their hidden verifiers. */

describe("a decision with only reference rows graded", () => {
	it("picks nothing and says only reference rows are graded, not that nothing is", async () => {
		const { root, benchmarks } = await copyExampleBenchmarks("touchstone-reference-only-");
		const store = openStore({ database: join(root, "db.sqlite"), artifacts: join(root, "artifacts") });
		try {
			const summary = await runUseCase({
				definitions: loadDefinitions(benchmarks),
				store,
				useCaseId: "code-fix",
				models: ["builtin/baseline", "builtin/gold"],
				depth: "thorough",
				concurrency: 4,
				force: false,
				dryRun: false,
				parts: defaultRunParts({}),
				stop: new StopControl(),
				provenance: { test: true },
			});
			expect(summary.statuses).toEqual({ completed: 6 });
			const board = leaderboard(store, "code-fix");
			expect(board.rows.map((row) => [row.model_id, row.reference, row.headline])).toEqual([
				["builtin/gold", true, 1],
				["builtin/baseline", true, 0],
			]);
			expect(board.decision.best).toBeNull();
			expect(board.decision.cheapest_good_enough).toBeNull();
			expect(board.decision.notes).toContain(
				"only reference rows are graded (builtin/gold, builtin/baseline: floor and ceiling lines, never a pick); run a model to decide",
			);
			expect(board.decision.notes).not.toContain("no graded rows yet");
		} finally {
			store.close();
		}
	}, 60_000);
});

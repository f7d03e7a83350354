import { afterEach, describe, expect, it } from "vitest";
import { leaderboard } from "../../../../src/views/index.js";
import { type TaskStore, taskStore } from "../../../../test/support/task-store.js";
import type { Leaderboard } from "../../api/types.js";
import { decisionSummary } from "./decision-summary.js";

/* The one-line decision read from real leaderboards of a real store: twenty hard tasks, a sure
 * model and a cheaper one that misses one task, within the band by point estimate only. */

const TASKS = Array.from({ length: 20 }, (_, index) => ({ id: `t${index}`, kind: "ceiling" as const }));
let fixture: TaskStore | undefined;
afterEach(() => {
	fixture?.remove();
	fixture = undefined;
});

/** The leaderboard as the API sends it (JSON), for the models' results `passes(model, task)` (null: not graded). */
function board(passes: (model: string, task: number) => boolean | null): Leaderboard {
	const store = taskStore({ tasks: TASKS, models: ["sure", "cheap"] });
	fixture = store;
	for (const model of ["sure", "cheap"])
		for (const [index, task] of TASKS.entries())
			store.record({
				task: task.id,
				model,
				value: ((passed) => (passed === null ? null : passed ? 1 : 0))(passes(model, index)),
				cost_usd: model === "cheap" ? 0.001 : 0.01,
			});
	return JSON.parse(JSON.stringify(leaderboard(store.store, store.useCaseId))) as Leaderboard;
}

describe("the use cases' one-line decision", () => {
	it("says where the point estimates alone would pick another model than the decision with confidence", () => {
		const answer = board((model, task) => model === "sure" || task !== 0);
		expect(answer.decision.differs).toBe(true);
		const summary = decisionSummary(answer);
		expect(summary.picks.map((pick) => [pick.role, pick.model_id])).toEqual([
			["best", "sure"],
			["cheapest", "sure"],
			["fastest", "sure"],
		]);
		expect(summary.pointDiffers).toContainEqual({ role: "cheapest", model_id: "cheap" });
		expect(summary.samples).toBe(2 * TASKS.length);
		expect(summary.picks[0]?.row?.cases).toBe(TASKS.length);
	});

	it("has no differences to report when both answers agree, and no picks but the notes when nothing is graded", () => {
		const agreed = decisionSummary(board(() => true));
		expect(agreed.pointDiffers).toEqual([]);
		expect(agreed.picks.find((pick) => pick.role === "cheapest")?.model_id).toBe("cheap");
		fixture?.remove();
		const none = decisionSummary(board(() => null));
		expect(none.picks).toEqual([]);
		expect(none.notes.length).toBeGreaterThan(0);
	});
});

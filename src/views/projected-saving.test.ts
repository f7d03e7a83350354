import { afterEach, describe, expect, it } from "vitest";
import { type TaskStore, taskStore } from "../../test/support/task-store.js";
import { leaderboard, offloadCandidates } from "./index.js";
import { LEADERBOARD_BOOTSTRAP } from "./leaderboard.js";
import { bootstrapMeanInterval } from "./statistics/index.js";

const TASKS = ["t1", "t2", "t3", "t4"].map((id) => ({ id, kind: "floor" as const }));
/** Per-task cost of one attempt: the deployed model is dear, the candidate cheap, both pass everything. */
const DEAR = [0.05, 0.07, 0.04, 0.06];
const CHEAP = [0.01, 0.01, 0.01, 0.01];

const opened: TaskStore[] = [];
afterEach(() => {
	for (const store of opened.splice(0)) store.remove();
});

function offloadStore(
	options: { useCaseId?: string; into?: TaskStore; dear?: readonly (number | null)[]; cheap?: readonly number[] } = {},
) {
	const fixture = taskStore({
		tasks: TASKS,
		models: ["m/dear", "m/cheap"],
		deployed: "m/dear",
		...(options.useCaseId === undefined ? {} : { useCaseId: options.useCaseId }),
		...(options.into === undefined ? {} : { into: options.into }),
	});
	if (options.into === undefined) opened.push(fixture);
	TASKS.forEach((task, index) => {
		fixture.record({ task: task.id, model: "m/dear", value: 1, cost_usd: (options.dear ?? DEAR)[index] ?? null });
		fixture.record({ task: task.id, model: "m/cheap", value: 1, cost_usd: (options.cheap ?? CHEAP)[index] ?? null });
	});
	return fixture;
}

function volume(fixture: TaskStore, period: [string, string], calls: number | null, useCaseId = fixture.useCaseId) {
	fixture.store.recordVolumeSnapshot({
		use_case_id: useCaseId,
		period_start: period[0],
		period_end: period[1],
		calls,
		input_tokens: null,
		output_tokens: null,
		cost_usd: null,
		source_file: "usage.jsonl",
	});
}

const NOVEMBER: [string, string] = ["2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"];
const OCTOBER: [string, string] = ["2026-10-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z"];

describe("the projected saving of offloading to the cheapest good enough", () => {
	it("is the latest period's calls × the paired mean per-call cost difference, with its interval scaled alike", () => {
		const fixture = offloadStore();
		volume(fixture, OCTOBER, 99_999);
		volume(fixture, NOVEMBER, 5_000);
		// A later snapshot of the same period replaces it: its calls count, not the sum.
		volume(fixture, NOVEMBER, 10_000);
		const { decision } = leaderboard(fixture.store, fixture.useCaseId);
		expect(decision.cheapest_good_enough?.model_id).toBe("m/cheap");
		const saving = decision.projected_saving;
		const differences = DEAR.map((cost, index) => cost - (CHEAP[index] as number));
		const perCall = differences.reduce((total, value) => total + value, 0) / differences.length;
		const interval = bootstrapMeanInterval(differences, LEADERBOARD_BOOTSTRAP).interval;
		expect(saving).toMatchObject({
			period: "2026-11",
			calls: 10_000,
			deployed: { model_id: "m/dear", harness: "agent" },
			candidate: { model_id: "m/cheap", harness: "agent" },
			shared_cases: 4,
			reason: null,
		});
		expect(saving?.per_call_usd).toBeCloseTo(perCall, 12);
		expect(saving?.saving_usd).toBeCloseTo(10_000 * perCall, 9);
		expect(saving?.saving_interval?.low).toBeCloseTo(10_000 * (interval?.low as number), 9);
		expect(saving?.saving_interval?.high).toBeCloseTo(10_000 * (interval?.high as number), 9);
		// The differences vary from case to case, so the interval has width and holds the estimate.
		expect(saving?.saving_interval?.low).toBeLessThan(saving?.saving_usd as number);
		expect(saving?.saving_interval?.high).toBeGreaterThan(saving?.saving_usd as number);
	});

	it("is unknown with the reason, never 0, when the deployed model's cost is unknown on a shared case", () => {
		const fixture = offloadStore({ dear: [0.05, null, 0.04, 0.06] });
		volume(fixture, NOVEMBER, 10_000);
		const saving = leaderboard(fixture.store, fixture.useCaseId).decision.projected_saving;
		expect(saving?.saving_usd).toBeNull();
		expect(saving?.per_call_usd).toBeNull();
		expect(saving?.saving_interval).toBeNull();
		expect(saving?.reason).toMatch(/cost of m\/dear is unknown on 1 of the 4 shared cases/);
	});

	it("is unknown when the deployed model never ran, and absent without a volume snapshot", () => {
		const fixture = taskStore({ tasks: TASKS, models: ["m/dear", "m/cheap"], deployed: "m/prod" });
		opened.push(fixture);
		for (const task of TASKS) fixture.record({ task: task.id, model: "m/cheap", value: 1 });
		expect(leaderboard(fixture.store, fixture.useCaseId).decision.projected_saving).toBeNull();
		volume(fixture, NOVEMBER, 10);
		const saving = leaderboard(fixture.store, fixture.useCaseId).decision.projected_saving;
		expect(saving?.saving_usd).toBeNull();
		expect(saving?.reason).toMatch(/m\/prod has no current rows/);
	});
});

describe("the roster's offload candidates", () => {
	it("are ordered by projected saving, biggest first, unknown savings last", () => {
		const small = offloadStore({ useCaseId: "small" });
		volume(small, NOVEMBER, 100);
		const big = offloadStore({ useCaseId: "big", into: small });
		volume(small, NOVEMBER, 1_000_000, "big");
		const unpriced = offloadStore({ useCaseId: "unpriced", into: small, dear: [null, null, null, null] });
		volume(small, NOVEMBER, 5, "unpriced");
		offloadStore({ useCaseId: "no-volume", into: small });
		// The deployed model is the cheapest here: nothing to offload, so not a candidate.
		offloadStore({ useCaseId: "already-cheap", into: small, dear: [0.001, 0.001, 0.001, 0.001] });
		expect([big.useCaseId, unpriced.useCaseId]).toEqual(["big", "unpriced"]);
		const candidates = offloadCandidates(small.store, [
			"unpriced",
			"no-volume",
			"small",
			"already-cheap",
			"big",
			"idea",
		]);
		expect(candidates.map((item) => item.use_case_id)).toEqual(["big", "small", "no-volume", "unpriced"]);
		expect(candidates[0]?.saving_usd).toBeGreaterThan(candidates[1]?.saving_usd as number);
		expect(candidates[2]?.reason).toMatch(/no volume snapshot/);
		expect(candidates[3]?.saving_usd).toBeNull();
		expect(candidates[3]?.reason).toMatch(/unknown/);
	});
});

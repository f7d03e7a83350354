import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { JsonObject, SprintLogEntry } from "../../contract/index.js";
import { readSprintLog } from "./log/index.js";
import { processLayer } from "./process-layer.js";

type Where = { segment: string; attempt: number };
let ids = 0;
const base = (kind: SprintLogEntry["kind"], where: Where, role: SprintLogEntry["role"] = "worker"): SprintLogEntry => ({
	v: 1,
	ts: "2026-03-02T10:00:00.000Z",
	kind,
	segment: where.segment,
	attempt: where.attempt,
	role,
	source: "touchstone",
});
const call = (where: Where, name: string, args: JsonObject | null): SprintLogEntry => ({
	...base("tool_call", where),
	call: { id: `c${++ids}`, name, arguments: args, malformed: args === null },
});
const failed = (answered: SprintLogEntry): SprintLogEntry => ({
	...base("tool_result", { segment: answered.segment ?? "", attempt: answered.attempt ?? 0 }),
	result: { call_id: answered.call?.id ?? "", name: answered.call?.name ?? "", is_error: true, content: "no" },
});
const end = (where: Where, ok: boolean): SprintLogEntry => ({ ...base("attempt_end", where, "harness"), ok });

const baselineTests = new Set([
	"test/old.test.ts",
	"test/superseded.test.ts",
	"test/keep.test.ts",
	"test/third.test.ts",
]);
const baselineTexts: Record<string, string> = { "src/a.ts": "a\n", "test/old.test.ts": "t1\n" };
const options = {
	milestones: 3,
	isBaselineTest: (path: string) => baselineTests.has(path),
	baselineText: (path: string) => baselineTexts[path] ?? null,
	thresholds: {},
};

describe("the process layer", () => {
	it("computes every figure and sub-score of a run by hand", () => {
		const m1 = { segment: "M01", attempt: 1 };
		const m2 = { segment: "M02", attempt: 1 };
		const m2b = { segment: "M02", attempt: 2 };
		const read = { path: "src/a.ts" };
		const errored = call(m2, "write_file", { path: "test/third.test.ts", content: "z\n" });
		const entries = [
			call(m1, "read_file", read),
			call(m1, "read_file", read),
			call(m1, "read_file", read), // a loop of 3 identical calls: 2 wasted
			call(m1, "write_file", { path: "src/a.ts", content: "a\nb\nc\n" }), // adds b, c
			call(m1, "write_file", { path: "src/a.ts", content: "a\nc\n" }), // takes b out again
			call(m1, "write_file", null), // malformed
			end(m1, true),
			call(m2, "write_file", { path: "test/old.test.ts", content: "x\n" }), // rewrites a baseline test, adds x
			call(m2, "run_command", { command: "rm test/superseded.test.ts && sed -i 's/a/b/' test/keep.test.ts" }),
			errored, // answered by an error: changed nothing
			failed(errored),
			{ ...base("context_death", m2), text: "context budget ran out" },
			end(m2, false),
			call(m2b, "read_file", read), // another attempt: no loop with M01's reads
			end(m2b, true),
		];
		const result = processLayer(entries, options);
		expect(result).toMatchObject({ layer: "process", measured: true, passed: null, reason: null, version: "1" });
		expect(result.figures).toMatchObject({
			milestones: 3,
			milestones_reached: 2,
			attempts_spent: 3,
			attempts_by_milestone: { M01: 1, M02: 2 },
			tool_calls: 10,
			malformed_calls: 1,
			loop_min_calls: 3,
			loops: 1,
			loop_wasted_calls: 2,
			longest_loop: 3,
			context_deaths: 1,
			churn_lines_added: 3,
			churn_lines_removed_again: 1,
			churn_rewritten_files: 1,
			churn_unreplayed_edits: 0,
			baseline_test_rewrites: 2,
			baseline_tests_rewritten: ["test/keep.test.ts", "test/old.test.ts"],
			baseline_test_deletions: 1,
			baseline_tests_deleted: ["test/superseded.test.ts"],
			errored_calls: 1,
		});
		const sub = result.figures.sub_scores as Record<string, number>;
		expect(sub.attempts).toBeCloseTo(2 / 3, 10);
		expect(sub.discipline).toBeCloseTo(1 - 3 / 10, 10);
		expect(sub.churn).toBeCloseTo(1 - 1 / 3, 10);
		expect(sub.context).toBe(0.5);
		expect(sub.test_rewrites).toBeCloseTo(1 / 3, 10);
		expect(result.score).toBeCloseTo((2 / 3 + 0.7 + 2 / 3 + 0.5 + 1 / 3) / 5, 10);
	});

	it("scores a clean run 1 and reads the loop bound from the thresholds", () => {
		const m1 = { segment: "M01", attempt: 1 };
		const twice = [call(m1, "list_dir", {}), call(m1, "list_dir", {}), end(m1, true)];
		expect(processLayer(twice, { ...options, milestones: 1 }).score).toBe(1);
		const strict = processLayer(twice, { ...options, milestones: 1, thresholds: { loop_min_calls: 2 } });
		expect(strict.figures).toMatchObject({ loops: 1, loop_wasted_calls: 1 });
		expect(strict.score).toBeCloseTo((4 + 0.5) / 5, 10);
	});

	it("is not measured without a finished attempt, or with a loop bound that is no bound", () => {
		const m1 = { segment: "M01", attempt: 1 };
		const none = processLayer([call(m1, "list_dir", {})], options);
		expect(none).toMatchObject({ measured: false, score: null, figures: {} });
		expect(none.reason).toMatch(/no attempt_end entry/);
		const bad = processLayer([end(m1, true)], { ...options, thresholds: { loop_min_calls: 1.5 } });
		expect(bad).toMatchObject({ measured: false });
		expect(bad.reason).toMatch(/loop_min_calls must be a whole number of at least 2, got 1.5/);
	});

	it("gives the same figures for the same work logged by Claude Code and by pi", async () => {
		const samples = join(dirname(fileURLToPath(import.meta.url)), "log", "samples");
		const slug = "export function slug(text: string): string {\n\treturn text.toLowerCase();\n}\n";
		const figures = async (file: string) => {
			const read = await readSprintLog(join(samples, file), "auto", { segment: "M01", attempt: 1 });
			const entries = [...read.entries, end({ segment: "M01", attempt: 1 }, true)];
			return processLayer(entries, {
				...options,
				milestones: 1,
				baselineText: (path) => (path === "src/slug.ts" ? slug : null),
				workdir: "/work/repo",
			}).figures;
		};
		const claude = await figures("claude-code-session.jsonl");
		expect(claude).toMatchObject({
			tool_calls: 3,
			malformed_calls: 0,
			context_deaths: 2,
			// The edit replayed on the baseline text: one new line; the replaced baseline line is the change, not churn.
			churn_lines_added: 1,
			churn_lines_removed_again: 0,
			churn_unreplayed_edits: 0,
			baseline_test_rewrites: 0,
		});
		expect(await figures("pi-session.jsonl")).toEqual(claude);
	});

	it("counts an external agent's edit of a baseline test by its absolute path", () => {
		const m1 = { segment: "M01", attempt: 1 };
		const edit = call(m1, "Edit", { file_path: "/w/test/keep.test.ts", old_string: "a", new_string: "b" });
		const result = processLayer([edit, end(m1, true)], { ...options, workdir: "/w" });
		expect(result.figures).toMatchObject({
			baseline_tests_rewritten: ["test/keep.test.ts"],
			// Its baseline text is unknown here, so the edit cannot be replayed for churn.
			churn_unreplayed_edits: 1,
		});
	});
});

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Attempt, Score, Task } from "../../contract/index.js";
import { NORMS_METRIC, normsScores } from "./norms-score.js";

const folders: string[] = [];
afterEach(async () => {
	await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(files: Record<string, string>): Promise<string> {
	const root = await mkdtemp(join(tmpdir(), "norms-score-"));
	folders.push(root);
	for (const [path, text] of Object.entries(files)) {
		await mkdir(join(root, path, ".."), { recursive: true });
		await writeFile(join(root, path), text);
	}
	return root;
}

function attempt(workspace: { path: string; fixture: string } | null): Attempt {
	return {
		final: "",
		trace: [],
		telemetry: {
			cost_usd: 0,
			latency_ms: 1,
			ttft_ms: null,
			input_tokens: 0,
			output_tokens: 0,
			cache_tokens: 0,
			tokens_per_sec: null,
			turns: 0,
		},
		status: "completed",
		error: null,
		runner_provenance: { runner: "policy", runner_version: "1", details: {} },
		diff: "",
		raw: null,
		workspace: workspace === null ? null : { ...workspace, dispose: async () => {} },
	};
}

const passed = (value: number): Score[] => [
	{
		metric: "passed",
		score_type: "boolean",
		value,
		value_label: value === 1 ? "pass" : "fail",
		jury_votes: null,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		reasoning: null,
		grader_version: "tests@1",
		judge_panel_version: null,
		extras: null,
	},
];

type NormsTask = Pick<Task, "mode" | "target_files" | "gold_diff_lines">;
const task = (overrides: Partial<NormsTask> = {}): NormsTask => ({
	mode: "agentic",
	target_files: ["a.py"],
	gold_diff_lines: null,
	...overrides,
});
const signal = new AbortController().signal;

describe("normsScores", () => {
	it("scores a passing agentic attempt from its workspace, and nothing for a failing one or a single-shot task", async () => {
		const fixture = await folder({ "a.py": "a = 1\n" });
		const workspace = await folder({ "a.py": "a = 2\nprint(a)\n" });
		const [score] = await normsScores(task(), attempt({ path: workspace, fixture }), passed(1), { signal, lint: [] });
		expect(score?.metric).toBe(NORMS_METRIC);
		expect(score?.extras?.norms_version).toBe("1");
		expect(score?.value).toBeLessThan(1);
		expect(score?.reasoning).toMatch(/debug_lines 0\.50/);
		expect(await normsScores(task(), attempt({ path: workspace, fixture }), passed(0), { signal, lint: [] })).toEqual(
			[],
		);
		expect(
			await normsScores(task({ mode: "single-shot" }), attempt({ path: workspace, fixture }), passed(1), { signal }),
		).toEqual([]);
	});

	it("turns a norms computation that fails into a null score with the reason, never an error", async () => {
		const fixture = await folder({ "a.py": "a = 1\n" });
		const [score] = await normsScores(task(), attempt({ path: join(fixture, "gone"), fixture }), passed(1), {
			signal,
			lint: [],
		});
		expect(score).toMatchObject({ metric: NORMS_METRIC, value: null });
		expect(score?.reasoning).toMatch(/could not be computed: .*ENOENT/);
		const [none] = await normsScores(task(), attempt(null), passed(1), { signal });
		expect(none).toMatchObject({ value: null, reasoning: expect.stringMatching(/no workspace/) });
	});
});

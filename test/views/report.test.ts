import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { cellKey, type JsonObject } from "../../src/contract/index.js";
import { sampleRun, sampleScore } from "../../src/store/index.js";
import {
	type JudgeRatings,
	leaderboard,
	type ReportIndex,
	reportJunit,
	reportMarkdown,
	reportPage,
	reportUseCase,
} from "../../src/views/index.js";
import { type TaskStore, taskStore } from "../support/task-store.js";

let fixture: TaskStore | undefined;
afterEach(() => fixture?.remove());

const HOSTILE_MODEL = "evil|`m`<b>&amp;\"q'\n# head";
const HOSTILE_TASK = "t|1\r\n- item `x` <i>&";

function hostileStore(): TaskStore {
	fixture = taskStore({
		tasks: [
			{ id: HOSTILE_TASK, kind: "floor" },
			{ id: "plain", kind: "ceiling" },
			{ id: "unrun", kind: "ceiling" },
		],
		models: [HOSTILE_MODEL, "good/model"],
	});
	fixture.record({ task: HOSTILE_TASK, model: HOSTILE_MODEL, value: 1 });
	fixture.record({ task: "plain", model: HOSTILE_MODEL, value: 0 });
	fixture.record({ task: HOSTILE_TASK, model: "good/model", value: null, status: "harness_error", cost_usd: null });
	fixture.record({ task: "plain", model: "good/model", value: 1, cost_usd: null });
	return fixture;
}

/** Pipes that separate cells: those not escaped by a backslash. */
const cellPipes = (line: string) => line.replace(/\\./g, "").split("|").length - 1;

describe("reportMarkdown", () => {
	it("shows the gate model's table of a task use case: rank, qualification, floor misses and unmeasured, hard passes, frontier mean", () => {
		fixture = taskStore({
			tasks: [
				{ id: "f1", kind: "floor" },
				{ id: "f2", kind: "floor" },
				{ id: "f3", kind: "floor" },
				{ id: "h1", kind: "ceiling" },
				{ id: "x1", kind: "frontier", threshold: 0.5 },
			],
			models: ["m/ace", "m/poor"],
		});
		for (const task of ["f1", "f2", "f3", "h1"]) fixture.record({ task, model: "m/ace", value: 1 });
		fixture.record({ task: "x1", model: "m/ace", value: 0.75, graded: true });
		for (const task of ["f1", "f2"]) fixture.record({ task, model: "m/poor", value: 0 });
		fixture.record({ task: "f3", model: "m/poor", value: null, status: "harness_error" });
		const markdown = reportMarkdown(reportPage([reportUseCase(fixture.store, fixture.useCaseId)], null));
		const gate = markdown.slice(markdown.indexOf("### Gate model"));
		expect(gate).toMatch(/\| m\/ace \| agent \| 1 \| yes \| 0\/3 \| 0 \| 1\/1 \| 0\.750 \(n=1\) \|/);
		// Two measured misses past a tolerance of 1: out, unranked, whatever its unmeasured task would give.
		expect(gate).toMatch(/\| m\/poor \| agent \| not ranked \| no \| 2\/3 \| 1 \| 0\/1 \| none \|/);
	});

	it("keeps every table row one line with its cell count, whatever the ids hold", () => {
		const { store, useCaseId } = hostileStore();
		const markdown = reportMarkdown(reportPage([reportUseCase(store, useCaseId)], null));
		const lines = markdown.split("\n");
		const tables = lines.filter((line) => line.startsWith("|"));
		expect(tables.length).toBeGreaterThan(4);
		// Each table's rows have the pipes of its header row: no cell broke, no row was split.
		let header = 0;
		for (const [index, line] of lines.entries()) {
			if (!line.startsWith("|")) continue;
			if (!lines[index - 1]?.startsWith("|")) header = cellPipes(line);
			expect(cellPipes(line), line).toBe(header);
		}
		// Nothing of the ids opens markup: no raw backtick, angle bracket, ampersand or heading.
		const stripped = markdown.replace(/\\./g, "");
		expect(stripped.replace(/`touchstone (report|judge|index)`/g, "")).not.toMatch(/[`<>&]/);
		expect(lines.filter((line) => line.startsWith("#")).every((line) => /^#{1,3} [^#]/.test(line))).toBe(true);
		expect(lines.some((line) => line.startsWith("# head") || line.startsWith("- item"))).toBe(false);
		expect(markdown).toContain("evil\\|\\`m\\`\\<b\\>\\&amp;\"q' # head");
	});

	it("is the same bytes for the same store, dated by its latest run, with unknown shown as unknown", () => {
		const { store, useCaseId } = hostileStore();
		const render = () => reportMarkdown(reportPage([reportUseCase(store, useCaseId)], null));
		const first = render();
		expect(render()).toBe(first);
		const latest = store.listRuns({ use_case_id: useCaseId }).at(-1)?.created_at.slice(0, 10);
		expect(first).toContain(`latest run: ${latest}.`);
		expect(first).toContain("Judge rating: unknown");
		expect(first).toContain("Index: none");
		// No row of good/model has a known cost: its cost is unknown, not $0.
		expect(first.split("\n").find((line) => line.startsWith("| good/model | agent | 1.000"))).toContain("| unknown |");
	});

	it("renders the judge's ratings and the per-role index from their values", () => {
		const { store, useCaseId } = hostileStore();
		// A cast, not a type annotation: main's JudgeRatings has gained rubric_version since this branch was cut.
		const judge = {
			use_case_id: useCaseId,
			ratings: [
				{
					model_id: "good/model",
					harness: "agent",
					rating: 112.4,
					interval: { low: 40.2, high: 190.9 },
					p_top: 0.81,
					comparisons: 12,
					tasks: 6,
					component: 0,
				},
				{
					model_id: HOSTILE_MODEL,
					harness: "agent",
					rating: -112.4,
					interval: null,
					p_top: null,
					comparisons: 12,
					tasks: 1,
					component: 0,
				},
			],
			connected: false,
			pairs: 12,
			flips: 3,
			level: 0.9,
			rubric_version: "rubric@1",
		} as JudgeRatings;
		const pick = { model_id: "good/model", harness: "agent", index: 0.8123, cost_per_task_usd: 0.01, p50_wall_ms: 900 };
		const index: ReportIndex = {
			level: 0.9,
			use_cases: [useCaseId],
			roles: [
				{
					role: "implementer",
					rows: [
						{
							model_id: "good/model",
							harness: "agent",
							reference: false,
							index: 0.8123,
							interval: { low: 0.7, high: 0.9 },
							dropped: ["judge"],
							flagged: [],
						},
					],
					best: pick,
					cheapest: pick,
					fastest: null,
					notes: ["judge never measured"],
				},
			],
			notes: [],
		};
		const markdown = reportMarkdown(reportPage([reportUseCase(store, useCaseId, { judge })], index));
		expect(markdown).toContain("12 pairs judged in both orders, 3 flips counted as ties");
		expect(markdown).toContain("the comparison graph is not connected");
		expect(markdown).toContain("| good/model | agent | 112 [40, 191] | 81% | 12 | 6 | 0 |");
		expect(markdown).toContain("| -112 | unknown | 12 | 1 | 0 |");
		expect(markdown).toContain("### implementer");
		expect(markdown).toContain(
			"Best good/model (agent) 0.812; cheapest within tolerance good/model (agent) 0.812; fastest within tolerance none.",
		);
		expect(markdown).toContain("| good/model | agent | 0.812 [0.700, 0.900] | judge | none |");
	});
});

describe("report page JSON", () => {
	it("carries the PerformanceRecords stored in the scores' extras, one per run", () => {
		fixture = taskStore({ tasks: [{ id: "speedup-01", kind: "ceiling" }], models: ["m"] });
		const performance = {
			protocol: "paired",
			metric: "median_speedup",
			language: "python",
			correctness: true,
			warmup: null,
			samples: [{ baseline_s: 2, candidate_s: 0.5, order: "baseline-first" }],
			ratios: [4],
			median_ratio: 4,
			highest_bucket: 2,
			score: 0.5,
			pass_threshold: 0.5,
			pairs: 1,
			fixture_version: "1",
			oracle_cases: 3,
		};
		const { document } = fixture;
		const key = cellKey({
			case_part: document.cases[0]?.key_part ?? "",
			model_part: document.models.m ?? "",
			harness_part: document.harness.key_part,
			sample_index: 0,
		});
		// The headline repeats its verifier's extras, as a task's does: still one record.
		fixture.store.recordCell({
			run: sampleRun({
				benchmark_version: `${fixture.useCaseId}@1`,
				use_case_id: fixture.useCaseId,
				case_id: "speedup-01",
				case_kind: "ceiling",
				model_id: "m",
				harness: "agent",
				cell_key: key,
			}),
			scores: ["score", "speedup"].map((metric) =>
				sampleScore({ metric, value: 0.5, extras: { performance } as unknown as JsonObject }),
			),
		});
		const section = reportUseCase(fixture.store, fixture.useCaseId);
		expect(section.performance).toEqual([
			expect.objectContaining({ model_id: "m", case_id: "speedup-01", performance }),
		]);
		expect(JSON.parse(JSON.stringify(reportPage([section], null))).use_cases[0].performance[0].performance).toEqual(
			performance,
		);
		expect(reportMarkdown(reportPage([section], null))).toContain(
			"| m | agent | speedup-01 | 0 | 4.000x | 2x | 0.500 | yes |",
		);
	});
});

describe("reportJunit", () => {
	it("is well-formed XML with one test case per model × case: failure, error, skipped and passed as the rows say", () => {
		const { store, useCaseId } = hostileStore();
		const xml = reportJunit(reportPage([reportUseCase(store, useCaseId)], null));
		const parsed = execFileSync(
			"python3",
			[
				"-c",
				"import sys, json, xml.dom.minidom as m\nd = m.parseString(sys.stdin.buffer.read())\nprint(json.dumps([[c.getAttribute('classname'), c.getAttribute('name'), [k.tagName for k in c.childNodes if k.nodeType == 1]] for c in d.getElementsByTagName('testcase')]))",
			],
			{ input: xml },
		).toString();
		const cases = JSON.parse(parsed) as [string, string, string[]][];
		expect(cases).toHaveLength(6);
		const outcome = (model: string, task: string) =>
			cases.find(([classname, name]) => classname === `${model} (agent)` && name === task)?.[2].at(-1);
		// The ids come back exactly as stored: escaping lost nothing.
		expect(outcome(HOSTILE_MODEL, HOSTILE_TASK)).toBe("properties");
		expect(outcome(HOSTILE_MODEL, "plain")).toBe("failure");
		expect(outcome(HOSTILE_MODEL, "unrun")).toBe("skipped");
		expect(outcome("good/model", HOSTILE_TASK)).toBe("error");
		expect(outcome("good/model", "plain")).toBe("properties");
		expect(xml).toMatch(/<testsuite name="tasks-fixture" tests="6" failures="1" errors="1" skipped="2">/);
		expect(xml).toContain('<property name="cost_usd" value="unknown"/>');
	});
});

describe("leaderboard with retired models", () => {
	it("marks the retired rows and leaves them out of the decision, which names them in its notes", () => {
		fixture = taskStore({
			tasks: [
				{ id: "a", kind: "floor" },
				{ id: "b", kind: "floor" },
			],
			models: ["cheap/old", "dear/new"],
		});
		for (const task of ["a", "b"]) {
			fixture.record({ task, model: "cheap/old", value: 1, cost_usd: 0.001 });
			fixture.record({ task, model: "dear/new", value: 1, cost_usd: 0.1 });
		}
		const unmarked = leaderboard(fixture.store, fixture.useCaseId);
		expect(unmarked.rows.map((row) => row.retired)).toEqual([null, null]);
		expect(unmarked.decision.cheapest_good_enough?.model_id).toBe("cheap/old");
		const marked = leaderboard(fixture.store, fixture.useCaseId, { retired: new Set(["cheap/old"]) });
		expect(marked.rows.find((row) => row.model_id === "cheap/old")?.retired).toBe(true);
		expect(marked.rows.find((row) => row.model_id === "dear/new")?.retired).toBe(false);
		expect(marked.decision.best?.model_id).toBe("dear/new");
		expect(marked.decision.cheapest_good_enough?.model_id).toBe("dear/new");
		expect(marked.decision.candidates.map((item) => item.model_id)).toEqual(["dear/new"]);
		expect(marked.decision.notes).toContain("retired, shown but never picked: cheap/old");
	});
});

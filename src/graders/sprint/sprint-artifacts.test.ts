import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JsonObject } from "../../contract/index.js";
import { detailJson } from "./detail-json.js";
import { foldSprintRow } from "./fold-row.js";
import { humanReport } from "./human-report.js";
import { fileSlug, writeSprintArtifacts } from "./sprint-artifacts.js";
import { measured, sprintRow, unmeasured } from "./testing-rows.js";

const WEIGHTS = { corpus: 0.5, mutations: 0.3, process: 0.2 };

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "touchstone-artifacts-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("writeSprintArtifacts", () => {
	it("writes the detail JSON and the report under a fresh run name, and appends a row linking the report", async () => {
		const row = sprintRow({ model: "openrouter/Qwen3 27B" });
		const folded = foldSprintRow(row, WEIGHTS);
		const first = await writeSprintArtifacts(dir, row, folded);
		const second = await writeSprintArtifacts(dir, row, folded);
		expect(relative(dir, first.detail)).toBe("runs/2025-03-04-example-openrouter-qwen3-27b-direct-1.json");
		expect(relative(dir, first.report)).toBe("reports/2025-03-04-example-openrouter-qwen3-27b-direct-1.md");
		expect(relative(dir, second.report)).toBe("reports/2025-03-04-example-openrouter-qwen3-27b-direct-2.md");
		expect(first.history).toBe(join(dir, "history.md"));
		const history = await readFile(first.history, "utf8");
		const rows = history.split("\n").filter((line) => line.includes("[report]"));
		expect(rows).toHaveLength(2);
		expect(rows[0]).toContain("[report](reports/2025-03-04-example-openrouter-qwen3-27b-direct-1.md)");
		expect(rows[1]).toContain("[report](reports/2025-03-04-example-openrouter-qwen3-27b-direct-2.md)");
		const detail = JSON.parse(await readFile(first.detail, "utf8")) as JsonObject;
		expect(detail).toMatchObject({ model: "openrouter/Qwen3 27B", outcome: "passed", fold: { passed: true } });
		expect(await readFile(second.report, "utf8")).toBe(humanReport(row, folded));
	});

	it("never overwrites an existing artifact: a taken name moves the run to the next one", async () => {
		const row = sprintRow();
		await mkdir(join(dir, "reports"), { recursive: true });
		const taken = join(dir, "reports", "2025-03-04-example-scripted-strong-direct-1.md");
		await writeFile(taken, "someone else's report\n");
		const written = await writeSprintArtifacts(dir, row, foldSprintRow(row, WEIGHTS));
		expect(await readFile(taken, "utf8")).toBe("someone else's report\n");
		expect(relative(dir, written.report)).toBe("reports/2025-03-04-example-scripted-strong-direct-2.md");
		// The detail JSON written for name 1 before the report's name turned out taken is gone again.
		expect(await readdir(join(dir, "runs"))).toEqual(["2025-03-04-example-scripted-strong-direct-2.json"]);
	});
});

describe("fileSlug", () => {
	it("keeps a name a file and a link can carry", () => {
		expect(fileSlug("llama-local/Qwen3.8-27B-Q8")).toBe("llama-local-qwen3.8-27b-q8");
		expect(fileSlug("../../etc/passwd")).toBe("etc-passwd");
		expect(fileSlug("<script>")).toBe("script");
		expect(fileSlug("///")).toBe("x");
	});
});

describe("detailJson", () => {
	it("keeps every layer with its figures, the missing layers with reasons, the footprint and provenance", () => {
		const row = sprintRow({
			layers: { ...sprintRow().layers, process: unmeasured("process", "the run's log is missing") },
		});
		const detail = detailJson(row, foldSprintRow(row, WEIGHTS));
		expect(detail.missing).toEqual([{ layer: "process", reason: "the run's log is missing" }]);
		expect(detail.layers).toMatchObject({
			mutations: { measured: true, score: 0.8, figures: { killed: 4, applied: 5 } },
			process: { measured: false, score: null, reason: "the run's log is missing" },
		});
		expect(detail.footprint).toMatchObject({ cost_usd: 0.0123, diff: { added: 120, removed: 14, files: 5 } });
		expect(detail.provenance).toEqual({ touchstone: "0.0.0-test" });
		// (0.5 × 0.9 + 0.3 × 0.8) / 0.8 = 0.8625
		expect((detail.fold as JsonObject).code_score).toBeCloseTo(0.8625, 10);
		expect(JSON.parse(JSON.stringify(detail))).toEqual(detail);
	});
});

describe("humanReport", () => {
	it("names the reason of every layer shown as `-`, and the reviewers' rows", () => {
		const row = sprintRow({
			layers: { ...sprintRow().layers, corpus: unmeasured("corpus", "c8 is not installed") },
		});
		const report = humanReport(row, foldSprintRow(row, WEIGHTS));
		expect(report).toContain("### corpus\n\nShown as `-`: c8 is not installed.");
		expect(report).toContain("| review/acme | acme | 4 | Clean. |");
		expect(report).toContain("| review/beta | beta | - | error: unusable reply: not JSON |");
		expect(report).toContain("The run's ndjson log: run.ndjson in the workspace");
		expect(report).toContain("- diff: +120 −14 in 5 files");
	});

	it("shows a failed run's footprint and why nothing is scored", () => {
		const row = sprintRow({ outcome: "fail@M02", layers: { process: measured("process", 0.7, { attempts: 4 }) } });
		const report = humanReport(row, foldSprintRow(row, WEIGHTS));
		expect(report).toContain("| outcome | fail@M02 |");
		expect(report).toContain("No code score");
		expect(report).toContain(
			"### process\n\nShown as `-`: the run ended fail@M02: a failed run is not scored on its partial work.",
		);
		expect(report).toContain("- attempts: 4");
		expect(report).toContain("- wall clock: 12m 03s");
	});

	it("escapes the model id, the reasons and the rationales", () => {
		const row = sprintRow({
			model: "evil|<script>alert(1)</script>",
			layers: {
				...sprintRow().layers,
				corpus: unmeasured("corpus", "broke on <img src=x onerror=alert(1)>"),
				review: measured("review", 0.5, {
					mean_grade: 3,
					reviewers: [
						{ reviewer: "r|1", family: null, grade: 3, rationale: "ok | <b>bold</b>\n# heading", error: null },
					],
				}),
			},
		});
		const report = humanReport(row, foldSprintRow(row, WEIGHTS));
		// Every `<` is escaped (`\<`), so none opens a tag.
		expect(report).not.toMatch(/(?<!\\)</);
		expect(report).toContain("# Sprint run: example · evil\\|\\<script\\>alert(1)\\</script\\> · direct");
		expect(report).toContain("| r\\|1 | - | 3 | ok \\| \\<b\\>bold\\</b\\> # heading |");
	});
});

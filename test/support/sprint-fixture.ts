import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import type { SprintFootprint, SprintLayerResult } from "../../src/contract/index.js";
import { type Definitions, loadDefinitions } from "../../src/definitions/index.js";
import type { SprintRunRecord } from "../../src/orchestrator/index.js";
import { tempDir } from "./cli.js";

/** The models of the fixture's registry. */
export const SPRINT_MODELS = ["model/a", "model/b", "model/c"] as const;

/** A benchmarks/ folder (in a project folder) with three models, one plain use case and the sprint `example`. */
export interface SprintFixture {
	/** The project folder (cwd for spawned CLIs; data/ goes inside). */
	readonly root: string;
	/** Its benchmarks/ folder. */
	readonly dir: string;
	/** The sprint's folder, benchmarks/sprints/example. */
	readonly sprintDir: string;
	/** The definitions as loadDefinitions reads them. */
	load(): Definitions;
}

/** Writes the fixture: sprint.yaml, a guide, a two-file etalon corpus and two mutation patches. */
export function writeSprintFixture(): SprintFixture {
	const root = tempDir("touchstone-sprint-rows-");
	const dir = join(root, "benchmarks");
	const sprintDir = join(dir, "sprints", "example");
	mkdirSync(join(sprintDir, "etalon", "test"), { recursive: true });
	mkdirSync(join(sprintDir, "mutations"));
	writeFileSync(
		join(dir, "models.yaml"),
		stringify({
			models: SPRINT_MODELS.map((id) => ({
				id,
				provider: "openai-compatible",
				model: id,
				base_url: "http://127.0.0.1:9/v1",
			})),
		}),
	);
	writeFileSync(
		join(dir, "use_cases.yaml"),
		stringify({
			use_cases: [
				{
					id: "voice",
					status: "idea",
					modality: { input: "text", output: "audio" },
					unlock: "read the summary aloud",
					ceiling: "no model speaks names right",
				},
			],
		}),
	);
	writeFileSync(
		join(sprintDir, "sprint.yaml"),
		stringify({
			title: "Calculator refactor",
			source: { repo: "../../repo.git", baseline: "1a2b3c4d" },
			milestones: [
				{ id: "M01", title: "Parser", brief: "Split the parser out." },
				{ id: "M02", title: "Errors", brief: "Typed errors." },
			],
			scope: ["src/**", "test/**"],
			commands: { ci: ["npm", "test"], test: ["npm", "test"], test_report: "node-test" },
			scoring: { weights: { corpus: 0.5, mutations: 0.3, process: 0.2 }, thresholds: { pass: 0.7 } },
		}),
	);
	writeFileSync(join(sprintDir, "guide.md"), "# Rules\nNever ask; decide.\n");
	writeFileSync(join(sprintDir, "etalon", "test", "parse.test.js"), "test('parses', () => {});\n");
	writeFileSync(join(sprintDir, "etalon", "calc.js"), "export const add = (a, b) => a + b;\n");
	writeFileSync(join(sprintDir, "mutations", "01-sign.patch"), "--- a/calc.js\n+++ b/calc.js\n-a + b\n+a - b\n");
	writeFileSync(join(sprintDir, "mutations", "02-zero.patch"), "--- a/calc.js\n+++ b/calc.js\n-a + b\n+0\n");
	return { root, dir, sprintDir, load: () => loadDefinitions(dir) };
}

/** A measured layer result with score `score`. */
export function layer(name: SprintLayerResult["layer"], score: number, figures = {}): SprintLayerResult {
	return {
		layer: name,
		measured: true,
		score,
		passed: name === "gates" ? score === 1 : null,
		reason: null,
		figures,
		version: "1",
	};
}

/** What a run cost: known unless `cost_usd` is null (then two calls had no cost). */
export function footprint(cost_usd: number | null, wall_clock_s = 90): SprintFootprint {
	return {
		diff: { added: 40, removed: 12, files: 3 },
		input_tokens: 12_000,
		output_tokens: 3_000,
		cost_usd,
		cost_unknown_calls: cost_usd === null ? 2 : 0,
		wall_clock_s,
		calls: 14,
	};
}

/**
 * A run of sprint `example` in `definitions` for `model` in `orchestration`: passed with
 * `code_score` unless `overrides` say otherwise.
 */
export function sprintRun(
	definitions: Definitions,
	version: string,
	run: Pick<SprintRunRecord, "model" | "orchestration"> & Partial<SprintRunRecord>,
): SprintRunRecord {
	const sprint = definitions.sprints.find((candidate) => candidate.id === "example");
	if (sprint === undefined) throw new Error("the fixture has no sprint example");
	return {
		definitions,
		sprint,
		sprint_version: version,
		branch: `bench/${run.model.replace("/", "-")}`,
		workspace: `example-${run.model.replace("/", "-")}-${run.orchestration}`,
		outcome: "passed",
		footprint: footprint(0.25),
		layers: { gates: layer("gates", 1), corpus: layer("corpus", 0.8), process: layer("process", 0.9) },
		code_score: 0.8,
		error: null,
		diff: "diff --git a/src/calc.js b/src/calc.js\n+export const sub = (a, b) => a - b;\n",
		started_at: "2025-03-01T10:00:00.000Z",
		finished_at: "2025-03-01T10:01:30.000Z",
		log: "log.ndjson",
		provenance: { driver: "test", sandbox: { isolated: true } },
		env: {},
		...run,
	};
}

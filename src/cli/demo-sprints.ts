import { readFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import type { OrchestrationMode } from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import { HISTORY_FILE } from "../graders/index.js";
import { type RunParts, runSprint } from "../orchestrator/index.js";
import { readRunState, sprintWorkspace } from "../runners/index.js";
import type { Store } from "../store/index.js";
import { type CliIo, printLine } from "./io.js";
import { VERSION } from "./package-info.js";

/** The demo's sprint runs: two models, each in two orchestration modes, so two rows compare the harness. */
export const DEMO_SPRINT_MODELS = ["scripted/strong", "scripted/cheap"] as const;
export const DEMO_SPRINT_MODES: readonly OrchestrationMode[] = ["direct", "loop"];

/**
 * Runs every bundled sprint for the demo's models and modes (side by side) and prints its history table. A run
 * whose workspace has finished is not run again (its row is in the history already), so a second
 * demo appends nothing; `touchstone sprint prune` makes the next demo run them afresh.
 */
export async function runDemoSprints(
	io: CliIo,
	store: Store,
	definitions: Definitions,
	parts: RunParts,
	resultsDir: string,
): Promise<void> {
	for (const sprint of definitions.sprints) {
		printLine(io);
		printLine(io, `sprint ${sprint.id}: ${sprint.title ?? ""} (a whole plan per model, scored in layers)`);
		// The runs have workspaces of their own and mostly wait on the models: side by side, the four
		// take about as long as the slowest (≈7 s here), where one after another they took ≈20 s.
		const runs = DEMO_SPRINT_MODELS.filter((modelId) =>
			definitions.models.some((model) => model.id === modelId),
		).flatMap((modelId) => DEMO_SPRINT_MODES.map((mode) => ({ modelId, mode })));
		const lines = await Promise.all(
			runs.map(async ({ modelId, mode }) => {
				const workspace = sprintWorkspace(process.cwd(), sprint, modelId, mode);
				if (readRunState(workspace)?.phase === "finished")
					return `  ${modelId} · ${mode}: already run (its row is in the history; \`touchstone sprint prune\` to run it again)`;
				const report = await runSprint({
					definitions,
					sprintId: sprint.id,
					modelId,
					orchestration: mode,
					baseDir: process.cwd(),
					resultsDir,
					store,
					providerFor: parts.providerFor,
					sandbox: parts.sandbox,
					provenance: { touchstone: VERSION, host: hostname(), node: process.version, demo: true },
					env: parts.env ?? {},
					signal: new AbortController().signal,
				});
				if (report.kind === "stopped") return `  ${modelId} · ${mode}: stopped`;
				const code = report.folded.code_score === null ? "" : `, code ${(report.folded.code_score * 100).toFixed(1)}`;
				return `  ${modelId} · ${mode}: ${report.outcome}${code}, ${report.row.footprint.calls} model calls, ${report.row.footprint.wall_clock_s.toFixed(1)} s`;
			}),
		);
		for (const line of lines) printLine(io, line);
		const history = join(resultsDir, sprint.id, HISTORY_FILE);
		const table = (await readFile(history, "utf8").catch(() => "")).split("\n").filter((line) => line.startsWith("|"));
		if (table.length > 0) {
			printLine(io, `history (${history}):`);
			for (const line of table) printLine(io, line);
		}
	}
}

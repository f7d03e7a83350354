import { existsSync } from "node:fs";
import type { Command } from "commander";
import { SPRINT_PLUGIN_ID, type SprintDefinition, sprintUseCaseId } from "../../contract/index.js";
import type { Definitions, UseCaseDefinition } from "../../definitions/index.js";
import { openStore } from "../../store/index.js";
import {
	NOTHING_STORED,
	type OffloadCandidate,
	offloadCandidates,
	type RosterEntry,
	type RosterInput,
	roster,
} from "../../views/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { describeDeployments, describeOffload } from "../describe-offload.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";
import { renderTable } from "../table.js";

/** `touchstone roster`: every use case, ideas included (the unlock board), with run counts. */
export function registerRosterCommand(program: Command, io: CliIo): void {
	withStoreOptions(withDirOption(program.command("roster")), "reads")
		.description("show every use case, ideas included (the unlock board), with what has run")
		.option("--json", "print the roster as JSON (the API's shape)")
		.action((options: StoreFlags & DirOptions & { json?: boolean }) => {
			const definitions = loadFromDirOption(options.dir, options.allowPath);
			const inputs = rosterInputs(definitions);
			const paths = storePaths(io, options);
			// No store yet is a roster with nothing run, not an error: ideas need no results.
			let entries: RosterEntry[];
			let offload: OffloadCandidate[] = [];
			if (existsSync(paths.database)) {
				const store = openStore({ ...paths, readonly: true });
				try {
					entries = roster(store, inputs);
					offload = offloadCandidates(
						store,
						entries.map((entry) => entry.id),
					);
				} finally {
					store.close();
				}
			} else entries = inputs.map((input) => ({ ...input, ...NOTHING_STORED }));
			if (options.json) {
				printJson(io, { use_cases: entries, offload_candidates: offload });
				return;
			}
			printLine(
				io,
				renderTable(
					["id", "status", "modality", "runs", "models", "version", "from", "unlocks / ceiling"],
					entries.map((entry) => [
						entry.id,
						entry.status,
						`${entry.modality.input} -> ${entry.modality.output}`,
						String(entry.runs),
						`${entry.models_run}${entry.aggregate_models > 0 ? ` +${entry.aggregate_models} ≈` : ""}`,
						entry.benchmark_version ?? "-",
						describeFrom(entry),
						entry.status === "idea" ? `${entry.unlock ?? "?"} / ${entry.ceiling ?? "?"}` : "",
					]),
				),
			);
			if (entries.some((entry) => entry.sources.length > 0))
				printLine(
					io,
					"from: where its results came from: here (run by this store), and the sources of touchstone ingest or import",
				);
			if (entries.some((entry) => entry.aggregate_models > 0))
				printLine(
					io,
					"+n ≈: models known only from another store's summary (aggregate rows; touchstone leaderboard shows them)",
				);
			printOffload(io, entries, offload);
		});
}

/** `here`, `lab`, `here, lab`: who made a use case's results; `-` when it has none. */
function describeFrom(entry: RosterEntry): string {
	const here = entry.native_runs > 0 ? ["here"] : [];
	const from = [...here, ...entry.sources];
	return from.length === 0 ? "-" : from.join(", ");
}

/** Under the roster: what runs in production where, and the offload candidates by projected saving. */
function printOffload(io: CliIo, entries: readonly RosterEntry[], offload: readonly OffloadCandidate[]): void {
	for (const entry of entries) {
		const history = describeDeployments(entry.deployments);
		if (history !== null) printLine(io, `${entry.id}: ${history}`);
		else if (entry.deployed !== null)
			printLine(
				io,
				`${entry.id}: deployed: ${entry.deployed.model} (${entry.deployed.harness}), not recorded yet (a run records it)`,
			);
	}
	if (offload.length === 0) return;
	printLine(io, "Offload candidates, by projected saving per period (biggest first, unknown savings last):");
	for (const item of offload) printLine(io, `  ${describeOffload(item)}`);
}

/** Every use case of today's definitions for the roster: use_cases.yaml's, then one per sprint (`sprint-<id>`). */
export function rosterInputs(definitions: Pick<Definitions, "useCases" | "sprints">): RosterInput[] {
	return [...definitions.useCases.map(rosterInput), ...definitions.sprints.map(sprintRosterInput)];
}

/** The roster's view of a sprint: the runnable use case `sprint-<id>` of plugin `sprint`, titled as its sprint.yaml. */
export function sprintRosterInput(sprint: SprintDefinition): RosterInput {
	return {
		id: sprintUseCaseId(sprint.id),
		title: sprint.title,
		description: `sprint ${sprint.id}: a multi-milestone plan carried through ${sprint.source.repo} from baseline ${sprint.source.baseline}; run it with touchstone sprint run --sprint ${sprint.id}`,
		status: "runnable",
		modality: { input: "plan", output: "code" },
		plugin: SPRINT_PLUGIN_ID,
		unlock: null,
		ceiling: null,
		deployed: null,
	};
}

/** The roster's view of a use case definition. */
export function rosterInput(useCase: UseCaseDefinition): RosterInput {
	return {
		id: useCase.id,
		title: useCase.title,
		description: useCase.description,
		status: useCase.status,
		modality: useCase.modality,
		plugin: useCase.plugin,
		unlock: useCase.unlock,
		ceiling: useCase.ceiling,
		deployed: useCase.deployed === null ? null : { model: useCase.deployed.model, harness: useCase.deployed.harness },
	};
}

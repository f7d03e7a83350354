import { existsSync } from "node:fs";
import type { Command } from "commander";
import type { UseCaseDefinition } from "../../definitions/index.js";
import { openStore } from "../../store/index.js";
import { type RosterEntry, type RosterInput, roster } from "../../views/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
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
			const inputs = definitions.useCases.map(rosterInput);
			const paths = storePaths(io, options);
			// No store yet is a roster with nothing run, not an error: ideas need no results.
			let entries: RosterEntry[];
			if (existsSync(paths.database)) {
				const store = openStore({ ...paths, readonly: true });
				try {
					entries = roster(store, inputs);
				} finally {
					store.close();
				}
			} else
				entries = inputs.map((input) => ({
					...input,
					benchmark_version: null,
					runs: 0,
					models_run: 0,
					last_run_at: null,
				}));
			if (options.json) {
				printJson(io, { use_cases: entries });
				return;
			}
			printLine(
				io,
				renderTable(
					["id", "status", "modality", "runs", "models", "version", "unlocks / ceiling"],
					entries.map((entry) => [
						entry.id,
						entry.status,
						`${entry.modality.input} -> ${entry.modality.output}`,
						String(entry.runs),
						String(entry.models_run),
						entry.benchmark_version ?? "-",
						entry.status === "idea" ? `${entry.unlock ?? "?"} / ${entry.ceiling ?? "?"}` : "",
					]),
				),
			);
		});
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

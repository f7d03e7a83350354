import { existsSync } from "node:fs";
import { type Command, Option } from "commander";
import { defaultRunParts } from "../../orchestrator/index.js";
import { openStore } from "../../store/index.js";
import { loadFromDirOption, withDirOption } from "../definitions-option.js";
import { commaList, positiveInteger } from "../flag-parsers.js";
import type { CliIo } from "../io.js";
import { runAndReport } from "../run-and-report.js";
import { type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";

/** `touchstone run`: runs a use case's fleet over its cases, skipping cells already current. */
export function registerRunCommand(program: Command, io: CliIo): void {
	withStoreOptions(withDirOption(program.command("run")), "reads and writes")
		.description("run a use case: fleet × cases × samples, skipping cells that are already current")
		.requiredOption("--use-case <id>", "the use case to run")
		.option("--models <ids>", "comma-separated registry ids (default: the use case's fleet)", commaList)
		.addOption(
			new Option("--depth <depth>", "limited: floor cases once; thorough: every case, N samples")
				.choices(["limited", "thorough"])
				.default("thorough"),
		)
		.option("--samples <n>", "samples per case at thorough depth (default: the use case's, else 2)", positiveInteger)
		.option("--concurrency <n>", "cells in flight at once", positiveInteger, 8)
		.option("--force", "re-run cells that already have a current result")
		.option("--dry-run", "show the plan without calling any model or writing anything")
		.option("--json", "print the summary and leaderboard as JSON")
		.action(
			async (
				options: StoreFlags & {
					dir: string;
					useCase: string;
					models?: string[];
					depth: "limited" | "thorough";
					samples?: number;
					concurrency: number;
					force?: boolean;
					dryRun?: boolean;
					json?: boolean;
				},
			) => {
				const definitions = loadFromDirOption(options.dir);
				const paths = storePaths(io, options);
				// A dry run writes nothing: it only reads a store that exists, or plans without one.
				const store =
					options.dryRun !== true
						? openStore(paths)
						: existsSync(paths.database)
							? openStore({ ...paths, readonly: true })
							: null;
				try {
					await runAndReport(io, store, definitions, defaultRunParts(io.env), {
						useCase: options.useCase,
						models: options.models,
						depth: options.depth,
						samples: options.samples,
						concurrency: options.concurrency,
						force: options.force === true,
						dryRun: options.dryRun === true,
						json: options.json === true,
					});
				} finally {
					store?.close();
				}
			},
		);
}

import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError } from "../../contract/index.js";
import {
	ingestStore,
	ingestSummary,
	isSqliteHeader,
	type StoreIngest,
	type SummaryIngest,
} from "../../orchestrator/index.js";
import { plural } from "../format.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { openWritableStore, type StoreFlags, withStoreOptions } from "../store-options.js";

interface IngestFlags extends StoreFlags {
	readonly from: string;
	readonly source: string;
	readonly useCase?: string[];
	readonly fromArtifacts?: string;
	readonly includeIngested?: boolean;
	readonly json?: boolean;
}

/**
 * `touchstone ingest`: mirrors another machine's store (or its saved leaderboard) into this one,
 * tagged with a source, so one leaderboard shows results produced elsewhere. Re-runnable: each
 * sync replaces exactly that source's rows and never a row recorded here.
 */
export function registerIngestCommand(program: Command, io: CliIo): void {
	const command = program
		.command("ingest")
		.description(
			"mirror another store's results into this one, tagged with a source (re-runnable: each sync replaces only that source's rows)",
		)
		.requiredOption(
			"--from <path>",
			"the other store's database (read-only), or a saved leaderboard (touchstone leaderboard --json) for aggregate rows",
		)
		.requiredOption("--source <name>", "the name its rows are tagged with; repeat it on every sync (e.g. its host)")
		.option("--use-case <id...>", "only these use cases (default: every one with a current spec there)")
		.option("--from-artifacts <dir>", "the other store's artifacts folder (default: artifacts/ beside its database)")
		.option("--include-ingested", "also mirror rows the other store itself ingested from a third source")
		.option("--json", "print what was written as JSON");
	withStoreOptions(command, "writes").action((flags: IngestFlags) => {
		const from = resolve(flags.from);
		const request = {
			from,
			source: flags.source,
			use_cases: flags.useCase ?? [],
			include_ingested: flags.includeIngested === true,
		};
		if (!existsSync(from))
			throw new BadInputError("Nothing to ingest there.", [
				{
					source: "--from",
					line: null,
					column: null,
					path: flags.from,
					message: `there is no file at ${from}`,
					fix: "name another store's database (its data/benchmarks/benchmarks.db) or a saved leaderboard (touchstone leaderboard --json)",
				},
			]);
		const summary = !isStore(from);
		if (summary && flags.fromArtifacts !== undefined)
			throw new BadInputError("--from-artifacts: not a store", [
				{
					source: "--from-artifacts",
					line: null,
					column: null,
					path: flags.fromArtifacts,
					message: `${flags.from} is a summary file, which has no artifacts`,
					fix: "leave out --from-artifacts, or name a store's database with --from",
				},
			]);
		const store = openWritableStore(io, flags);
		let result: StoreIngest | SummaryIngest;
		try {
			result = summary
				? ingestSummary(store, request)
				: ingestStore(store, {
						...request,
						...(flags.fromArtifacts === undefined ? {} : { from_artifacts: resolve(flags.fromArtifacts) }),
					});
		} finally {
			store.close();
		}
		if (flags.json === true) printJson(io, { kind: summary ? "summary" : "store", ...result });
		else if ("artifacts_copied" in result) printStoreIngest(io, result);
		else printSummaryIngest(io, result);
	});
}

/** Whether `path` starts as a SQLite database does; anything else is read (and judged) as a summary file. */
function isStore(path: string): boolean {
	let descriptor: number;
	try {
		descriptor = openSync(path, "r");
	} catch {
		// The reader of the file says what is wrong with it, and how to fix it.
		return false;
	}
	try {
		const header = Buffer.alloc(16);
		return readSync(descriptor, header, 0, 16, 0) === 16 && isSqliteHeader(header);
	} catch {
		return false;
	} finally {
		closeSync(descriptor);
	}
}

function printStoreIngest(io: CliIo, result: StoreIngest): void {
	for (const item of result.use_cases) {
		const replaced = item.deleted.runs > 0 ? `, replacing its ${item.deleted.runs} earlier rows` : "";
		const errors = item.harness_errors > 0 ? ` (${plural(item.harness_errors, "harness error")})` : "";
		printLine(
			io,
			`ingested ${plural(item.inserted, "row")}${errors} of ${item.use_case_id} from ${result.source}${replaced}`,
		);
		printLine(
			io,
			`  benchmark version ${item.benchmark_version}${item.joined ? " (already current here: the rows join it)" : ""}`,
		);
		if (item.left_out_ingested > 0)
			printLine(
				io,
				`  ${plural(item.left_out_ingested, "row")} left out: that store ingested them itself (--include-ingested mirrors them)`,
			);
		if (item.runs_with_warnings > 0)
			printLine(io, `  ${plural(item.runs_with_warnings, "row")} came without some artifact (a warning on each)`);
	}
	for (const item of result.skipped) printLine(io, `skipped ${item.use_case_id}: ${item.reason}`);
	if (result.use_cases.length === 0 && result.skipped.length === 0)
		printLine(io, "nothing to ingest: no use case there");
	printLine(
		io,
		`artifacts: ${result.artifacts_copied} copied, ${result.artifacts_unavailable} unavailable${result.artifacts_folder_found ? "" : ` (no artifacts folder at ${result.from_artifacts}; name it with --from-artifacts)`}`,
	);
	const first = result.use_cases[0];
	if (first !== undefined) printLine(io, `see it: touchstone leaderboard --use-case ${first.use_case_id}`);
}

function printSummaryIngest(io: CliIo, result: SummaryIngest): void {
	for (const item of result.use_cases) {
		const replaced = item.deleted > 0 ? `, replacing its ${item.deleted} earlier` : "";
		printLine(
			io,
			`ingested ${plural(item.inserted, "aggregate row")} of ${item.use_case_id} (${item.benchmark_version}) from ${result.source}${replaced}`,
		);
		if (item.left_out_ingested > 0)
			printLine(
				io,
				`  ${plural(item.left_out_ingested, "row")} of the summary left out: themselves from elsewhere (--include-ingested takes them)`,
			);
	}
	printLine(
		io,
		"aggregate rows show on the leaderboard only where no per-case row of the same model × harness exists, marked ≈, never picked",
	);
	const first = result.use_cases[0];
	if (first !== undefined) printLine(io, `see it: touchstone leaderboard --use-case ${first.use_case_id}`);
}

import { statSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import type { Command } from "commander";
import { type Compaction, compactStore, type Footprint, footprint, openStore } from "../../store/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { CliFailure } from "../exit-codes.js";
import { plural } from "../format.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { existingStorePaths } from "../read-store.js";
import type { StoreFlags } from "../store-options.js";
import { withStoreOptions } from "../store-options.js";
import { renderTable } from "../table.js";

interface PruneOptions extends StoreFlags, DirOptions {
	readonly dryRun?: boolean;
	readonly compact?: boolean;
	readonly out?: string;
	readonly json?: boolean;
}

/**
 * `touchstone prune [--dry-run] [--compact [--out FILE]]`: the store is append-only, so nothing is
 * removed from it; prune lists what the models models.yaml retires occupy (rows per use case,
 * scores, ratings, comparisons, and the artifacts only they reference, with their bytes).
 * `--compact` writes a NEW store without those rows, checked with verify, and leaves the old one
 * untouched; `--dry-run` only says what it would write.
 */
export function registerPruneCommand(program: Command, io: CliIo): void {
	withStoreOptions(withDirOption(program.command("prune")), "reads")
		.description(
			"list what retired models occupy in the store (nothing is removed); --compact writes a new store without their rows",
		)
		.option("--dry-run", "only list, even with --compact: write nothing")
		.option("--compact", "write a new store file without the retired models' rows (the old store is kept as it is)")
		.option("--out <path>", "with --compact: the new store's path (default: beside the old one, named by the time)")
		.option("--json", "print the listing (and the compaction) as JSON")
		.action((options: PruneOptions) => {
			const paths = existingStorePaths(io, options, null);
			const retired = loadFromDirOption(options.dir, options.allowPath)
				.models.filter((model) => model.status === "retired")
				.map((model) => model.id);
			const store = openStore({ ...paths, readonly: true });
			let listing: Footprint;
			try {
				listing = footprint(store.database, retired);
			} finally {
				store.close();
			}
			const write = options.compact === true && options.dryRun !== true && retired.length > 0;
			const target = options.out ?? defaultTarget(paths.database);
			const compaction = write ? compactAndVerify(paths.database, target, paths.artifacts, retired) : null;
			if (options.json)
				return printJson(io, {
					database: paths.database,
					retired,
					...listing,
					compaction:
						compaction === null
							? null
							: { ...compaction, bytes_before: fileBytes(paths.database), bytes_after: fileBytes(target) },
				});
			printListing(io, listing, retired);
			if (options.compact === true && !write)
				printLine(
					io,
					retired.length === 0
						? "nothing to compact: no model is retired"
						: `--dry-run: would write a new store at ${target} without these rows; the store at ${paths.database} stays as it is`,
				);
			if (compaction !== null) printCompaction(io, compaction, paths.artifacts);
			else if (options.compact !== true && retired.length > 0)
				printLine(
					io,
					"nothing was removed: the store is append-only (--compact writes a new store without these rows)",
				);
		});
}

function compactAndVerify(source: string, target: string, artifacts: string, retired: readonly string[]): Compaction {
	const compaction = compactStore(source, target, retired);
	const copy = openStore({ database: target, artifacts, readonly: true });
	try {
		const { problems } = copy.verify();
		if (problems.length > 0)
			throw new CliFailure(
				"compaction-failed",
				`the compacted store at ${target} does not verify: ${problems[0]?.message}`,
				`the store at ${source} is untouched; delete ${target} and report this`,
			);
	} finally {
		copy.close();
	}
	return compaction;
}

function printListing(io: CliIo, listing: Footprint, retired: readonly string[]): void {
	if (retired.length === 0) {
		printLine(io, "no model is retired in models.yaml (touchstone drop MODEL --reason … retires one)");
		return;
	}
	const rows = listing.models.flatMap((model) =>
		model.use_cases.length === 0
			? [[model.model_id, "-", "0", "0", "0", "0", artifactCell(model.artifacts, model.artifact_bytes)]]
			: model.use_cases.map((useCase, index) => [
					index === 0 ? model.model_id : "",
					useCase.use_case_id,
					String(useCase.runs),
					String(useCase.scores),
					String(useCase.owner_ratings),
					String(useCase.comparisons),
					index === 0 ? artifactCell(model.artifacts, model.artifact_bytes) : "",
				]),
	);
	printLine(io, `retired models occupy ${plural(listing.runs, "run")} of the store:`);
	printLine(io, renderTable(["model", "use case", "runs", "scores", "ratings", "comparisons", "only theirs"], rows));
	printLine(io, `artifacts only retired models reference: ${artifactCell(listing.artifacts, listing.artifact_bytes)}`);
}

function printCompaction(io: CliIo, compaction: Compaction, artifacts: string): void {
	const left = Object.entries(compaction.left_out)
		.map(([table, count]) => `${count} ${table}`)
		.join(", ");
	printLine(
		io,
		`wrote a new store without them: ${compaction.target} (${formatBytes(fileBytes(compaction.target))}), verified`,
	);
	printLine(io, `  left out: ${left}`);
	printLine(
		io,
		`  the old store is untouched: ${compaction.source} (${formatBytes(fileBytes(compaction.source))}); both share the artifacts at ${artifacts}`,
	);
	printLine(io, `  to use the new one: TOUCHSTONE_DB=${compaction.target} (or --db ${compaction.target})`);
}

function artifactCell(count: number, bytes: number): string {
	return `${plural(count, "artifact")}, ${formatBytes(bytes)}`;
}

function defaultTarget(database: string): string {
	const stamp = new Date()
		.toISOString()
		.replace(/[-:]/g, "")
		.replace(/\.\d+Z$/, "Z");
	const extension = extname(database);
	return join(dirname(database), `${basename(database, extension)}.compacted-${stamp}${extension || ".db"}`);
}

function fileBytes(path: string): number {
	return statSync(path).size;
}

function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
	return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

import type { Command } from "commander";
import { volumePeriodLabel } from "../../contract/index.js";
import { importVolume, readUsage, USAGE_BOUNDS } from "../../orchestrator/index.js";
import type { VolumeSnapshotInput } from "../../store/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { openWritableStore, type StoreFlags, withStoreOptions } from "../store-options.js";

/** The line format, for --help (the README says the same). */
const FORMAT_HELP = [
	"",
	"Usage file: JSONL, one rollup per line (blank lines are skipped):",
	'  {"use_case": "summarization", "period": "2026-11", "calls": 120000, "input_tokens": 310000000, "output_tokens": 42000000}',
	"  use_case       a use case of use_cases.yaml",
	"  period         a calendar month YYYY-MM, or days YYYY-MM-DD/YYYY-MM-DD (both included), UTC",
	"  calls, input_tokens, output_tokens   whole numbers >= 0: the period's totals",
	"  cost_usd       optional: what the period cost in production",
	"Lines of the same use case and period add up. A file with any bad line imports nothing, and",
	"every problem is listed with its line. Importing again never doubles the volume: a rollup",
	"equal to the stored one is skipped, a changed one is appended and replaces it (the latest",
	`snapshot of a period counts). Lines are at most ${USAGE_BOUNDS.lineChars.toLocaleString("en-US")} characters, the file at most 16 MiB.`,
].join("\n");

/** `touchstone volume import FILE`: production traffic per use case, for the decision's projected saving. */
export function registerVolumeCommand(program: Command, io: CliIo): void {
	const volume = program
		.command("volume")
		.description("production traffic per use case (volume snapshots), for offload weighting");
	withStoreOptions(withDirOption(volume.command("import")), "writes")
		.description("append a usage file's per-use-case rollups (calls, tokens per period) to the store")
		.argument("<file>", "the usage file (JSONL, one rollup per line)")
		.option("--json", "print what was imported as JSON")
		.addHelpText("after", FORMAT_HELP)
		.action((file: string, options: StoreFlags & DirOptions & { json?: boolean }) => {
			const definitions = loadFromDirOption(options.dir, options.allowPath);
			// Read and checked before the store is opened: a bad file leaves no trace, not even a new store.
			const usage = readUsage(definitions, file);
			const store = openWritableStore(io, options);
			try {
				const result = importVolume(store, usage);
				if (options.json) {
					printJson(io, { file, ...result });
					return;
				}
				printLine(
					io,
					`imported ${file}: ${result.appended.length} rollups appended, ${result.unchanged.length} unchanged (already stored), from ${result.lines} lines`,
				);
				for (const row of result.appended) printLine(io, `  ${describe(row)}`);
				for (const row of result.unchanged) printLine(io, `  ${describe(row)} (unchanged)`);
			} finally {
				store.close();
			}
		});
}

function describe(row: VolumeSnapshotInput): string {
	const period = volumePeriodLabel({ start: row.period_start, end: row.period_end });
	return `${row.use_case_id} ${period}: ${row.calls} calls, ${row.input_tokens} input and ${row.output_tokens} output tokens`;
}

import type { Command } from "commander";
import { openStore, type StoreVerification } from "../../store/index.js";
import { CliFailure } from "../exit-codes.js";
import { plural } from "../format.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { existingStorePaths } from "../read-store.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";

/** Problems listed before the rest are only counted, in the text output (--json lists all). */
const LISTED = 50;

/**
 * `touchstone verify`: checks the whole store (its guard triggers and tables, every artifact
 * re-hashed, every run against the seal written with it) and lists what differs; exit 1 when
 * anything does. Opens the store even when it is damaged, which every other command refuses.
 */
export function registerVerifyCommand(program: Command, io: CliIo): void {
	withStoreOptions(program.command("verify"), "reads")
		.description(
			"check the store: guard triggers and tables, every artifact re-hashed, every run's rows against their recorded hash",
		)
		.option("--json", "print what was checked and every problem as JSON")
		.action((options: StoreFlags & { json?: boolean }) => {
			const paths = existingStorePaths(io, options, null);
			const store = openStore({ ...paths, readonly: true, check_schema: false });
			let verification: StoreVerification;
			try {
				verification = store.verify();
			} finally {
				store.close();
			}
			const { problems, checked } = verification;
			if (options.json)
				printJson(io, {
					database: paths.database,
					artifacts: paths.artifacts,
					ok: problems.length === 0,
					...verification,
				});
			else {
				const summary = `${plural(checked.artifacts, "artifact")} and ${plural(checked.runs, "run")} checked${checked.runs_without_hash === 0 ? "" : ` (${checked.runs_without_hash} recorded before row hashes: their score counts checked, not their rows)`}`;
				if (problems.length === 0)
					printLine(io, `the store at ${paths.database} is intact: ${summary}, every table and guard trigger in place`);
				else {
					printLine(
						io,
						`the store at ${paths.database} has ${problems.length} problem${problems.length === 1 ? "" : "s"}:`,
					);
					for (const problem of problems.slice(0, LISTED)) printLine(io, `  ${problem.message}`);
					if (problems.length > LISTED)
						printLine(io, `  … and ${problems.length - LISTED} more (--json lists them all)`);
					printLine(io, summary);
				}
			}
			if (problems.length > 0)
				throw new CliFailure(
					"store-damaged",
					`the store at ${paths.database} is damaged: ${problems.length} problem${problems.length === 1 ? "" : "s"} found, the first: ${problems[0]?.message}`,
					"restore the database and the artifacts folder from a backup; until then, what is read from this store cannot be trusted",
				);
		});
}

import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError, type InputIssue, NotFoundError } from "../../contract/index.js";
import { type Definitions, loadIndexSettings } from "../../definitions/index.js";
import { makeFolders } from "../../input/index.js";
import { openStore, type Store } from "../../store/index.js";
import {
	type JudgeRatings,
	judgeRatings,
	type ReportPage,
	type ReportUseCase,
	type RoleIndex,
	reportJunit,
	reportMarkdown,
	reportPage,
	reportUseCase,
	roleIndex,
} from "../../views/index.js";
import { type DirOptions, withDirOption } from "../definitions-option.js";
import { type CliIo, printLine } from "../io.js";
import { existingStorePaths, notFoundAsBadInput } from "../read-store.js";
import { optionalDefinitions, retiredIn } from "../retired-models.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";
import { indexedUseCases, indexUseCase } from "./role-index.js";

interface ReportOptions extends StoreFlags, DirOptions {
	readonly useCase: readonly string[];
	readonly out: string;
	readonly jsonOut?: string;
	readonly junit?: string;
}

/**
 * `touchstone report [--use-case ID...] --out reports/leaderboard.md [--json-out FILE] [--junit FILE]`:
 * the leaderboard of each use case (every one the store holds by default, in id order) as
 * markdown stable for diffs in git (no clock: its one date is the latest run's), the page JSON
 * with everything (leaderboards, decisions, per-case results, speedup records, judge and index
 * sections), and JUnit XML with one test case per model × case for CI systems. Rows from another
 * store or an imported file are marked with their source, and aggregate rows (models known only
 * from another store's summary) shown in a table of their own, never picked. Retired models
 * (models.yaml, read from --dir when there is one) are shown marked and never picked.
 */
export function registerReportCommand(program: Command, io: CliIo): void {
	withStoreOptions(withDirOption(program.command("report")), "reads")
		.description(
			"write the leaderboards as markdown for git (and the page JSON, and JUnit XML for CI), from the store alone",
		)
		.option(
			"--use-case <id>",
			"a use case to report (repeatable; default: every use case the store holds)",
			(id: string, ids: readonly string[]) => [...ids, id],
			[] as readonly string[],
		)
		.option("--out <file>", "the markdown file to write", "reports/leaderboard.md")
		.option("--json-out <file>", "also write the page JSON (everything the markdown shows, and more) here")
		.option("--junit <file>", "also write JUnit XML here: one test case per model × case")
		.action((options: ReportOptions, self: Command) => {
			const definitions = optionalDefinitions(io, options, self);
			const page = readPage(io, options, definitions);
			checkOutputs(options);
			writeAtomically(options.out, reportMarkdown(page));
			const written = [options.out];
			if (options.jsonOut !== undefined) {
				writeAtomically(options.jsonOut, `${JSON.stringify(page, null, 2)}\n`);
				written.push(options.jsonOut);
			}
			if (options.junit !== undefined) {
				writeAtomically(options.junit, reportJunit(page));
				written.push(options.junit);
			}
			const ids = page.use_cases.map((item) => item.use_case_id);
			printLine(
				io,
				`wrote ${written.join(", ")}: ${ids.length === 0 ? "no use case" : ids.join(", ")} (latest run ${page.latest_run_at ?? "unknown"})`,
			);
		});
}

/**
 * The page from the store: each use case's section with its pairwise-judge ratings (task use
 * cases the judge rated), and the per-role index over the reported task use cases the
 * definitions name (none without definitions: their task axes and index.yaml are needed).
 */
function readPage(io: CliIo, options: ReportOptions, definitions: Definitions | undefined): ReportPage {
	const retiredById = retiredIn(definitions);
	const retired = retiredById && new Set(retiredById.keys());
	const paths = existingStorePaths(io, options, options.useCase[0] ?? null);
	const store = openStore({ ...paths, readonly: true });
	try {
		const ids =
			options.useCase.length > 0
				? [...new Set(options.useCase)]
				: // Use cases known only from summaries (aggregate rows of an ingest) are reported too.
					[
						...new Set([
							...store.listSpecs().map((spec) => spec.use_case_id),
							...store.aggregateCountsByUseCase().keys(),
						]),
					].sort();
		const sections = ids.map((id): ReportUseCase => {
			try {
				return reportUseCase(store, id, { retired, judge: ratingsOf(store, id) });
			} catch (error) {
				if (error instanceof NotFoundError) throw notFoundAsBadInput(store, error, { useCase: id });
				throw error;
			}
		});
		return reportPage(sections, definitions === undefined ? null : indexOf(store, definitions, ids));
	} finally {
		store.close();
	}
}

/** A task use case's judge ratings when the judge rated any model; null otherwise (shown as not judged). */
function ratingsOf(store: Store, useCaseId: string): JudgeRatings | null {
	const spec = store.currentSpec(useCaseId);
	if (spec === null || (spec.spec as { plugin?: unknown }).plugin !== "tasks") return null;
	const ratings = judgeRatings(store, useCaseId);
	return ratings.ratings.length === 0 ? null : ratings;
}

/** The per-role index over the reported use cases that are runnable task use cases with rows; null when none is. */
function indexOf(store: Store, definitions: Definitions, ids: readonly string[]): RoleIndex | null {
	const useCases = indexedUseCases(definitions).filter(
		(useCase) => ids.includes(useCase.id) && store.currentSpec(useCase.id) !== null,
	);
	if (useCases.length === 0) return null;
	return roleIndex(store, {
		settings: loadIndexSettings(definitions.dir).settings,
		useCases: useCases.map((useCase) => indexUseCase(store, definitions, useCase)),
	});
}

/** Writes a file whole or not at all: a report half written would read as a real one. */
function writeAtomically(file: string, text: string): void {
	makeFolders(dirname(file));
	const temporary = `${file}.${process.pid}.tmp`;
	try {
		writeFileSync(temporary, text);
		renameSync(temporary, file);
	} finally {
		rmSync(temporary, { force: true });
	}
}

/**
 * Refuses, before anything is written, an output path that is a folder, or one path given for two
 * outputs (the second would overwrite the first): bad input naming the flag, not a crash.
 */
function checkOutputs(options: ReportOptions): void {
	const outputs: [string, string | undefined][] = [
		["--out", options.out],
		["--json-out", options.jsonOut],
		["--junit", options.junit],
	];
	const issues: InputIssue[] = [];
	const seen = new Map<string, string>();
	for (const [flag, file] of outputs) {
		if (file === undefined) continue;
		const other = seen.get(resolve(file));
		if (other !== undefined)
			issues.push({
				source: flag,
				line: null,
				column: null,
				path: "",
				message: `${file} is also ${other}'s file: one would overwrite the other`,
				fix: `give ${flag} a file of its own`,
			});
		seen.set(resolve(file), flag);
		if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
			issues.push({
				source: flag,
				line: null,
				column: null,
				path: "",
				message: `${file} is a folder, not a file`,
				fix: `name a file inside it, e.g. ${flag} ${join(file, flag === "--junit" ? "junit.xml" : flag === "--json-out" ? "leaderboard.json" : "leaderboard.md")}`,
			});
	}
	if (issues.length > 0) throw new BadInputError("Cannot write the report: nothing was written.", issues);
}

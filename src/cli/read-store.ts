import { existsSync } from "node:fs";
import { BadInputError, NotFoundError, SPRINT_USE_CASE_PREFIX, type SpecDocument } from "../contract/index.js";
import { openStore, type Store, type StorePaths } from "../store/index.js";
import { resolveSpec } from "../views/index.js";
import type { CliIo } from "./io.js";
import { databaseSource, type StoreFlags, storePaths } from "./store-options.js";

/** What a read command asked for, so that "not found" can name the flag that was wrong. */
export interface ReadQuery {
	/** `--use-case`, or null for a command that reads every use case. */
	readonly useCase: string | null;
	readonly benchmarkVersion?: string | undefined;
	readonly caseId?: string | undefined;
}

/**
 * Opens the store of `--db` / TOUCHSTONE_DB (see storePaths) read-only for a read command, runs
 * `read` and closes it. A missing store is bad input that says how to get one, never an empty
 * answer that looks like "no results"; so is a use case, version or case the store does not hold.
 */
export function withReadStore<T>(io: CliIo, flags: StoreFlags, query: ReadQuery, read: (store: Store) => T): T {
	const paths = existingStorePaths(io, flags, query.useCase);
	const store = openStore({ ...paths, readonly: true });
	try {
		return read(store);
	} catch (error) {
		if (error instanceof NotFoundError && query.useCase !== null)
			throw notFoundAsBadInput(store, error, { ...query, useCase: query.useCase });
		throw error;
	} finally {
		store.close();
	}
}

/** The store's paths, or bad input saying how to get a store when there is none there yet. */
export function existingStorePaths(io: CliIo, flags: StoreFlags, useCaseId: string | null): StorePaths {
	const paths = storePaths(io, flags);
	if (!existsSync(paths.database))
		throw new BadInputError("There are no results to read.", [
			{
				source: databaseSource(io, flags),
				line: null,
				column: null,
				path: "",
				message: `there is no store at ${paths.database} yet`,
				fix: `${useCaseId === null ? "run a use case first (touchstone run --use-case ID, or touchstone demo)" : useCaseId.startsWith(SPRINT_USE_CASE_PREFIX) ? `run it first (touchstone sprint run --sprint ${useCaseId.slice(SPRINT_USE_CASE_PREFIX.length)} --model ID)` : `run it first (touchstone run --use-case ${useCaseId})`}, or point --db (or TOUCHSTONE_DB) at a store`,
			},
		]);
	return paths;
}

/**
 * Turns "the store holds no such use case, version or case" into bad input on the flag that
 * named it, with what the store does hold: a typo is the user's to fix (exit 2), not a failure.
 */
export function notFoundAsBadInput(
	store: Store,
	error: NotFoundError,
	query: ReadQuery & { readonly useCase: string },
): BadInputError {
	const issue = (source: string, fix: string) =>
		new BadInputError("Nothing to show.", [
			{ source, line: null, column: null, path: "", message: error.message, fix },
		]);
	const useCases = [...new Set(store.listSpecs().map((spec) => spec.use_case_id))].sort();
	if (!useCases.includes(query.useCase) || store.currentSpec(query.useCase) === null)
		return issue(
			"--use-case",
			useCases.length === 0
				? `run it first: touchstone run --use-case ${query.useCase}`
				: `use cases with results: ${useCases.join(", ")} (or run this one first: touchstone run --use-case ${query.useCase})`,
		);
	if (query.benchmarkVersion !== undefined && store.getSpec(query.benchmarkVersion)?.use_case_id !== query.useCase)
		return issue(
			"--benchmark-version",
			`versions of ${query.useCase}: ${store
				.listSpecs(query.useCase)
				.map((spec) => spec.benchmark_version)
				.join(", ")} (or leave the flag out for the current one)`,
		);
	if (query.caseId !== undefined) {
		const document = resolveSpec(store, query.useCase, query.benchmarkVersion).spec as unknown as SpecDocument;
		const ids = document.cases.map((item) => item.id);
		return issue(
			"--case",
			`cases of this version: ${ids.slice(0, 10).join(", ")}${ids.length > 10 ? `, … (${ids.length} in all; touchstone matrix lists them)` : ""}`,
		);
	}
	return issue("--use-case", `use cases with results: ${useCases.join(", ")}`);
}

import { existsSync, realpathSync } from "node:fs";
import { BadInputError, type InputIssue } from "../../contract/index.js";
import type { SpecSnapshotInput, Store, StoredSpec } from "../../store/index.js";
import { type SourceWrite, specToExtend, writeSource } from "../imported/index.js";
import { ArtifactCopier } from "./artifact-copier.js";
import { foreignCell } from "./foreign-cells.js";
import { foreignUseCases, readForeignUseCase } from "./foreign-use-case.js";
import { defaultForeignArtifacts, openForeignStore } from "./open-foreign-store.js";
import { checkSourceName } from "./source-name.js";

/** What to mirror from another store. */
export interface StoreIngestRequest {
	/** The other store's database. */
	readonly from: string;
	/** Its artifacts folder; default `artifacts/` beside the database, as touchstone lays a store out. */
	readonly from_artifacts?: string | undefined;
	/** The source every mirrored row is tagged with; a later sync of the same source replaces exactly them. */
	readonly source: string;
	/** The use cases to mirror; empty or absent: every one with a current spec there. */
	readonly use_cases?: readonly string[] | undefined;
	/** Also mirror rows the other store itself ingested from a third source (off: no re-federation loops). */
	readonly include_ingested?: boolean | undefined;
}

/** What one use case's sync wrote. */
export interface UseCaseIngest extends SourceWrite {
	/** True when this store already had that version current (the same definitions run here, or an earlier sync). */
	readonly joined: boolean;
	/** Of the runs written, harness errors (counted and shown, as there). */
	readonly harness_errors: number;
	/** Runs written with a warning that an artifact was not available. */
	readonly runs_with_warnings: number;
	/** Current runs there left out because that store ingested them itself. */
	readonly left_out_ingested: number;
	/** Rows there of older definitions, not mirrored. */
	readonly stale_left_out: number;
}

/** A use case a sync passed over, and why. */
export interface SkippedUseCase {
	readonly use_case_id: string;
	readonly reason: string;
}

/** What a sync of another store did. */
export interface StoreIngest {
	readonly source: string;
	readonly from: string;
	readonly from_artifacts: string;
	/** Whether the artifacts folder was there (without it only artifacts kept inside the database come). */
	readonly artifacts_folder_found: boolean;
	readonly use_cases: readonly UseCaseIngest[];
	readonly skipped: readonly SkippedUseCase[];
	/** Artifacts written here by this sync. */
	readonly artifacts_copied: number;
	/** Distinct artifacts the other store could not give: their rows came without them, each with a warning. */
	readonly artifacts_unavailable: number;
}

/**
 * Mirrors another touchstone store into this one (federated ingest): for each use case, its
 * current spec snapshot (the same version, spec hash and document, so every cell key stays valid;
 * `home_repo` is `SOURCE@<version>`) and the runs current under it with their scores and
 * artifacts, tagged with `source`. The other store is only read. Every use case is checked
 * before any is written: one whose current spec here is touchstone's own of another version, or
 * another source's, is refused. Re-runnable: each sync replaces only its own source's rows.
 */
export function ingestStore(store: Store, request: StoreIngestRequest): StoreIngest {
	const source = checkSourceName(request.source);
	refuseSelf(store, request.from);
	const fromArtifacts = request.from_artifacts ?? defaultForeignArtifacts(request.from);
	const foreign = openForeignStore(request.from, fromArtifacts);
	try {
		const includeIngested = request.include_ingested === true;
		const { planned, skipped } = plan(store, foreign, source, request.use_cases ?? [], includeIngested);
		const copier = new ArtifactCopier(foreign, store);
		const origin = { source, from: request.from, ingested_at: new Date().toISOString() };
		const written: UseCaseIngest[] = [];
		for (const { useCaseId, joined } of planned) {
			const read = readForeignUseCase(foreign, useCaseId, includeIngested);
			if (read === null) continue;
			const cells = read.runs.map((run) => foreignCell(run, read.scores.get(run.run_id) ?? [], copier, origin));
			// Runs kept current from an earlier version there carry that version: its snapshot comes too.
			for (const version of new Set(read.runs.map((run) => run.benchmark_version)))
				if (version !== read.spec.benchmark_version) {
					const older = foreign.getSpec(version);
					if (older !== null) store.freezeSpec(mirroredSpec(older, source), { ingest_source: source });
				}
			const write = writeSource(store, {
				use_case_id: useCaseId,
				source,
				spec: mirroredSpec(read.spec, source),
				cells,
			});
			written.push({
				...write,
				joined,
				harness_errors: cells.filter((cell) => cell.run.status === "harness_error").length,
				runs_with_warnings: cells.filter(
					(cell, index) => (cell.run.warnings?.length ?? 0) > (read.runs[index]?.warnings?.length ?? 0),
				).length,
				left_out_ingested: read.left_out_ingested,
				stale_left_out: read.stale,
			});
		}
		return {
			source,
			from: request.from,
			from_artifacts: fromArtifacts,
			artifacts_folder_found: existsSync(fromArtifacts),
			use_cases: written,
			skipped,
			artifacts_copied: copier.copied,
			artifacts_unavailable: copier.unavailable,
		};
	} finally {
		foreign.close();
	}
}

/** The foreign snapshot as frozen here: identical but for where it lives. */
function mirroredSpec(spec: StoredSpec, source: string): SpecSnapshotInput {
	return {
		benchmark_version: spec.benchmark_version,
		use_case_id: spec.use_case_id,
		spec_hash: spec.spec_hash,
		spec: spec.spec,
		home_repo: `${source}@${spec.benchmark_version}`,
		methodology: spec.methodology,
	};
}

interface Planned {
	readonly useCaseId: string;
	readonly joined: boolean;
}

/**
 * The use cases to write, each checked against this store first (so a refusal writes nothing),
 * and those passed over: a use case whose spec there is itself ingested and that has no rows of
 * that store's own is left out unless `includeIngested`, so two stores ingesting each other never
 * mirror their mirrors back.
 */
function plan(
	store: Store,
	foreign: Store,
	source: string,
	requested: readonly string[],
	includeIngested: boolean,
): { planned: Planned[]; skipped: SkippedUseCase[] } {
	const available = foreignUseCases(foreign);
	const unknown = [...new Set(requested)].filter((id) => !available.includes(id));
	if (unknown.length > 0)
		throw new BadInputError(
			"No such use case in the store to ingest.",
			unknown.map((id) => ({
				source: "--use-case",
				line: null,
				column: null,
				path: id,
				message: `the store at ${foreign.paths.database} has no use case ${id} with a current spec`,
				fix:
					available.length === 0
						? "that store has no results yet: run something there first"
						: `use cases there: ${available.join(", ")}`,
			})),
		);
	const planned: Planned[] = [];
	const skipped: SkippedUseCase[] = [];
	const issues: InputIssue[] = [];
	for (const useCaseId of requested.length === 0 ? available : [...new Set(requested)]) {
		const spec = foreign.currentSpec(useCaseId) as StoredSpec;
		if (spec.ingest_source !== null && !includeIngested) {
			const read = readForeignUseCase(foreign, useCaseId, false);
			if (read !== null && read.runs.length === 0) {
				skipped.push({
					use_case_id: useCaseId,
					reason: `its spec there was ingested from ${spec.ingest_source} and it has no rows of its own (pass --include-ingested to mirror them)`,
				});
				continue;
			}
		}
		try {
			const current = specToExtend(
				store,
				useCaseId,
				"--use-case",
				(here) => here.benchmark_version === spec.benchmark_version || here.ingest_source === source,
			);
			planned.push({ useCaseId, joined: current?.benchmark_version === spec.benchmark_version });
		} catch (error) {
			if (!(error instanceof BadInputError)) throw error;
			issues.push(
				...error.issues.map((issue) => ({
					...issue,
					message: `${issue.message} (it is at ${store.currentSpec(useCaseId)?.benchmark_version}, the store to ingest at ${spec.benchmark_version})`,
					fix: "leave it out (name the others with --use-case), or ingest into a store of its own (--db)",
				})),
			);
		}
	}
	if (issues.length > 0)
		throw new BadInputError("Nothing was ingested: some use cases here cannot take the rows.", issues);
	return { planned, skipped };
}

/** Refuses ingesting a store into itself (its rows would be mirrored over its own). */
function refuseSelf(store: Store, from: string): void {
	if (!existsSync(from) || !existsSync(store.paths.database)) return;
	if (realpathSync(from) !== realpathSync(store.paths.database)) return;
	throw new BadInputError("A store cannot ingest itself.", [
		{
			source: "--from",
			line: null,
			column: null,
			path: from,
			message: "is this store's own database",
			fix: "name another machine's store, or point --db at the store to ingest into",
		},
	]);
}

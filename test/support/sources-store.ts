import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
	ingestStore,
	ingestSummary,
	readPromptfooResults,
	type UseCaseIngest,
	writeImported,
} from "../../src/orchestrator/index.js";
import { openStore, type SpecSnapshotInput, type Store } from "../../src/store/index.js";
import { leaderboard } from "../../src/views/index.js";
import { fixtureCell, fixtureSpec, fixtureStore, recordFixture } from "../ingest/foreign-fixture.js";
import { tempDir } from "./cli.js";

/** The promptfoo results file the import reads (made by promptfoo 0.123.1 itself, see test/fixtures/promptfoo). */
export const PROMPTFOO_FILE = fileURLToPath(new URL("../fixtures/promptfoo/greetings.json", import.meta.url));

/**
 * A store holding results from four places, laid out where the CLI looks (`ROOT/data`):
 *
 * - `agentic` (3 cases), one version shared by this store and another: `m/local` ran here on every
 *   case; `m/b` was ingested from the store `lab` on every case; `m/a` ran case c0 here and came
 *   from `lab` on c1 and c2 (a row of two origins); `m/c` is known only from the summary `far`
 *   (an aggregate row, 3 cases).
 * - `summaries-only` (2 cases): known only from `far`'s summary (model `m/z`), no spec here.
 * - `greeting-check`: promptfoo's results file imported (source `promptfoo:<evalId>`).
 */
export interface SourcesStore {
	/** The project folder: `data/benchmarks.db` and `data/artifacts` inside. */
	readonly root: string;
	readonly paths: { readonly database: string; readonly artifacts: string };
	/** The open store (close it before a CLI process writes to it). */
	readonly store: Store;
	/** The spec of `agentic`, here and in `lab` alike. */
	readonly spec: SpecSnapshotInput;
	/** What the ingest of `lab` wrote. */
	readonly ingest: UseCaseIngest;
	/** The import's source and use case. */
	readonly imported: { readonly source: string; readonly use_case_id: string; readonly sha256: string };
	/** Closes the store and removes every folder. */
	remove(): void;
}

/** Builds the store of {@link SourcesStore} with real writes: recorded cells, a federated ingest, a summary ingest, a promptfoo import. */
export function sourcesStore(): SourcesStore {
	const root = tempDir("touchstone-sources-");
	const paths = { database: join(root, "data", "benchmarks.db"), artifacts: join(root, "data", "artifacts") };
	const store = openStore(paths);
	const spec = fixtureSpec("agentic", 3, ["m/a", "m/b", "m/c", "m/local"]);
	recordFixture(store, spec, ["m/local"], () => true);
	store.recordCell(fixtureCell(store, spec, 0, "m/a", true));

	const lab = fixtureStore();
	const far = fixtureStore();
	try {
		recordFixture(lab.store, spec, ["m/b"], (index) => index !== 2);
		lab.store.recordCells([
			fixtureCell(lab.store, spec, 1, "m/a", true),
			fixtureCell(lab.store, spec, 2, "m/a", false),
		]);
		const ingested = ingestStore(store, { from: lab.database, source: "lab" });

		recordFixture(far.store, spec, ["m/c"], (index) => index === 0);
		const only = fixtureSpec("summaries-only", 2, ["m/z"]);
		recordFixture(far.store, only, ["m/z"], () => true);
		const summary = join(far.folder, "boards.json");
		writeFileSync(
			summary,
			JSON.stringify([leaderboard(far.store, "agentic"), leaderboard(far.store, "summaries-only")]),
		);
		ingestSummary(store, { from: summary, source: "far" });

		const evaluation = readPromptfooResults(PROMPTFOO_FILE);
		writeImported(store, evaluation);
		return {
			root,
			paths,
			store,
			spec,
			ingest: ingested.use_cases[0] as UseCaseIngest,
			imported: { source: evaluation.source, use_case_id: evaluation.use_case_id, sha256: evaluation.file.sha256 },
			remove() {
				store.close();
				rmSync(root, { recursive: true, force: true });
			},
		};
	} finally {
		lab.remove();
		far.remove();
	}
}

/** The first case of a use case's current spec (the imported use case's ids come from promptfoo's tests). */
export function firstCase(store: Store, useCaseId: string): string {
	const cases = (store.currentSpec(useCaseId)?.spec as { cases?: { id: string }[] } | undefined)?.cases ?? [];
	const first = cases[0];
	if (first === undefined) throw new Error(`use case ${useCaseId} has no case`);
	return first.id;
}

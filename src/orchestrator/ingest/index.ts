/**
 * Federated ingest: mirroring another touchstone store (per-case rows, read-only against it) or
 * its saved leaderboard (aggregate rows) into this one, tagged with a source whose rows a later
 * sync replaces, and only those.
 */
export type { CopiedArtifact } from "./artifact-copier.js";
export type { IngestOrigin } from "./foreign-cells.js";
export {
	ingestStore,
	type SkippedUseCase,
	type StoreIngest,
	type StoreIngestRequest,
	type UseCaseIngest,
} from "./ingest-store.js";
export {
	ingestSummary,
	type SummaryIngest,
	type SummaryIngestRequest,
	type SummaryUseCaseIngest,
} from "./ingest-summary.js";
export { defaultForeignArtifacts, INGEST_MIN_SCHEMA, openForeignStore } from "./open-foreign-store.js";
export { checkSourceName } from "./source-name.js";
export { isSqliteHeader, readSummaryFile, type SummaryFile } from "./summary-file.js";

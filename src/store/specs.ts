import { type JsonObject, NotFoundError, StoreError, writeCanonical } from "../contract/index.js";
import { ingestSourceOf, type StoreContext, utcNow, type WriteOptions } from "./context.js";

/** A frozen spec of one use case, as handed to the store before any of its results. */
export interface SpecSnapshotInput {
	/** Content hash of the frozen spec: the benchmark version. */
	readonly benchmark_version: string;
	/** Use case the spec belongs to. */
	readonly use_case_id: string;
	/** Hash of `spec`, as the definitions layer computed it. */
	readonly spec_hash: string;
	/** The frozen spec (cases, graders, judge panel version, harness config, per-case cell-key parts). */
	readonly spec: JsonObject;
	/** Repository the definitions live in, when known. */
	readonly home_repo: string | null;
	/** How the use case is measured, in words, as shown next to its results. */
	readonly methodology: string;
}

/** A stored spec snapshot. */
export interface StoredSpec extends SpecSnapshotInput {
	/** Source of a federated ingest, null for snapshots frozen here. */
	readonly ingest_source: string | null;
	/** When the snapshot was frozen (UTC ISO-8601). */
	readonly created_at: string;
}

/** Canonical documents larger than this are written through a page cache of {@link LARGE_SPEC_CACHE_KIB}. */
const LARGE_SPEC_BYTES = 1024 * 1024;
const LARGE_SPEC_CACHE_KIB = 512;

interface SpecRow extends Omit<StoredSpec, "spec"> {
	readonly spec_json: string;
}

/**
 * Freezes a spec snapshot. The first write of a version wins: freezing it again with the same
 * spec hash is a no-op (`inserted: false`); with a different hash or use case it is refused.
 */
export function freezeSpec(
	context: StoreContext,
	input: SpecSnapshotInput,
	options?: WriteOptions,
): { inserted: boolean } {
	// Only the identity of a frozen spec is compared: parsing its document (50,000 cases in a
	// large pack) to learn that nothing needs writing would cost more than the check.
	const existing = context.statements
		.get("SELECT use_case_id, spec_hash FROM spec_snapshots WHERE benchmark_version = ?")
		.get(input.benchmark_version) as { use_case_id: string; spec_hash: string } | undefined;
	if (existing !== undefined) {
		if (existing.spec_hash !== input.spec_hash || existing.use_case_id !== input.use_case_id)
			throw new StoreError(
				`benchmark version ${input.benchmark_version} is already frozen for use case ${existing.use_case_id} with spec hash ${existing.spec_hash}; refusing use case ${input.use_case_id} with spec hash ${input.spec_hash} (a version is the hash of its spec, so this is a bug in whoever computed it)`,
			);
		return { inserted: false };
	}
	const json = canonicalUtf8(input.spec);
	// A large document is written through a small page cache: its pages would otherwise fill the
	// connection's cache (8 MB) at the moment the bytes themselves are held three times over.
	const cacheSize = json.length > LARGE_SPEC_BYTES ? context.database.pragma("cache_size", { simple: true }) : null;
	if (cacheSize !== null) context.database.pragma(`cache_size = -${LARGE_SPEC_CACHE_KIB}`);
	let result: { changes: number };
	try {
		result = context.statements
			.get(
				`INSERT INTO spec_snapshots (benchmark_version, use_case_id, spec_hash, spec_json, home_repo, methodology, ingest_source, created_at)
			VALUES (?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?)`,
			)
			.run(
				input.benchmark_version,
				input.use_case_id,
				input.spec_hash,
				json,
				input.home_repo,
				input.methodology,
				ingestSourceOf(options),
				utcNow(),
			);
	} finally {
		if (cacheSize !== null) context.database.pragma(`cache_size = ${cacheSize}`);
	}
	return { inserted: result.changes === 1 };
}

/**
 * Makes `benchmarkVersion` the current version of its use case, unless it already is
 * (`activated: false`). Reverting to an older version activates its stored snapshot again.
 */
export function activateSpec(
	context: StoreContext,
	useCaseId: string,
	benchmarkVersion: string,
): { activated: boolean } {
	// Only the snapshot's use case is checked: parsing its document (and keeping it parsed for the
	// whole run) would cost a large pack tens of megabytes.
	const frozen = context.statements
		.get("SELECT use_case_id FROM spec_snapshots WHERE benchmark_version = ?")
		.get(benchmarkVersion) as { use_case_id: string } | undefined;
	if (frozen === undefined)
		throw new NotFoundError(
			`no spec snapshot for benchmark version ${benchmarkVersion}; freeze it before activating it`,
		);
	if (frozen.use_case_id !== useCaseId)
		throw new StoreError(
			`benchmark version ${benchmarkVersion} belongs to use case ${frozen.use_case_id}, not ${useCaseId}`,
		);
	if (currentVersion(context, useCaseId) === benchmarkVersion) return { activated: false };
	context.statements
		.get("INSERT INTO spec_activations (use_case_id, benchmark_version, activated_at) VALUES (?, ?, ?)")
		.run(useCaseId, benchmarkVersion, utcNow());
	return { activated: true };
}

/** The snapshot most recently activated for `useCaseId`, or null when none was. */
export function currentSpec(context: StoreContext, useCaseId: string): StoredSpec | null {
	const version = currentVersion(context, useCaseId);
	return version === null ? null : getSpec(context, version);
}

/** Parsed snapshots kept per connection: a version's document never changes (it is its hash). */
const parsedSpecs = new WeakMap<StoreContext, Map<string, StoredSpec>>();
/** Snapshots kept parsed per connection (a large one is a few MB of objects). */
const PARSED_SPECS = 16;

/**
 * The snapshot of `benchmarkVersion`, or null when the store has none. Parsed once per
 * connection and kept (a version is the hash of its document, so it cannot change): every read
 * of the API starts here, and a 2,000-case spec takes milliseconds to parse.
 */
export function getSpec(context: StoreContext, benchmarkVersion: string): StoredSpec | null {
	let cache = parsedSpecs.get(context);
	if (cache === undefined) {
		cache = new Map();
		parsedSpecs.set(context, cache);
	}
	const cached = cache.get(benchmarkVersion);
	if (cached !== undefined) return cached;
	const row = context.statements.get("SELECT * FROM spec_snapshots WHERE benchmark_version = ?").get(benchmarkVersion);
	if (row === undefined) return null;
	const spec = specFromRow(row as SpecRow);
	// A federated ingest may replace its own snapshots: only native ones are kept.
	if (spec.ingest_source !== null) return spec;
	if (cache.size >= PARSED_SPECS) cache.delete(cache.keys().next().value as string);
	cache.set(benchmarkVersion, spec);
	return spec;
}

/** Every snapshot, or those of one use case, oldest first. */
export function listSpecs(context: StoreContext, useCaseId?: string): StoredSpec[] {
	const rows =
		useCaseId === undefined
			? context.statements.get("SELECT * FROM spec_snapshots ORDER BY created_at, rowid").all()
			: context.statements
					.get("SELECT * FROM spec_snapshots WHERE use_case_id = ? ORDER BY created_at, rowid")
					.all(useCaseId);
	return rows.map((row) => specFromRow(row as SpecRow));
}

/** How many snapshots each use case has, without reading their documents. */
export function specVersionCounts(context: StoreContext): Map<string, number> {
	const rows = context.statements
		.get("SELECT use_case_id, count(*) AS versions FROM spec_snapshots GROUP BY use_case_id")
		.all() as { use_case_id: string; versions: number }[];
	return new Map(rows.map((row) => [row.use_case_id, row.versions]));
}

function currentVersion(context: StoreContext, useCaseId: string): string | null {
	const row = context.statements
		.get("SELECT benchmark_version FROM spec_activations WHERE use_case_id = ? ORDER BY activation_id DESC LIMIT 1")
		.get(useCaseId) as { benchmark_version: string } | undefined;
	return row?.benchmark_version ?? null;
}

function specFromRow({ spec_json, ...row }: SpecRow): StoredSpec {
	return { ...row, spec: JSON.parse(spec_json) as JsonObject };
}

/**
 * The canonical JSON of a spec as UTF-8 bytes, built chunk by chunk: a spec of 50,000 cases is
 * about 11 MB of text, and as one JavaScript string (then copied to UTF-8 by the driver) it
 * doubled the peak memory of a large run.
 */
function canonicalUtf8(value: JsonObject): Buffer {
	// Two passes, so the text exists once, in a buffer of its exact size: gathering chunks and
	// concatenating them held it twice, 22 MB for a 50,000-case spec.
	let size = 0;
	writeCanonical(value, (chunk) => {
		size += Buffer.byteLength(chunk, "utf8");
	});
	const text = Buffer.allocUnsafe(size);
	let at = 0;
	writeCanonical(value, (chunk) => {
		at += text.write(chunk, at, "utf8");
	});
	return text;
}

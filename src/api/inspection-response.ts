import { z } from "zod";
import { ATTEMPT_STATUSES, CASE_KINDS, SCORE_TYPES, STEP_KINDS } from "../contract/index.js";
import { OWNER_RATING_LABELS } from "../store/index.js";
import { SAMPLE_ORIGIN_KINDS } from "../views/index.js";
import { anyJson, count, freeObject, modelHarness, nullableNumber, nullableString, timestamp } from "./schema-parts.js";

/** One case as the spec snapshot freezes it. */
export const specCase = z.strictObject({
	id: z.string(),
	version: z.string(),
	kind: z.enum(CASE_KINDS),
	threshold: z.number().describe("The headline value at or above which an attempt passes."),
	input_hash: z.string().describe("Hash of the resolved input."),
	key_part: z.string().describe("The case's part of every cell key."),
});

const step = z.strictObject({
	kind: z.enum(STEP_KINDS),
	content: z.string(),
	tool: nullableString,
	arguments: freeObject.nullable(),
	is_error: z.boolean(),
	tokens: nullableNumber,
	at_ms: nullableNumber.describe("Milliseconds from the attempt's start."),
});

const telemetry = z.strictObject({
	cost_usd: nullableNumber,
	latency_ms: nullableNumber,
	ttft_ms: nullableNumber,
	input_tokens: nullableNumber,
	output_tokens: nullableNumber,
	cache_tokens: nullableNumber,
	tokens_per_sec: nullableNumber,
	turns: nullableNumber,
});

const juryVote = z.strictObject({
	juror: z.string().describe("Registry id of the juror model."),
	fields: z
		.record(z.string(), z.union([z.number(), z.boolean()]))
		.nullable()
		.describe("The rubric's numeric and boolean fields; null when the vote failed."),
	rationale: nullableString,
	error: nullableString.describe("Why the vote failed; null for a valid vote."),
	raw: z
		.array(z.string())
		.optional()
		.describe("The juror's replies as received (the first, and the retry after an unusable one), when kept."),
	usage: z
		.strictObject({
			input_tokens: nullableNumber.describe("Prompt tokens of the juror's calls (the retry included)."),
			output_tokens: nullableNumber.describe("Generated tokens of the juror's calls."),
			cost_usd: nullableNumber.describe("USD, billed or priced; null when unknown, never 0 for unknown."),
		})
		.nullable()
		.optional()
		.describe("What asking the juror cost; null when a call failed; absent on votes stored before it was recorded."),
});

const score = z.strictObject({
	metric: z.string(),
	score_type: z.enum(SCORE_TYPES),
	value: nullableNumber,
	value_label: nullableString,
	confidence: nullableNumber,
	inter_judge_disagreement: nullableNumber,
	critical_failure: z.boolean(),
	gate_meta: freeObject.nullable().describe("Which gate tripped, its cap and its votes."),
	grader_version: z.string(),
	judge_panel_version: nullableString,
	reasoning: nullableString,
	jury_votes: z.array(juryVote).nullable(),
	extras: freeObject.nullable().describe("The grader's own record (a verifier's exit code and sandbox, checks)."),
});

const sample = z.strictObject({
	run_id: z.string(),
	sample_index: count,
	status: z.enum(ATTEMPT_STATUSES),
	error: nullableString,
	grader_error: nullableString,
	output: nullableString.describe("The model's final output."),
	trace: z.array(step).describe("The steps of an agentic attempt; empty for single-shot."),
	diff: nullableString.describe("The workspace diff of a task attempt."),
	redactions: count
		.nullable()
		.describe(
			"Secrets replaced by `<redacted>` in what the run stored; null on runs recorded before they were counted.",
		),
	telemetry,
	warnings: z
		.array(z.string())
		.nullable()
		.describe("What the run's figures and output should be read with; null for runs stored before warnings were kept."),
	scores: z.array(score),
	owner_rating: z
		.strictObject({
			rating: z.number(),
			label: z.enum(OWNER_RATING_LABELS).nullable(),
			note: nullableString,
			created_at: timestamp,
		})
		.nullable(),
	started_at: nullableString,
	ingest_source: nullableString.describe(
		"The source a federated ingest or an import tagged the run with; null when this store recorded it.",
	),
	origin: z
		.strictObject({
			kind: z
				.enum(SAMPLE_ORIGIN_KINDS)
				.describe(
					"ingest: mirrored from another touchstone store; import: read from another tool's results file; tagged: a source its provenance does not describe.",
				),
			format: nullableString.describe("Import: the importer's format (`promptfoo`)."),
			file: z
				.strictObject({ path: z.string(), sha256: z.string() })
				.nullable()
				.describe("Import: the file read, its path as resolved then and its sha256."),
			home_repo: nullableString.describe("Ingest: where its definitions live, `SOURCE@<benchmark version>`."),
			from: nullableString.describe("Ingest: the other store's database as named at the sync."),
			foreign_run_id: nullableString.describe("Ingest: the run's id in that store."),
			ingested_at: nullableString.describe("Ingest: when the sync read it."),
		})
		.nullable()
		.describe("Where the run came from, as its provenance says; null when this store recorded it."),
});

/** `GET inspector`. */
export const inspectionResponse = z.strictObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	headline_metric: z.string(),
	case: specCase,
	home_repo: nullableString.describe(
		"Where the spec's definitions live (`SOURCE@<version>` for an ingest, `format:file@sha` for an import); null for this store's own.",
	),
	spec_ingest_source: nullableString.describe(
		"The source that wrote the spec snapshot (an ingest or an import); null when this store froze it.",
	),
	sources: z
		.array(z.string())
		.describe("Distinct sources of the samples shown, sorted; [] when this store recorded every one."),
	input: anyJson.describe("The resolved input the models were given; null when none ran."),
	models: z.array(
		z.strictObject({
			...modelHarness,
			headline: nullableNumber,
			passed: z.boolean().nullable(),
			samples: z.array(sample),
		}),
	),
	stale_rows: count,
	artifact_errors: z.array(z.string()).describe("Artifacts that could not be read; their content shows as null."),
});

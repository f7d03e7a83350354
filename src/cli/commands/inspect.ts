import type { Command } from "commander";
import { describeScore, type InspectedSample, type Inspection, inspectCase } from "../../views/index.js";
import { CliFailure } from "../exit-codes.js";
import { formatCost, formatMs, formatScore } from "../format.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { performanceLines } from "../performance-lines.js";
import { withReadStore } from "../read-store.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";

/** Characters of an output shown per sample; --json shows all of it. */
const OUTPUT_PREVIEW = 600;

/**
 * `touchstone inspect`: one case side by side across models (outputs, metrics, votes, ratings).
 * Exits 1 when an artifact of the case cannot be read, after showing everything else.
 */
export function registerInspectCommand(program: Command, io: CliIo): void {
	withStoreOptions(program.command("inspect"), "reads")
		.description("show one case across models: outputs, every metric, each juror's vote, owner ratings")
		.requiredOption("--use-case <id>", "the use case")
		.requiredOption("--case <id>", "the case")
		.option("--benchmark-version <version>", "pin a frozen spec instead of the current one")
		.option("--json", "print everything as JSON (the API's shape), traces and diffs included")
		.action((options: StoreFlags & { useCase: string; case: string; benchmarkVersion?: string; json?: boolean }) => {
			const query = { useCase: options.useCase, benchmarkVersion: options.benchmarkVersion, caseId: options.case };
			const inspection = withReadStore(io, options, query, (store) =>
				inspectCase(store, options.useCase, options.case, { benchmarkVersion: options.benchmarkVersion }),
			);
			if (options.json) printJson(io, inspection);
			else printInspection(io, inspection);
			const unread = inspection.artifact_errors.length;
			if (unread > 0)
				throw new CliFailure(
					"artifact-unreadable",
					`${unread} artifact${unread === 1 ? "" : "s"} of case ${options.case} could not be read (missing, corrupted or not a regular file)`,
					"run touchstone verify to list every damaged artifact, then restore them from a copy of the artifacts folder",
				);
		});
}

function printInspection(io: CliIo, inspection: Inspection): void {
	const { case: item } = inspection;
	printLine(
		io,
		`${inspection.use_case_id} (${inspection.benchmark_version}) case ${item.id} (${item.kind}, threshold ${item.threshold}), headline: ${inspection.headline_metric}`,
	);
	if (inspection.home_repo !== null || inspection.spec_ingest_source !== null)
		printLine(
			io,
			`definitions: ${inspection.home_repo ?? "unknown"}${inspection.spec_ingest_source === null ? "" : ` (written by ${inspection.spec_ingest_source})`}`,
		);
	if (inspection.sources.length > 0)
		printLine(io, `from elsewhere: samples of ${inspection.sources.join(", ")} (marked [source] below), not run here`);
	if (inspection.input !== null) printLine(io, `input: ${JSON.stringify(inspection.input)}`);
	if (inspection.models.length === 0) printLine(io, "no current runs of this case yet");
	for (const model of inspection.models) {
		printLine(io);
		const mark = model.passed === null ? "" : model.passed ? " ✓" : " ✗";
		printLine(io, `== ${model.model_id} (${model.harness}): ${formatScore(model.headline)}${mark}`);
		for (const sample of model.samples) printSample(io, sample);
	}
	if (inspection.stale_rows > 0) printLine(io, `\n${inspection.stale_rows} stale rows of older definitions left out`);
	for (const error of inspection.artifact_errors) printLine(io, `artifact error: ${error}`);
}

function printSample(io: CliIo, sample: InspectedSample): void {
	const telemetry = sample.telemetry;
	printLine(
		io,
		`-- sample ${sample.sample_index} (run ${sample.run_id})${sample.ingest_source === null ? "" : ` [${sample.ingest_source}]`}: ${sample.status}, ${formatMs(telemetry.latency_ms)}, ${formatCost(telemetry.cost_usd)}`,
	);
	const origin = describeSampleOrigin(sample);
	if (origin !== null) printLine(io, `   from: ${origin}`);
	if (sample.error !== null) printLine(io, `   error: ${sample.error}`);
	if (sample.grader_error !== null) printLine(io, `   grader error: ${sample.grader_error}`);
	for (const warning of sample.warnings ?? []) printLine(io, `   warning: ${warning}`);
	if (sample.redactions !== null && sample.redactions > 0)
		printLine(
			io,
			`   redacted: ${sample.redactions} secret${sample.redactions === 1 ? "" : "s"} replaced by <redacted>`,
		);
	if (sample.output !== null) {
		const output = sample.output.length > OUTPUT_PREVIEW ? `${sample.output.slice(0, OUTPUT_PREVIEW)}…` : sample.output;
		printLine(io, `   output: ${output.replaceAll("\n", "\n           ")}`);
	}
	if (sample.trace.length > 0) printLine(io, `   trace: ${sample.trace.length} steps (--json shows them)`);
	if (sample.diff === "") printLine(io, "   diff: no change to the workspace");
	else if (sample.diff !== null) printLine(io, `   diff: ${sample.diff.split("\n").length} lines (--json shows it)`);
	// Jurors vote once on every field; each metric's score points at the same votes.
	const shownVotes = new Set<string>();
	const shownPerformance = new Set<string>();
	for (const score of sample.scores) {
		const confidence = score.confidence === null ? "" : `, confidence ${formatScore(score.confidence)}`;
		printLine(io, `   ${score.metric}: ${describeScore(score, "-")}${confidence}`);
		if (score.reasoning !== null) printLine(io, `     reasoning: ${score.reasoning}`);
		for (const line of performanceLines(score.extras, shownPerformance)) printLine(io, `     ${line}`);
		const votes = JSON.stringify(score.jury_votes);
		if (score.jury_votes !== null && shownVotes.has(votes)) continue;
		shownVotes.add(votes);
		for (const vote of score.jury_votes ?? [])
			printLine(
				io,
				`     juror ${vote.juror}: ${vote.error === null ? JSON.stringify(vote.fields) : `failed (${vote.error})`}${vote.rationale === null ? "" : ` - ${vote.rationale}`}`,
			);
	}
	if (sample.owner_rating !== null)
		printLine(
			io,
			`   owner rating: ${sample.owner_rating.rating}${sample.owner_rating.label === null ? "" : ` (${sample.owner_rating.label})`}${sample.owner_rating.note === null ? "" : ` - ${sample.owner_rating.note}`}`,
		);
}

/** Where a sample from elsewhere came from, in a line: the other store and its run, or the imported file; null for this store's. */
function describeSampleOrigin(sample: InspectedSample): string | null {
	const { origin, ingest_source: source } = sample;
	if (origin === null || source === null) return null;
	const file = origin.file === null ? "" : ` ${origin.file.path} (sha256 ${origin.file.sha256})`;
	if (origin.kind === "import")
		return `${source}, imported${origin.format === null ? "" : ` from ${origin.format}`}${file}`;
	if (origin.kind === "ingest")
		return `${source}, ingested from ${origin.from ?? "another store"}${origin.foreign_run_id === null ? "" : ` (run ${origin.foreign_run_id} there)`}${origin.ingested_at === null ? "" : ` at ${origin.ingested_at}`}; definitions ${origin.home_repo ?? "unknown"}${file === "" ? "" : `; imported there from${file}`}`;
	return `${source} (its provenance does not say how it came)`;
}

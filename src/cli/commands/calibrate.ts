import { type Command, InvalidArgumentError } from "commander";
import { NotFoundError } from "../../contract/index.js";
import { openStore, type Store, type StoredCalibration } from "../../store/index.js";
import {
	BOOTSTRAP_MINIMUM_N,
	type CalibrationFigure,
	type CalibrationReport,
	calibrateUseCase,
	calibrationInput,
	currentRuns,
	DEFAULT_BOOTSTRAP,
} from "../../views/index.js";
import { positiveInteger } from "../flag-parsers.js";
import { formatPercent, formatScore } from "../format.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { existingStorePaths, notFoundAsBadInput } from "../read-store.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";
import { renderTable } from "../table.js";

/** How many unrated runs the empty-scope message suggests rating. */
const SUGGESTED_RUNS = 5;

/**
 * `touchstone calibrate`: the jury's report card against the owner's ratings. Prints it and
 * appends it to `calibration_results`; with no owner-rated current run there is nothing to
 * compare, so it says how to rate, records nothing and still exits 0.
 */
export function registerCalibrateCommand(program: Command, io: CliIo): void {
	withStoreOptions(program.command("calibrate"), "reads and writes")
		.description("compare the jury's headline with your own ratings, and jurors with each other; record the result")
		.requiredOption("--use-case <id>", "the use case to calibrate")
		.option("--benchmark-version <version>", "judge currency by this version's spec (default: the current one)")
		.option("--bootstrap-samples <n>", "resamples per bootstrap interval", positiveInteger, DEFAULT_BOOTSTRAP.samples)
		.option("--seed <n>", "seed of the bootstrap (same seed and store, same report)", seed, DEFAULT_BOOTSTRAP.seed)
		.option("--json", "print the report as JSON")
		.action(
			(
				options: StoreFlags & {
					useCase: string;
					benchmarkVersion?: string;
					bootstrapSamples: number;
					seed: number;
					json?: boolean;
				},
			) => {
				const store = openStore(existingStorePaths(io, options, options.useCase));
				try {
					const report = calibrate(store, options.useCase, {
						benchmarkVersion: options.benchmarkVersion,
						bootstrap: { samples: options.bootstrapSamples, seed: options.seed },
					});
					const recorded = report.n > 0 ? store.recordCalibration(calibrationInput(report)) : null;
					if (options.json) printJson(io, { calibration_id: recorded?.calibration_id ?? null, report });
					else printReportCard(io, store, report, recorded);
				} finally {
					store.close();
				}
			},
		);
}

function seed(value: string): number {
	const parsed = Number(value);
	if (!Number.isInteger(parsed) || parsed < 0 || parsed > 0xffffffff)
		throw new InvalidArgumentError(`expected a whole number from 0 to 4294967295, got "${value}".`);
	return parsed;
}

/** Calibrates, turning "no such use case or version in the store" into bad input naming what there is. */
function calibrate(
	store: Store,
	useCaseId: string,
	options: Parameters<typeof calibrateUseCase>[2],
): CalibrationReport {
	try {
		return calibrateUseCase(store, useCaseId, options);
	} catch (error) {
		if (!(error instanceof NotFoundError)) throw error;
		throw notFoundAsBadInput(store, error, { useCase: useCaseId, benchmarkVersion: options?.benchmarkVersion });
	}
}

function printReportCard(io: CliIo, store: Store, report: CalibrationReport, recorded: StoredCalibration | null): void {
	printLine(
		io,
		`Calibration of ${report.use_case_id} (${report.benchmark_version}), jury headline: ${report.headline_metric}`,
	);
	printLine(io, describeScope(report));
	if (report.n === 0) printHowToRate(io, store, report);
	else {
		printLine(io);
		printFigures(io, report);
		printLine(io);
		printItems(io, report);
	}
	printLine(io);
	printJurors(io, report);
	printLine(io);
	const { definitions } = report;
	printLine(
		io,
		`Owner ratings ≥ ${definitions.ship_at_least} mean ship, ≤ ${definitions.reject_at_most} reject, between them edit (left out of kappa).`,
	);
	printLine(
		io,
		`Intervals: ${Math.round(definitions.level * 100)}% percentile bootstrap, ${definitions.bootstrap_samples} resamples, seed ${definitions.bootstrap_seed}, given from n ≥ ${definitions.bootstrap_minimum_n}.`,
	);
	printLine(
		io,
		recorded === null
			? "Nothing was recorded (no owner-rated runs)."
			: `Recorded as calibration #${recorded.calibration_id}.`,
	);
}

function describeScope(report: CalibrationReport): string {
	const { scope } = report;
	const left = [
		scope.rated_without_headline > 0 ? `${scope.rated_without_headline} rated without a jury headline` : null,
		scope.rated_not_current > 0 ? `${scope.rated_not_current} rated but no longer current` : null,
	].filter((part) => part !== null);
	return `${report.n} owner-rated run${report.n === 1 ? "" : "s"} compared, of ${scope.current_runs} current (${scope.unrated} unrated)${left.length > 0 ? `; left out: ${left.join(", ")}` : ""}.`;
}

function printHowToRate(io: CliIo, store: Store, report: CalibrationReport): void {
	printLine(io);
	printLine(io, "No owner-rated current runs with a jury headline yet, so there is nothing to compare the jury with.");
	printLine(io, "Rate outputs you have read: touchstone rate RUN_ID --label ship (or edit, reject, or --rating 0..1)");
	const rateable = currentRuns(store, report.use_case_id, report.benchmark_version).current.filter(
		(run) => run.status !== "harness_error" && run.grader_error === null,
	);
	if (rateable.length === 0) return;
	printLine(io, "Current runs you could rate:");
	for (const run of rateable.slice(0, SUGGESTED_RUNS))
		printLine(io, `  ${run.run_id}  case ${run.case_id}, ${run.model_id} (${run.harness}), sample ${run.sample_index}`);
	if (rateable.length > SUGGESTED_RUNS) printLine(io, `  … and ${rateable.length - SUGGESTED_RUNS} more`);
}

function printFigures(io: CliIo, report: CalibrationReport): void {
	const rows: [string, CalibrationFigure, (value: number) => string][] = [
		["agreement (1 − MAD)", report.agreement, fixed],
		["mean absolute delta", report.mean_absolute_delta, fixed],
		["signed bias (jury − owner)", report.signed_bias, signed],
		["RMSE", report.rmse, fixed],
		["Spearman's rho", report.spearman, fixed],
		["Lin's concordance", report.lin_concordance, fixed],
		["Cohen's kappa (ship/reject vs pass)", report.cohen_kappa, fixed],
		["rejects caught by the critical gate", report.gate_catch_rate, (value) => formatPercent(value)],
	];
	printLine(
		io,
		renderTable(
			["figure", "value", `${Math.round(report.definitions.level * 100)}% interval`, "n"],
			rows.map(([name, figure, format]) => [
				name,
				figure.value === null ? "-" : format(figure.value),
				figure.interval === null
					? figure.n < BOOTSTRAP_MINIMUM_N
						? `- (n < ${BOOTSTRAP_MINIMUM_N})`
						: "-"
					: `${format(figure.interval.low)} .. ${format(figure.interval.high)}`,
				String(figure.n),
			]),
		),
	);
	for (const [name, figure] of rows) if (figure.reason !== null) printLine(io, `  ${name}: ${figure.reason}`);
}

function printItems(io: CliIo, report: CalibrationReport): void {
	printLine(
		io,
		renderTable(
			["run", "case", "model", "owner", "jury", "delta", "jury pass", "gate"],
			report.items.map((item) => [
				item.run_id,
				item.case_id,
				`${item.model_id} (${item.harness})${item.sample_index > 0 ? ` #${item.sample_index}` : ""}`,
				`${formatScore(item.owner)} ${item.owner_label ?? `(${item.owner_verdict})`}`,
				formatScore(item.jury),
				signed(item.delta),
				`${item.jury_pass ? "yes" : "no"} (≥ ${item.threshold})`,
				item.critical_failure ? "tripped" : "-",
			]),
		),
	);
}

function printJurors(io: CliIo, report: CalibrationReport): void {
	const { jurors } = report;
	if (jurors.runs_with_votes === 0) {
		printLine(io, "Agreement between jurors: no jury votes stored for the current runs.");
		return;
	}
	printLine(
		io,
		`Agreement between jurors, Krippendorff's alpha (${jurors.ids.length} jurors, ${jurors.runs_with_votes} runs with votes, ${jurors.votes} votes, ${jurors.failed_votes} failed${jurors.unreadable_artifacts > 0 ? `, ${jurors.unreadable_artifacts} unreadable vote files left out` : ""}):`,
	);
	printLine(
		io,
		renderTable(
			["field", "kind", "alpha", `${Math.round(report.definitions.level * 100)}% interval`, "runs", "votes"],
			jurors.fields.map(({ field, metric, alpha, values }) => [
				field,
				metric,
				alpha.value === null ? `- (${alpha.reason})` : fixed(alpha.value),
				alpha.interval === null
					? alpha.n < BOOTSTRAP_MINIMUM_N
						? `- (n < ${BOOTSTRAP_MINIMUM_N})`
						: "-"
					: `${fixed(alpha.interval.low)} .. ${fixed(alpha.interval.high)}`,
				String(alpha.n),
				String(values),
			]),
		),
	);
}

function fixed(value: number): string {
	return value.toFixed(3);
}

function signed(value: number): string {
	return `${value > 0 ? "+" : ""}${value.toFixed(3)}`;
}

import type { JsonObject } from "../contract/index.js";
import { ingestSourceOf, type StoreContext, utcNow, type WriteOptions } from "./context.js";

/** How well the jury agreed with owner ratings on one benchmark version of a use case. */
export interface CalibrationInput {
	/** The use case calibrated. */
	readonly use_case_id: string;
	/** The benchmark version whose runs were compared. */
	readonly benchmark_version: string;
	/** Number of owner-rated runs the report rests on. */
	readonly n: number;
	/** The report (agreement figures, per-metric detail) as the calibration view produced it. */
	readonly report: JsonObject;
}

/** A stored calibration result. */
export interface StoredCalibration extends CalibrationInput {
	/** Row id, increasing in write order. */
	readonly calibration_id: number;
	/** Source of a federated ingest, null for results computed here. */
	readonly ingest_source: string | null;
	/** When the row was written (UTC ISO-8601). */
	readonly created_at: string;
}

interface CalibrationRow extends Omit<StoredCalibration, "report"> {
	readonly report_json: string;
}

/** Records a calibration result. */
export function recordCalibration(
	context: StoreContext,
	input: CalibrationInput,
	options?: WriteOptions,
): StoredCalibration {
	const row = context.statements
		.get(
			`INSERT INTO calibration_results (use_case_id, benchmark_version, n, report_json, ingest_source, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
		)
		.get(
			input.use_case_id,
			input.benchmark_version,
			input.n,
			JSON.stringify(input.report),
			ingestSourceOf(options),
			utcNow(),
		);
	return calibrationFromRow(row as CalibrationRow);
}

/** Calibration results of a use case, oldest first. */
export function listCalibrations(context: StoreContext, useCaseId: string): StoredCalibration[] {
	return context.statements
		.get("SELECT * FROM calibration_results WHERE use_case_id = ? ORDER BY calibration_id")
		.all(useCaseId)
		.map((row) => calibrationFromRow(row as CalibrationRow));
}

function calibrationFromRow({ report_json, ...row }: CalibrationRow): StoredCalibration {
	return { ...row, report: JSON.parse(report_json) as JsonObject };
}

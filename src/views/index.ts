/**
 * The read layer: answers from the store alone (current rows, leaderboards), testable without
 * HTTP. It never imports the planner or the plugins: the spec snapshot carries what it needs.
 */

export {
	BOOTSTRAP_MINIMUM_N,
	CALIBRATION_LEVEL,
	type CalibrationFigure,
	type CalibrationItem,
	type CalibrationOptions,
	type CalibrationReport,
	calibrateUseCase,
	calibrationInput,
	DEFAULT_BOOTSTRAP,
	type JurorFieldAgreement,
	OWNER_LABEL_RATINGS,
	ownerVerdict,
	REJECT_AT_MOST,
	SHIP_AT_LEAST,
} from "./calibration.js";
export { type CurrentRuns, currentRuns } from "./current-runs.js";
export { type Leaderboard, type LeaderboardRow, leaderboard } from "./leaderboard.js";
export { mean, percentile } from "./percentile.js";

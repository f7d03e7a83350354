/**
 * The read layer: answers from the store alone (current rows, leaderboards), testable without
 * HTTP. It never imports the planner or the plugins: the spec snapshot carries what it needs.
 */

export {
	CALIBRATION_LEVEL,
	type CalibrationItem,
	type CalibrationOptions,
	type CalibrationReport,
	calibrateUseCase,
	calibrationInput,
	DEFAULT_BOOTSTRAP,
	OWNER_LABEL_RATINGS,
	ownerVerdict,
	REJECT_AT_MOST,
	SHIP_AT_LEAST,
} from "./calibration.js";
export { BOOTSTRAP_MINIMUM_N, type CalibrationFigure } from "./calibration-figure.js";
export { type CurrentRuns, currentRuns } from "./current-runs.js";
export type { JurorAgreement, JurorFieldAgreement } from "./juror-agreement.js";
export { type Leaderboard, type LeaderboardRow, leaderboard } from "./leaderboard.js";
export { mean, percentile } from "./percentile.js";

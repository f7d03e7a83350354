/**
 * The read layer: answers from the store alone (current rows, leaderboards), testable without
 * HTTP. It never imports the planner or the plugins: the spec snapshot carries what it needs.
 */
export { type CurrentRuns, currentRuns } from "./current-runs.js";
export { type Leaderboard, type LeaderboardRow, leaderboard } from "./leaderboard.js";
export { mean, percentile } from "./percentile.js";

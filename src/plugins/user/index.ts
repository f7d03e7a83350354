/** The wrapper of a user's own plugin module: shape checks, time bounds, grader errors, cell-key identity. */
export { boundedCall } from "./bounded-call.js";
export {
	DEFAULT_GRADE_TIMEOUT_MS,
	DEFAULT_LOAD_CASES_TIMEOUT_MS,
	type UserPluginModule,
	wrapUserPlugin,
} from "./wrap-user-plugin.js";
export { DEFAULT_RUN_TIMEOUT_MS, type MeasureCalls } from "./wrap-user-runner.js";

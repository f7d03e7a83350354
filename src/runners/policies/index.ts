/** The built-in reference policies (baseline, gold) run as harnesses over task workspaces. */
export {
	createPolicyRunner,
	POLICIES,
	POLICY_RUNNER_ID,
	POLICY_RUNNER_VERSION,
	type Policy,
	type PolicyRunnerOptions,
	type PolicyTask,
} from "./policy-runner.js";

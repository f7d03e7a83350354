/**
 * The sandbox layer: workspaces (a fresh copy of a fixture per cell, diffed against it) and
 * isolated command execution (bubblewrap; a plain-process fallback that says it is unisolated).
 * Imports only the contract.
 */
export { defaultReadOnlyPaths, SANDBOX_WORKDIR, sandboxPath } from "./bubblewrap-args.js";
export {
	type ChosenBackend,
	type CreateSandboxOptions,
	chooseSandboxBackend,
	createSandbox,
} from "./create-sandbox.js";
export { detectSandboxBackend, type SandboxBackendDetection, sandboxOwner } from "./detect-backend.js";
export {
	diagnoseFailure,
	diagnosisFix,
	FAILURE_CAUSES,
	type FailureCause,
	type FailureDiagnosis,
	outputTailLines,
} from "./diagnose-failure.js";
export { DEFAULT_SANDBOX_LIMITS, DEFAULT_TIMEOUT_MS } from "./limits.js";
export {
	type PreparedRuntime,
	prepareRuntime,
	RUNTIME_FORMAT,
	type RuntimeRequest,
	type SetupStep,
} from "./runtime/prepare-runtime.js";
export { RUNTIME_SETUP_CODE, RuntimeSetupError } from "./runtime/runtime-setup-error.js";
export { type FixtureDigest, fixtureDigest, fixtureHash } from "./snapshot/fixture-hash.js";
export {
	FIXTURE_FORMAT,
	type FixtureManifest,
	type FixtureState,
	fixtureState,
	snapshotHash,
} from "./snapshot/fixture-manifest.js";
export {
	type GoldDiff,
	type GoldSize,
	goldDiff,
	goldSize,
	repositoryRoot,
} from "./snapshot/gold-size.js";
export {
	type MaterializedFixture,
	type MaterializeOptions,
	materializeFixture,
} from "./snapshot/materialize-fixture.js";
export { SnapshotError } from "./snapshot/snapshot-error.js";
export { treeDiff } from "./snapshot/tree-diff.js";
export {
	describeSpecialFiles,
	findSpecialFiles,
	SPECIAL_FILE_KINDS,
	type SpecialFile,
	type SpecialFileKind,
} from "./special-files.js";
export { DEFAULT_DIFF_CAP_BYTES } from "./workspace-diff.js";

import { NotFoundError } from "../contract/index.js";
import { detectSandboxBackend } from "../sandbox/index.js";
import type { Store } from "../store/index.js";
import { leaderboard } from "../views/index.js";

/** How the demo runs its task use cases on this machine, and what it tells the user about it. */
export interface DemoSandbox {
	/** Added to the run's environment: `TOUCHSTONE_SANDBOX=process` when bubblewrap cannot run here. */
	readonly env: Readonly<Record<string, string>>;
	/** Printed before anything runs: what is missing and how to install it. Empty when bubblewrap works. */
	readonly warning: readonly string[];
	/** Printed at the end: how to get the isolated run. Empty when the run was isolated. */
	readonly advice: readonly string[];
	/** Whether task commands run isolated (in bubblewrap) in this demo. */
	readonly isolated: boolean;
}

/**
 * Checks for bubblewrap before a demo with task use cases runs. Without it the demo's own task
 * pack, bundled and trusted, runs on the plain process backend (every row marked unisolated)
 * rather than ending every cell as a harness error; a user's explicit `TOUCHSTONE_SANDBOX` wins.
 */
export async function demoSandbox(
	env: Readonly<Record<string, string | undefined>>,
	taskUseCases: readonly string[],
): Promise<DemoSandbox> {
	const none = { env: {}, warning: [], advice: [], isolated: true };
	if (taskUseCases.length === 0) return none;
	const chosen = env.TOUCHSTONE_SANDBOX;
	if (chosen === "process")
		return {
			...none,
			warning: [`sandbox: TOUCHSTONE_SANDBOX=process: the agents of ${taskUseCases.join(", ")} run unisolated (!).`],
			isolated: false,
		};
	const detection = await detectSandboxBackend();
	if (detection.backend !== null) return none;
	const names = taskUseCases.join(", ");
	// The detection's fix ends with the library's own opt-out (backend: 'process'); the demo says its own.
	const fix = detection.fix.split(", or opt into")[0] ?? detection.fix;
	if (chosen === "bubblewrap")
		return {
			env: {},
			warning: [
				`sandbox: ${detection.problem}, and TOUCHSTONE_SANDBOX=bubblewrap asks for it: the cells of ${names} will end as harness errors.`,
				`  fix: ${fix}`,
			],
			advice: [],
			isolated: false,
		};
	return {
		env: { TOUCHSTONE_SANDBOX: "process" },
		warning: [
			`sandbox: ${detection.problem}, so the agents of ${names} cannot run isolated from this machine.`,
			`  fix: ${fix}`,
			`  meanwhile the demo runs its bundled, trusted task pack on the plain process backend: those rows are marked unisolated (!).`,
		],
		advice: [
			`Isolated run of ${names}: install bubblewrap, then run the demo again (npm start); it re-runs the cells that ran unisolated.`,
		],
		isolated: false,
	};
}

/** Whether the store's current rows of a use case include any that ran unisolated (false when it never ran). */
export function hasUnisolatedRows(store: Store, useCaseId: string): boolean {
	try {
		return leaderboard(store, useCaseId).rows.some((row) => row.unisolated_rows > 0);
	} catch (error) {
		if (error instanceof NotFoundError) return false;
		throw error;
	}
}

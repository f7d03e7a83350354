import { TouchstoneError } from "../../contract/index.js";

/** Stable code of {@link RuntimeSetupError}. */
export const RUNTIME_SETUP_CODE = "runtime-setup";

/**
 * A task runtime's setup failed (a command exited non-zero or timed out, or the sandbox could not
 * start): every cell of the task is a harness error with this message, never a model failure.
 * The message holds the command, its exit, the tail of its stderr and a fix line.
 */
export class RuntimeSetupError extends TouchstoneError {
	/** The setup command that failed; empty when the failure came before any command. */
	readonly argv: readonly string[];
	/** How to fix it. */
	readonly fix: string;

	constructor(message: string, argv: readonly string[], fix: string, options?: { cause?: unknown }) {
		super(RUNTIME_SETUP_CODE, `${message}\n  fix: ${fix}`, options);
		this.name = "RuntimeSetupError";
		this.argv = argv;
		this.fix = fix;
	}
}

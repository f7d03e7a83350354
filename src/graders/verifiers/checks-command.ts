import type { SandboxExecRequest } from "../../contract/index.js";

/**
 * Shell text run in the sandbox before the checks script: it makes a private folder in the
 * command's temporary folder (bubblewrap's own /tmp, or the process backend's scratch folder,
 * both outside the workdir), writes the script (its byte count comes first on stdin) and the final
 * message into it, read-only, points `RESPONSE_FILE` at the message and `exec`s the interpreter
 * with the script, stdin closed. Only fixed text: names and sizes arrive as variables.
 */
const PRELUDE = `set -eu
dir=$(mktemp -d "\${TMPDIR:-/tmp}/touchstone-checks.XXXXXX")
script="$dir/$TOUCHSTONE_CHECKS_SCRIPT"
head -c "$TOUCHSTONE_CHECKS_SCRIPT_BYTES" > "$script"
cat > "$dir/response"
chmod 0555 "$script"
chmod 0444 "$dir/response"
export RESPONSE_FILE="$dir/response"
unset TOUCHSTONE_CHECKS_SCRIPT TOUCHSTONE_CHECKS_SCRIPT_BYTES
exec "$@" "$script" </dev/null`;

/** What runs one checks script. */
export interface ChecksCommand {
	/** The script's text. */
	readonly script: string;
	/** Its file name (kept, so an interpreter that cares about the extension sees it). */
	readonly scriptName: string;
	/** Program and leading arguments; empty runs the script itself (its shebang). */
	readonly interpreter: readonly string[];
	/** The model's final message; empty when it said nothing. */
	readonly response: string;
	/** The task's extra variables. */
	readonly env: Readonly<Record<string, string>>;
	/** Wall-clock limit. */
	readonly timeoutMs: number;
}

/**
 * The sandbox request that runs a checks script with the workdir as cwd and the final message in
 * the file `$RESPONSE_FILE`, both delivered on stdin into the sandbox's private temporary folder.
 * Why not a host file: bubblewrap mounts its own /tmp over the host's, so a file in the host's
 * temporary folder cannot be handed in as a read-only path, and a file in the workdir would be
 * one the model could have written.
 */
export function checksExecRequest(command: ChecksCommand): SandboxExecRequest {
	return {
		argv: ["/bin/sh", "-c", PRELUDE, "touchstone-checks", ...command.interpreter],
		env: {
			...command.env,
			TOUCHSTONE_CHECKS_SCRIPT: command.scriptName,
			TOUCHSTONE_CHECKS_SCRIPT_BYTES: String(Buffer.byteLength(command.script, "utf8")),
		},
		stdin: command.script + command.response,
		timeout_ms: command.timeoutMs,
	};
}

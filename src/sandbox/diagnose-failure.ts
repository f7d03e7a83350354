/** What a failed command's output says went wrong, when it is one of the usual set-up problems. */
export const FAILURE_CAUSES = ["missing-program", "missing-module", "network"] as const;
/** One of {@link FAILURE_CAUSES}. */
export type FailureCause = (typeof FAILURE_CAUSES)[number];

/** A diagnosis: the cause, what exactly was missing or unreachable, and the line of output that says so. */
export interface FailureDiagnosis {
	readonly cause: FailureCause;
	/** The program, module or host named by the output, when it names one. */
	readonly subject: string | null;
	/** The line of output the diagnosis comes from. */
	readonly evidence: string;
}

const MISSING_PROGRAM: readonly RegExp[] = [
	/^[^\s:]+: (?:line )?(?:\d+: )?(?:exec: )?([^\s:]+): (?:not found|command not found|No such file or directory)/,
	/^\/usr\/bin\/env: ['‘]?([^'’\s:]+)['’]?: No such file or directory/,
	/^bwrap: execvp ([^\s:]+): No such file or directory/,
	/spawn ([^\s]+) ENOENT/,
];

const MISSING_MODULE: readonly RegExp[] = [
	/Cannot find (?:module|package) ['"]([^'"]+)['"]/,
	/ModuleNotFoundError: No module named ['"]([^'"]+)['"]/,
	/ImportError: No module named ['"]?([\w.]+)/,
	/No module named ['"]?([\w.]+)['"]?/,
	/Failed to load url ([^\s]+)/,
];

/** Looked for only when no line names the module: Node prints the bare code after the line that does. */
const MISSING_MODULE_CODE: readonly RegExp[] = [/\bERR_MODULE_NOT_FOUND\b/];

const NETWORK: readonly RegExp[] = [
	/getaddrinfo (?:EAI_AGAIN|ENOTFOUND) ([^\s]+)/,
	/Temporary failure in name resolution/,
	/Could not resolve host:? ['"]?([^\s'"]+)/,
	/\b(?:ENETUNREACH|EHOSTUNREACH)\b/,
	/Network is unreachable/,
	/(?:request to|Failed to fetch|GET) (https?:\/\/[^\s]+) failed/,
	/\bFailed to establish a new connection\b/,
	/npm (?:ERR!|error) (?:code )?(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network)/,
];

/**
 * Reads a failed command's stderr (and stdout, where test runners print import errors) for the
 * usual reasons a command fails in a sandbox rather than because of the code under test: a program
 * that is not installed where the sandbox can see it, a module or package that is missing, or a
 * network request (the sandbox has none, except during a runtime's setup). Null when the output
 * says none of these. The latest matching line wins: a runner prints its own summary last.
 */
export function diagnoseFailure(result: {
	readonly exit_code: number | null;
	readonly stderr: string;
	readonly stdout?: string;
}): FailureDiagnosis | null {
	const lines = `${result.stdout ?? ""}\n${result.stderr}`
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "");
	const find = (patterns: readonly RegExp[], cause: FailureCause): FailureDiagnosis | null => {
		for (let index = lines.length - 1; index >= 0; index--) {
			const line = lines[index] as string;
			for (const pattern of patterns) {
				const match = pattern.exec(line);
				if (match !== null)
					return { cause, subject: match[1]?.replace(/^['‘"]|['’"]$/g, "") ?? null, evidence: clip(line) };
			}
		}
		return null;
	};
	if (result.exit_code === 126 || result.exit_code === 127) {
		const program = find(MISSING_PROGRAM, "missing-program");
		if (program !== null) return program;
	}
	return (
		find(MISSING_MODULE, "missing-module") ??
		find(MISSING_MODULE_CODE, "missing-module") ??
		find(NETWORK, "network") ??
		find(MISSING_PROGRAM, "missing-program")
	);
}

/** What to do about a diagnosed failure, for a command of a cell or a verifier (`sandboxed`) or of a runtime's setup. */
export function diagnosisFix(diagnosis: FailureDiagnosis, where: "sandboxed" | "setup"): string {
	const subject = diagnosis.subject === null ? "" : ` \`${diagnosis.subject}\``;
	switch (diagnosis.cause) {
		case "missing-program":
			return `the program${subject} is not installed where the sandbox can run it (it sees /usr, /bin, /lib, the workdir and the runtime's mounts): install it under /usr, or show its folder with \`runtime.mounts\` and put it on PATH with \`runtime.env\``;
		case "missing-module":
			return where === "setup"
				? `the setup could not find${subject || " a module"}: install it in an earlier setup command, or show a folder that has it with \`runtime.mounts\``
				: `the sandbox has no module${subject}: install it in the task's \`runtime.setup\` (e.g. [npm, install, --no-save, ...] or a venv), or show a folder that has it with \`runtime.mounts\`; \`touchstone validate-tasks\` proves the task then runs`;
		case "network":
			return where === "setup"
				? "the setup runs with the network on, but a request failed: check this machine's network and DNS (proxy variables are not passed in: set them in `runtime.env` if your network needs one)"
				: "commands in the sandbox have no network: fetch what they need in `runtime.setup` (which runs with the network on), or make the tests run offline";
	}
}

/** The last `lines` lines of a command's output (at most `chars` characters), for messages: more than one line. */
export function outputTailLines(text: string, lines = 15, chars = 2_000): string {
	const kept = text.trimEnd().split("\n").slice(-lines).join("\n");
	return kept.length > chars ? `…${kept.slice(kept.length - chars)}` : kept;
}

function clip(line: string): string {
	return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

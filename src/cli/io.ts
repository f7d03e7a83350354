/** Where a CLI invocation reads and writes: the process in production, buffers in tests. */
export interface CliIo {
	/** Standard output; results go here. */
	readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
	/** Standard error; errors, warnings and progress go here. */
	readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
	/** The environment (store paths, API key variables). Relative paths resolve against process.cwd(). */
	readonly env: Readonly<Record<string, string | undefined>>;
}

/** Writes one line to stdout. */
export function printLine(io: CliIo, text = ""): void {
	io.stdout.write(`${text}\n`);
}

/** Writes a value as pretty JSON to stdout, for `--json`. */
export function printJson(io: CliIo, value: unknown): void {
	io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

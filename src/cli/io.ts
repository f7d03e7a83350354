/** Where a CLI invocation reads and writes: the process in production, buffers in tests. */
export interface CliIo {
	/** Standard output; results go here. */
	readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
	/** Standard error; errors, warnings and progress go here. */
	readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
	/** The environment (store paths, API key variables). Relative paths resolve against process.cwd(). */
	readonly env: Readonly<Record<string, string | undefined>>;
	/**
	 * Takes the `--json` answer instead of writing it, so that `main` can print it once the
	 * command has ended, with the error it ended with: one JSON document on stdout, always.
	 */
	readonly holdJson?: (value: unknown) => void;
}

/** Writes one line to stdout. */
export function printLine(io: CliIo, text = ""): void {
	io.stdout.write(`${text}\n`);
}

/** Writes a value as pretty JSON to stdout, for `--json` (held by `main` until the command ends). */
export function printJson(io: CliIo, value: unknown): void {
	if (io.holdJson !== undefined) io.holdJson(value);
	else writeJson(io, value);
}

/** Writes a value as pretty JSON to stdout at once. */
export function writeJson(io: CliIo, value: unknown): void {
	io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A stream the CLI writes to, as Node gives it. */
interface OutputStream {
	write(text: string): boolean;
	readonly isTTY?: boolean;
	readonly destroyed: boolean;
	on(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * The process's streams for the CLI. A reader that goes away (`touchstone leaderboard | head -1`)
 * is not an error: what is left to write is dropped, and the command ends as it would have,
 * with its own exit code, never with a stack trace. Any other stream error still throws.
 */
export function processIo(host: {
	readonly stdout: OutputStream;
	readonly stderr: OutputStream;
	readonly env: Readonly<Record<string, string | undefined>>;
}): CliIo {
	return { stdout: tolerateClosedReader(host.stdout), stderr: tolerateClosedReader(host.stderr), env: host.env };
}

function tolerateClosedReader(stream: OutputStream): CliIo["stdout"] {
	let closed = false;
	stream.on("error", (error) => {
		if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") {
			closed = true;
			return;
		}
		throw error;
	});
	return {
		isTTY: stream.isTTY === true,
		write: (text: string) => (closed || stream.destroyed ? false : stream.write(text)),
	};
}

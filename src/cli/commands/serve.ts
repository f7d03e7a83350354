import { existsSync } from "node:fs";
import { type Command, InvalidArgumentError } from "commander";
import {
	API_BASE_PATH,
	type ApiServer,
	allowedHostNames,
	bareHostName,
	createApi,
	describeClientAbort,
	isLoopbackHost,
	OPENAPI_PATH,
	startApiServer,
	warmLeaderboards,
} from "../../api/index.js";
import { BadInputError, type InputIssue } from "../../contract/index.js";
import type { Store } from "../../store/index.js";
import type { RosterInput } from "../../views/index.js";
import { displayPath, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { port } from "../flag-parsers.js";
import { type CliIo, printLine } from "../io.js";
import { openWritableStore, type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";

/** The port `serve` listens on unless told otherwise. */
export const DEFAULT_API_PORT = 33800;

interface ServeOptions extends StoreFlags {
	readonly port: number;
	readonly host: string;
	readonly allowHost: readonly string[];
	readonly dir: string;
	readonly allowPath: readonly string[];
}

/**
 * `touchstone serve`: the HTTP API over the store until Ctrl-C. Binds to loopback by default and
 * refuses any other address unless TOUCHSTONE_RATE_TOKEN is set, since `POST rate` writes.
 * Answers only requests whose Host is one of its names (loopback, the bound address,
 * `--allow-host`), so a web page cannot reach it through DNS rebinding.
 */
export function registerServeCommand(program: Command, io: CliIo): void {
	withStoreOptions(withDirOption(program.command("serve")), "reads and writes")
		.description(
			"serve the read-only HTTP API (leaderboard, case matrix, inspector, calibration, roster) and POST rate",
		)
		.option("--port <n>", `port to listen on (0: any free port)`, port, DEFAULT_API_PORT)
		.option("--host <host>", "address to bind; anything but loopback needs TOUCHSTONE_RATE_TOKEN", "127.0.0.1")
		.option(
			"--allow-host <name>",
			"also answer requests whose Host header is NAME (any port), e.g. a name in /etc/hosts or of a proxy; repeatable",
			(value: string, previous: readonly string[]) => [...previous, allowedHost(value)],
			[] as readonly string[],
		)
		.action(async (options: ServeOptions, command: Command) => {
			const rateToken = nonEmpty(io.env.TOUCHSTONE_RATE_TOKEN);
			if (!isLoopbackHost(options.host) && rateToken === null)
				throw flagError(
					"--host",
					`refusing to serve on ${options.host} without a rate token: anyone who can reach it could record ratings`,
					"set TOUCHSTONE_RATE_TOKEN to a long random secret, or bind to loopback (--host 127.0.0.1)",
				);
			const useCases = loadRoster(io, options, command.getOptionValueSource("dir") !== "default");
			const paths = storePaths(io, options);
			const existed = existsSync(paths.database);
			const store = openWritableStore(io, options);
			if (!existed) io.stderr.write(`touchstone serve: no store at ${paths.database} yet; serving a new, empty one\n`);
			try {
				await serveUntilStopped(io, store, useCases, options, rateToken);
			} finally {
				store.close();
			}
		});
}

async function serveUntilStopped(
	io: CliIo,
	store: Store,
	useCases: readonly RosterInput[],
	options: ServeOptions,
	rateToken: string | null,
): Promise<void> {
	const allowedHosts = allowedHostNames(options.host, options.allowHost);
	const app = createApi({
		store,
		useCases,
		rateToken,
		allowedHosts,
		logError: (error) =>
			io.stderr.write(
				`touchstone serve: unexpected error answering a request (answered 500)\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
			),
		onClientAbort: (abort) => io.stderr.write(`touchstone serve: ${describeClientAbort(abort)}\n`),
	});
	const server = await listen(app, options);
	printLine(io, `touchstone API on ${server.url}${API_BASE_PATH}`);
	printLine(io, `  OpenAPI: ${server.url}${OPENAPI_PATH}`);
	printLine(io, `  store: ${store.paths.database}`);
	printLine(io, `  Host: ${allowedHosts.join(", ")} (any port; others get 421; add a name with --allow-host NAME)`);
	printLine(
		io,
		`  POST rate: ${rateToken === null ? "open (loopback only; set TOUCHSTONE_RATE_TOKEN to require a token)" : "requires Authorization: Bearer $TOUCHSTONE_RATE_TOKEN"} · Ctrl-C to stop`,
	);
	const stopping = new AbortController();
	const warming = warmLeaderboards(app, { signal: stopping.signal }).then(
		(report) =>
			io.stderr.write(
				`touchstone serve: warmed ${report.leaderboards} leaderboard${report.leaderboards === 1 ? "" : "s"} in ${Math.round(report.ms)} ms${report.failed > 0 ? ` (${report.failed} failed)` : ""}\n`,
			),
		(error: unknown) => io.stderr.write(`touchstone serve: warming the leaderboards failed: ${String(error)}\n`),
	);
	await new Promise<void>((resolve) => {
		const stop = () => {
			process.off("SIGINT", stop);
			process.off("SIGTERM", stop);
			resolve();
		};
		process.on("SIGINT", stop);
		process.on("SIGTERM", stop);
	});
	stopping.abort();
	await server.close();
	await warming;
}

/** Today's use cases for the roster; without a benchmarks folder (the default one absent), only the store's. */
function loadRoster(io: CliIo, { dir, allowPath }: ServeOptions, explicit: boolean): readonly RosterInput[] {
	if (!explicit && !existsSync(dir)) {
		io.stderr.write(
			`touchstone serve: no ${displayPath(dir)} folder here, so the roster lists only use cases the store has results for (pass --dir to name it)\n`,
		);
		return [];
	}
	return loadFromDirOption(dir, allowPath).useCases;
}

async function listen(app: ReturnType<typeof createApi>, options: ServeOptions): Promise<ApiServer> {
	try {
		return await startApiServer(app, { host: options.host, port: options.port });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const where = `${options.host}:${options.port}`;
		if (code === "EADDRINUSE")
			throw flagError(
				"--port",
				`${where} is already in use`,
				"stop the other server, or pick another port with --port (0 picks a free one)",
			);
		if (code === "EACCES")
			throw flagError("--port", `not allowed to listen on ${where}`, "use a port above 1023, e.g. --port 33800");
		if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
			throw flagError("--host", `cannot bind ${options.host}: no such address on this machine`, "use 127.0.0.1");
		throw error;
	}
}

function flagError(source: string, message: string, fix: string): BadInputError {
	const issue: InputIssue = { source, line: null, column: null, path: "", message, fix };
	return new BadInputError("touchstone serve did not start.", [issue]);
}

function allowedHost(value: string): string {
	const name = bareHostName(value);
	if (name === null)
		throw new InvalidArgumentError(
			`expected a host name or address without a port (every port is accepted), got "${value}".`,
		);
	return name;
}

function nonEmpty(value: string | undefined): string | null {
	return value === undefined || value.trim() === "" ? null : value.trim();
}

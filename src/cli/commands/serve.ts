import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import {
	API_BASE_PATH,
	type ApiServer,
	allowedHostNames,
	bareHostName,
	createApi,
	describeClientAbort,
	isLoopbackHost,
	loadDashboardAssets,
	OPENAPI_PATH,
	type PrefetchEnd,
	prefetchCaseInspections,
	startApiServer,
	warmLeaderboards,
} from "../../api/index.js";
import { BadInputError, type InputIssue } from "../../contract/index.js";
import type { Store } from "../../store/index.js";
import type { RosterInput } from "../../views/index.js";
import { displayPath, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { port } from "../flag-parsers.js";
import { type CliIo, printLine } from "../io.js";
import { openInBrowser } from "../open-browser.js";
import { PACKAGE_ROOT } from "../package-info.js";
import { openWritableStore, type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";
import { rosterInputs } from "./roster.js";

/** The port `serve` listens on unless told otherwise. */
export const DEFAULT_API_PORT = 33800;

/** Where `npm run build` puts the dashboard (web/ built by Vite), shipped in the package. */
export const DASHBOARD_DIR = join(PACKAGE_ROOT, "dist", "web");

interface ServeOptions extends StoreFlags {
	readonly port: number;
	readonly host: string;
	readonly allowHost: readonly string[];
	readonly dir: string;
	readonly allowPath: readonly string[];
	readonly open?: boolean;
	/** False with `--no-prefetch`: inspections are computed only when asked. */
	readonly prefetch: boolean;
}

/**
 * `touchstone serve`: the dashboard at `/` and the HTTP API under it, over the store until
 * Ctrl-C. Binds to loopback by default and refuses any other address unless
 * TOUCHSTONE_RATE_TOKEN is set, since `POST rate` writes. Answers only requests whose Host is
 * one of its names (loopback, the bound address, `--allow-host`), so a web page cannot reach it
 * through DNS rebinding.
 */
export function registerServeCommand(program: Command, io: CliIo): void {
	serveOptions(program.command("serve"))
		.description(
			"serve the dashboard at / and the HTTP API (leaderboard, case matrix, inspector, calibration, roster, POST rate)",
		)
		.action((options: ServeOptions, command: Command) => serve(io, options, command));
	// `view`: the same server under the name people look for, with --open.
	serveOptions(program.command("view"))
		.description("open the dashboard: `serve` under a shorter name, printing the URL (--open starts a browser on it)")
		.option("--open", "open the dashboard in a browser ($BROWSER, else the system's opener)")
		.action((options: ServeOptions, command: Command) => serve(io, options, command));
}

function serveOptions(command: Command): Command {
	return withStoreOptions(withDirOption(command), "reads and writes")
		.option("--port <n>", `port to listen on (0: any free port)`, port, DEFAULT_API_PORT)
		.option("--host <host>", "address to bind; anything but loopback needs TOUCHSTONE_RATE_TOKEN", "127.0.0.1")
		.option(
			"--allow-host <name>",
			"also answer requests whose Host header is NAME (any port), e.g. a name in /etc/hosts or of a proxy; repeatable",
			(value: string, previous: readonly string[]) => [...previous, allowedHost(value)],
			[] as readonly string[],
		)
		.option(
			"--no-prefetch",
			"compute each case's inspection only when it is asked for (by default a thread computes them all after start-up, so the first look at a case is served from the cache)",
		);
}

async function serve(io: CliIo, options: ServeOptions, command: Command): Promise<void> {
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
}

async function serveUntilStopped(
	io: CliIo,
	store: Store,
	useCases: readonly RosterInput[],
	options: ServeOptions,
	rateToken: string | null,
): Promise<void> {
	const allowedHosts = allowedHostNames(options.host, options.allowHost);
	const dashboard = loadDashboardAssets(DASHBOARD_DIR);
	const app = createApi({
		dashboard,
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
	const dashboardUrl = `${server.url}/`;
	printLine(
		io,
		dashboard === null
			? `touchstone dashboard: not built in this checkout (${displayPath(DASHBOARD_DIR)} is missing); run \`npm run build\``
			: `touchstone dashboard on ${dashboardUrl}`,
	);
	printLine(io, `touchstone API on ${server.url}${API_BASE_PATH}`);
	printLine(io, `  OpenAPI: ${server.url}${OPENAPI_PATH}`);
	printLine(io, `  store: ${store.paths.database}`);
	printLine(io, `  Host: ${allowedHosts.join(", ")} (any port; others get 421; add a name with --allow-host NAME)`);
	printLine(
		io,
		`  POST rate: ${rateToken === null ? "open (loopback only; set TOUCHSTONE_RATE_TOKEN to require a token)" : "requires Authorization: Bearer $TOUCHSTONE_RATE_TOKEN"} · Ctrl-C to stop`,
	);
	if (options.open === true && dashboard !== null) {
		const opened = await openInBrowser(dashboardUrl, io.env);
		io.stderr.write(
			opened.ok
				? `touchstone view: opened ${dashboardUrl} with ${opened.opener}\n`
				: `touchstone view: could not open a browser (${opened.reason}); open ${dashboardUrl} yourself, or set BROWSER\n`,
		);
	}
	const stopping = new AbortController();
	const warming = warmLeaderboards(app, { signal: stopping.signal })
		.then(
			(report) =>
				io.stderr.write(
					`touchstone serve: warmed ${report.leaderboards} leaderboard${report.leaderboards === 1 ? "" : "s"} in ${Math.round(report.ms)} ms${report.failed > 0 ? ` (${report.failed} failed)` : ""}\n`,
				),
			(error: unknown) => io.stderr.write(`touchstone serve: warming the leaderboards failed: ${String(error)}\n`),
		)
		.then(() => (options.prefetch && !stopping.signal.aborted ? prefetch(io, app, stopping.signal) : undefined));
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

/** Prefetches the inspections (see prefetchCaseInspections) and says what it did, on stderr. */
async function prefetch(io: CliIo, app: ReturnType<typeof createApi>, signal: AbortSignal): Promise<void> {
	try {
		const report = await prefetchCaseInspections(app, { signal });
		if (report === null) return;
		const why: Record<PrefetchEnd, string> = {
			done: "every case",
			budget: "stopped at half the response cache",
			changed: "stopped: the store changed, so cases are computed when asked",
			aborted: "stopped",
			failed: "stopped: its thread failed, so cases are computed when asked",
		};
		io.stderr.write(
			`touchstone serve: prefetched ${report.inspections} case inspection${report.inspections === 1 ? "" : "s"} (${(report.bytes / 1024 / 1024).toFixed(1)} MiB) in ${Math.round(report.ms)} ms, ${why[report.ended]}${report.failed > 0 ? `; ${report.failed} failed (each answers its error when asked)` : ""}\n`,
		);
	} catch (error) {
		io.stderr.write(`touchstone serve: prefetching the case inspections failed: ${String(error)}\n`);
	}
}

/** Today's use cases for the roster; without a benchmarks folder (the default one absent), only the store's. */
function loadRoster(io: CliIo, { dir, allowPath }: ServeOptions, explicit: boolean): readonly RosterInput[] {
	if (!explicit && !existsSync(dir)) {
		io.stderr.write(
			`touchstone serve: no ${displayPath(dir)} folder here, so the roster lists only use cases the store has results for (pass --dir to name it)\n`,
		);
		return [];
	}
	return rosterInputs(loadFromDirOption(dir, allowPath));
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

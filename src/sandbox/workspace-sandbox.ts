import {
	type Sandbox,
	type SandboxExecRequest,
	type SandboxExecResult,
	type SandboxProvenance,
	TouchstoneError,
} from "../contract/index.js";
import type { CommandRunner, PreparedCommand } from "./command-runner.js";
import { mergeLimits } from "./limits.js";
import { treeBytes, watchWorkdir } from "./workdir-watch.js";
import { removeWorkspace, type Workspace } from "./workspace.js";
import { diffWorkspace } from "./workspace-diff.js";
import { listWorkspaceFolder, readWorkspaceFile, writeWorkspaceFile } from "./workspace-files.js";
import { resolveInWorkdir } from "./workspace-paths.js";

/** The parts {@link createWorkspaceSandbox} puts together. */
export interface WorkspaceSandboxParts {
	readonly workspace: Workspace;
	readonly runner: CommandRunner;
	readonly provenance: SandboxProvenance;
	/** Variables every command gets, under the request's own. */
	readonly env?: Readonly<Record<string, string>>;
	readonly diffCapBytes?: number;
}

/**
 * A Sandbox over one workspace and one backend. Checks every request at this boundary (cwd
 * inside the workdir, a program to run), lays per-command limits over the defaults, and tracks
 * running commands so `dispose` can kill them before it removes the files.
 */
export function createWorkspaceSandbox(parts: WorkspaceSandboxParts): Sandbox {
	const { workspace, runner, provenance } = parts;
	const running = new Set<AbortController>();
	let disposed = false;
	// What the workdir holds as made (the fixture's copy): the size limit bounds what it gains.
	const baseBytes = treeBytes(workspace.workdir);

	const assertLive = () => {
		if (disposed) throw new TouchstoneError("sandbox-disposed", "this sandbox was disposed; create a new one");
	};

	const prepare = async (request: SandboxExecRequest): Promise<PreparedCommand> => {
		const argv = request.command === undefined ? request.argv : ["/bin/sh", "-c", request.command];
		if (argv === undefined || argv.length === 0 || argv[0] === "")
			throw new TypeError("sandbox exec: give a non-empty argv or a command line");
		const timeoutMs = request.timeout_ms ?? provenance.timeout_ms;
		if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
			throw new RangeError("sandbox exec: timeout_ms must be positive");
		const cwd = await resolveInWorkdir(workspace.workdir, request.cwd ?? ".", "directory");
		return {
			argv,
			cwd: cwd.relative,
			env: parts.env === undefined ? (request.env ?? {}) : { ...parts.env, ...request.env },
			stdin: request.stdin ?? "",
			timeoutMs,
			limits: mergeLimits(provenance.limits, request.limits),
		};
	};

	return {
		specificationVersion: "v1",
		workdir: workspace.workdir,
		commandWorkdir: runner.commandWorkdir,
		provenance,
		async exec(request, options = {}): Promise<SandboxExecResult> {
			assertLive();
			const command = await prepare(request);
			assertLive();
			const controller = new AbortController();
			const outer = options.signal;
			const forward = () => controller.abort(outer?.reason);
			outer?.throwIfAborted();
			outer?.addEventListener("abort", forward, { once: true });
			// The limit bounds what the workdir gains over the copy it started as.
			const limit = command.limits.workdir_bytes;
			const base = limit === null ? 0 : await baseBytes;
			const bound = limit === null ? null : base + limit;
			const started = performance.now();
			const used = bound === null ? 0 : await treeBytes(workspace.workdir, bound);
			if (bound !== null && used > bound) {
				outer?.removeEventListener("abort", forward);
				return workdirFull(limit ?? 0, used - base, 0);
			}
			// No single file may take more than what is left; the watcher catches many files.
			const left = bound === null ? null : Math.max(512, bound - used);
			const cutByBound = left !== null && left < (command.limits.file_bytes ?? Number.POSITIVE_INFINITY);
			const limits = cutByBound ? { ...command.limits, file_bytes: left } : command.limits;
			let full: number | null = null;
			const stopWatch =
				bound === null
					? () => {}
					: watchWorkdir(workspace.workdir, bound, (bytes) => {
							full = bytes;
							controller.abort(new TouchstoneError("sandbox-workdir-full", "the workdir passed its size limit"));
						});
			running.add(controller);
			try {
				const result = await runner.run(
					{ ...command, limits, ...(options.onStdout === undefined ? {} : { onStdout: options.onStdout }) },
					controller.signal,
				);
				if (bound === null) return result;
				// A file cut at RLIMIT_FSIZE (SIGXFSZ) or the last write before the watcher looked.
				const after = await treeBytes(workspace.workdir, bound);
				const cut = cutByBound && (result.exit_code === 128 + XFSZ || result.signal === "SIGXFSZ");
				return after > bound || cut
					? {
							...workdirFull(limit ?? 0, Math.max(after, bound) - base, performance.now() - started),
							stdout: result.stdout,
						}
					: result;
			} catch (error) {
				if (full !== null && outer?.aborted !== true)
					return workdirFull(limit ?? 0, full - base, performance.now() - started);
				throw error;
			} finally {
				stopWatch();
				running.delete(controller);
				outer?.removeEventListener("abort", forward);
			}
		},
		async read(path) {
			assertLive();
			return readWorkspaceFile(workspace, path);
		},
		async write(path, content) {
			assertLive();
			await writeWorkspaceFile(workspace, path, content);
		},
		async list(path = ".") {
			assertLive();
			return listWorkspaceFolder(workspace, path);
		},
		async diff() {
			assertLive();
			return diffWorkspace(workspace, parts.diffCapBytes);
		},
		async dispose() {
			if (disposed) return;
			disposed = true;
			const reason = new TouchstoneError("sandbox-disposed", "the sandbox was disposed while the command ran");
			for (const controller of running) controller.abort(reason);
			// Let the killed commands end before their files go.
			while (running.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
			await removeWorkspace(workspace);
		},
	};
}

/** SIGXFSZ's number: a write past RLIMIT_FSIZE. */
const XFSZ = 25;

/** The result of a command killed (or never started) because the workdir passed its size limit. */
function workdirFull(limit: number, grown: number, duration_ms: number): SandboxExecResult {
	return {
		exit_code: null,
		signal: "SIGKILL",
		stdout: "",
		stderr: `touchstone sandbox: the workdir grew by ${grown} bytes, past its limit of ${limit} bytes (limits.workdir_bytes); the command was killed\n`,
		truncated: false,
		timed_out: false,
		workdir_full: true,
		duration_ms,
	};
}

import {
	type Sandbox,
	type SandboxExecRequest,
	type SandboxExecResult,
	type SandboxProvenance,
	TouchstoneError,
} from "../contract/index.js";
import type { CommandRunner, PreparedCommand } from "./command-runner.js";
import { mergeLimits } from "./limits.js";
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
			running.add(controller);
			try {
				return await runner.run(
					options.onStdout === undefined ? command : { ...command, onStdout: options.onStdout },
					controller.signal,
				);
			} finally {
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

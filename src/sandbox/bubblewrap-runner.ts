import type { ChildProcess } from "node:child_process";
import { type SandboxMount, SandboxUnavailableError } from "../contract/index.js";
import { bubblewrapArgs, PRIVATE_HOME, SANDBOX_WORKDIR, sandboxPath } from "./bubblewrap-args.js";
import { baseEnvironment, type CommandRunner, type PreparedCommand } from "./command-runner.js";
import { limitedArgv } from "./limits.js";
import { killGroup, killProcess, runCaptured } from "./run-captured.js";
import type { Workspace } from "./workspace.js";

/** How long a killed sandbox may take to die before bwrap itself is killed too. */
const KILL_GRACE_MS = 1_000;

/** Options of {@link createBubblewrapRunner}. */
export interface BubblewrapRunnerOptions {
	/** The bwrap program. */
	readonly bwrap: string;
	/** Host paths mounted read-only besides the system. */
	readonly readOnlyPaths: readonly string[];
	/** Host paths mounted read-only at other paths. */
	readonly mounts: readonly SandboxMount[];
	/** Whether commands share the host's network. */
	readonly network: boolean;
	/** HOME in the private /tmp instead of the workdir. */
	readonly privateHome: boolean;
}

/**
 * Runs commands under bubblewrap as the workspace's owner. On a timeout it kills the sandbox's
 * pid 1, which makes the kernel kill every process of its pid namespace, and bwrap exits only
 * once they are gone: no process outlives its command, however it forked or daemonized.
 */
export function createBubblewrapRunner(workspace: Workspace, options: BubblewrapRunnerOptions): CommandRunner {
	return {
		commandWorkdir: SANDBOX_WORKDIR,
		async run(command: PreparedCommand, signal?: AbortSignal) {
			const cwd = command.cwd === "" ? SANDBOX_WORKDIR : `${SANDBOX_WORKDIR}/${command.cwd}`;
			const argv = limitedArgv(command.limits, command.argv, { processes: true });
			const args = bubblewrapArgs({
				workdir: workspace.workdir,
				cwd,
				readOnlyPaths: options.readOnlyPaths,
				mounts: options.mounts,
				network: options.network,
				privateHome: options.privateHome,
				argv,
			});
			const env = {
				...baseEnvironment(sandboxPath(), options.privateHome ? PRIVATE_HOME : SANDBOX_WORKDIR, "/tmp"),
				...command.env,
			};
			const { result, info } = await runCaptured(
				{
					file: options.bwrap,
					args,
					cwd: workspace.root,
					env,
					user: workspace.owner,
					stdin: command.stdin,
					timeoutMs: command.timeoutMs,
					outputBytes: command.limits.output_bytes,
					...(command.onStdout === undefined ? {} : { onStdout: command.onStdout }),
					infoPipe: true,
					terminate: terminateSandbox,
					reap: () => {},
				},
				signal,
			);
			// bwrap reports its pid 1 once the sandbox stands; no report means it never stood.
			if (sandboxPid(info) === null && !result.timed_out)
				throw new SandboxUnavailableError(
					`bubblewrap could not set up the sandbox: ${result.stderr.trim() || `exit ${result.exit_code}`}`,
					"check that `bwrap` works here (user namespaces allowed), or opt into the unisolated process backend",
				);
			return result;
		},
	};
}

function terminateSandbox(child: ChildProcess, info: string): void {
	const pid = sandboxPid(info);
	if (pid === null) {
		// Still setting up: bwrap's child dies with it (--die-with-parent).
		killGroup(child.pid);
		return;
	}
	killProcess(pid);
	setTimeout(() => {
		if (child.exitCode === null && child.signalCode === null) killGroup(child.pid);
	}, KILL_GRACE_MS).unref();
}

/** The host pid of the sandbox's pid 1, from bwrap's `--info-fd` report. */
function sandboxPid(info: string): number | null {
	const match = /"child-pid"\s*:\s*(\d+)/.exec(info);
	return match?.[1] === undefined ? null : Number(match[1]);
}

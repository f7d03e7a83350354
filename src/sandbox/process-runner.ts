import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnvironment, type CommandRunner, type PreparedCommand } from "./command-runner.js";
import { limitedArgv } from "./limits.js";
import { killGroup, killProcess, runCaptured } from "./run-captured.js";
import type { Workspace } from "./workspace.js";

/**
 * Runs commands as plain child processes of the current user, for machines where bubblewrap
 * cannot run. It isolates nothing (files, network, other processes are all reachable); it does
 * scrub the environment, set CPU, memory and file-size limits, and kill the command's process
 * group and descendants on a timeout. The process limit is not set: RLIMIT_NPROC counts every
 * process of the user, so any useful bound would break the user's other programs.
 */
export function createProcessRunner(workspace: Workspace, options: { readonly home: string }): CommandRunner {
	return {
		commandWorkdir: workspace.workdir,
		async run(command: PreparedCommand, signal?: AbortSignal) {
			const argv = limitedArgv(command.limits, command.argv, { processes: false });
			const path = process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin";
			const env = { ...baseEnvironment(path, options.home, join(workspace.root, "tmp")), ...command.env };
			const { result } = await runCaptured(
				{
					file: argv[0] ?? "/bin/sh",
					args: argv.slice(1),
					cwd: join(workspace.workdir, command.cwd),
					env,
					user: null,
					stdin: command.stdin,
					timeoutMs: command.timeoutMs,
					outputBytes: command.limits.output_bytes,
					...(command.onStdout === undefined ? {} : { onStdout: command.onStdout }),
					infoPipe: false,
					terminate: killTree,
					// Background processes left in the group do not outlive their command either.
					reap: (child) => killGroup(child.pid),
				},
				signal,
			);
			return result;
		},
	};
}

/** Kills the child's process group and every descendant found in /proc (some leave the group). */
function killTree(child: ChildProcess): void {
	if (child.pid === undefined) return;
	const descendants = descendantsOf(child.pid);
	killGroup(child.pid);
	for (const pid of descendants) killProcess(pid);
}

/** Pids of every living descendant of `root`, read from /proc (Linux); empty elsewhere. */
export function descendantsOf(root: number): number[] {
	const children = new Map<number, number[]>();
	let names: string[];
	try {
		names = readdirSync("/proc");
	} catch {
		return [];
	}
	for (const name of names) {
		if (!/^\d+$/.test(name)) continue;
		const parent = parentOf(name);
		if (parent === null) continue;
		const siblings = children.get(parent) ?? [];
		siblings.push(Number(name));
		children.set(parent, siblings);
	}
	const found: number[] = [];
	const queue = [root];
	for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
		for (const child of children.get(pid) ?? []) {
			found.push(child);
			queue.push(child);
		}
	}
	return found;
}

function parentOf(pid: string): number | null {
	try {
		// `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last `)`.
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		return Number(fields[1]);
	} catch {
		return null;
	}
}

import { readdirSync, readFileSync } from "node:fs";

/**
 * Pids of the living processes whose command line holds `mark` (zombies awaiting their reaper do
 * not count). Finds a sandboxed command's processes from the host, where their own pids (those of
 * the sandbox's pid namespace) mean nothing.
 */
export function processesMarked(mark: string): number[] {
	const found: number[] = [];
	for (const name of readdirSync("/proc")) {
		if (!/^\d+$/.test(name)) continue;
		try {
			if (!readFileSync(`/proc/${name}/cmdline`, "utf8").includes(mark)) continue;
			const stat = readFileSync(`/proc/${name}/stat`, "utf8");
			if (stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z") found.push(Number(name));
		} catch {
			// Gone meanwhile.
		}
	}
	return found;
}

/** The variable names a sandboxed command got, without those /bin/sh sets itself (PWD, SHLVL, _). */
export function commandVariables(names: readonly string[]): string[] {
	return names.filter((name) => !["PWD", "SHLVL", "_"].includes(name));
}

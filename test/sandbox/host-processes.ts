import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

/** A `sleep` duration no other program on the machine uses, to find a test's processes by. */
export function uniqueSleep(): string {
	return `${900 + (randomBytes(2).readUInt16BE() % 99)}.${randomBytes(3).readUIntBE(0, 3)}`;
}

/** Pids of live host processes whose command line contains `marker` (zombies have none). */
export function hostProcessesWith(marker: string): number[] {
	const found: number[] = [];
	for (const name of readdirSync("/proc")) {
		if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
		try {
			const commandLine = readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ");
			if (commandLine.includes(marker)) found.push(Number(name));
		} catch {
			// Gone while we looked.
		}
	}
	return found;
}

/** Waits up to `ms` for every process carrying `marker` to be gone; returns what is left. */
export async function processesLeft(marker: string, ms = 2_000): Promise<number[]> {
	const deadline = Date.now() + ms;
	for (;;) {
		const left = hostProcessesWith(marker);
		if (left.length === 0 || Date.now() > deadline) return left;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

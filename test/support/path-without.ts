import { readdirSync, symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { tempDir } from "./cli.js";

/**
 * A PATH for a machine that lacks `programs`: one fresh folder holding a link to this Node.js and
 * to every other program of this PATH (sh, rm, ...) except those, so a spawned CLI finds all it
 * uses but them.
 */
export function pathWithout(...programs: readonly string[]): string {
	const bin = tempDir("touchstone-path-");
	const linked = new Set(["node", ...programs]);
	symlinkSync(process.execPath, join(bin, "node"));
	for (const folder of (process.env.PATH ?? "").split(delimiter)) {
		let names: string[];
		try {
			names = readdirSync(folder);
		} catch {
			continue;
		}
		for (const name of names) {
			if (linked.has(name)) continue;
			linked.add(name);
			symlinkSync(join(folder, name), join(bin, name));
		}
	}
	return bin;
}

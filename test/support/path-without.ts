import { readdirSync, symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { tempDir } from "./cli.js";

/**
 * A PATH for a machine that lacks `program`: one fresh folder holding a link to this Node.js and
 * to every other program of this PATH (sh, rm, ...) except `program`, so a spawned CLI finds all
 * it uses but that one.
 */
export function pathWithout(program: string): string {
	const bin = tempDir("touchstone-path-");
	const linked = new Set(["node", program]);
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

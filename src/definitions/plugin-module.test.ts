import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolvePluginModule } from "./plugin-module.js";

function folders(): { root: string; dir: string } {
	const root = mkdtempSync(join(tmpdir(), "touchstone-plugin-module-"));
	const dir = join(root, "benchmarks");
	mkdirSync(join(dir, "plugins"), { recursive: true });
	return { root, dir };
}

describe("resolvePluginModule", () => {
	it("resolves a module path inside the benchmarks folder, and refuses one that leaves it by .. or by a symlink", () => {
		const { root, dir } = folders();
		writeFileSync(join(dir, "plugins", "mine.mjs"), "export default {};");
		writeFileSync(join(root, "elsewhere.mjs"), "export default {};");
		symlinkSync(join(root, "elsewhere.mjs"), join(dir, "plugins", "link.mjs"));
		expect(resolvePluginModule(dir, "./plugins/mine.mjs")).toEqual({
			reference: "./plugins/mine.mjs",
			kind: "file",
			path: join(dir, "plugins", "mine.mjs"),
			packageVersion: null,
		});
		for (const reference of ["../elsewhere.mjs", "./plugins/link.mjs"])
			expect(resolvePluginModule(dir, reference)).toMatchObject({
				message: expect.stringContaining("outside the benchmarks folder"),
			});
		expect(resolvePluginModule(dir, "./plugins/none.mjs")).toMatchObject({
			message: expect.stringContaining("does not exist"),
		});
	});

	it("resolves an installed package from the benchmarks folder, with its package.json version; a Node built-in is none", () => {
		const { root, dir } = folders();
		const packageDir = join(root, "node_modules", "team-plugin");
		mkdirSync(join(packageDir, "lib"), { recursive: true });
		writeFileSync(
			join(packageDir, "package.json"),
			JSON.stringify({ name: "team-plugin", version: "3.1.0", main: "lib/main.js" }),
		);
		writeFileSync(join(packageDir, "lib", "main.js"), "module.exports = {};");
		expect(resolvePluginModule(dir, "team-plugin")).toEqual({
			reference: "team-plugin",
			kind: "package",
			path: join(packageDir, "lib", "main.js"),
			packageVersion: "3.1.0",
		});
		expect(resolvePluginModule(dir, "fs")).toMatchObject({ message: expect.stringContaining("Node.js built-in") });
		expect(resolvePluginModule(dir, "not-installed")).toMatchObject({
			message: expect.stringContaining("no installed package"),
		});
	});
});

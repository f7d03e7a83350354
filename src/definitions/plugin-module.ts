import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { resolvesOutside } from "./match-files.js";

/** A user plugin module named in `plugin:`, resolved to the file that is imported. */
export interface PluginModule {
	/** What use_cases.yaml wrote, e.g. `./plugins/word-count.mjs` or `touchstone-plugin-sql`. */
	readonly reference: string;
	/** `file`: a path inside the benchmarks folder; `package`: a package the user installed. */
	readonly kind: "file" | "package";
	/** Absolute path of the module file that is imported (a package's resolved entry). */
	readonly path: string;
	/** A package's package.json `version`; null for a file (or a package.json without one). */
	readonly packageVersion: string | null;
}

/** Why a `plugin:` value names no module, and how to fix it. */
export interface PluginModuleProblem {
	readonly message: string;
	readonly fix: string;
}

/** True when a `plugin:` value is a path (`./…` or `../…`) rather than an id or a package name. */
export function isPluginPath(reference: string): boolean {
	return reference.startsWith("./") || reference.startsWith("../");
}

/**
 * Resolves a `plugin:` value that is not a built-in id: a path relative to the benchmarks folder
 * that must stay inside it (symlinks included), or a package name resolved from the benchmarks
 * folder as Node's `require.resolve` would (its `exports` with the `node`/`require`/`default`
 * conditions, else `main`). Never imports the module.
 */
export function resolvePluginModule(dir: string, reference: string): PluginModule | PluginModuleProblem {
	if (isPluginPath(reference)) {
		const path = resolve(dir, reference);
		const lexical = relative(resolve(dir), path);
		const outside = lexical.startsWith("..") ? path : resolvesOutside(dir, reference);
		if (outside !== null)
			return {
				message: `the plugin module \`${reference}\` resolves to ${outside}, outside the benchmarks folder`,
				fix: "keep plugin modules inside the benchmarks folder (e.g. `./plugins/my-plugin.mjs`), or publish it as a package and install it",
			};
		if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true)
			return {
				message: `the plugin module \`${reference}\` does not exist (relative to ${dir})`,
				fix: "create the module there (see docs/plugins.md), or correct the path",
			};
		return { reference, kind: "file", path, packageVersion: null };
	}
	let path: string;
	try {
		path = createRequire(join(resolve(dir), "package.json")).resolve(reference);
	} catch {
		return {
			message: `no built-in plugin and no installed package \`${reference}\` (resolved from ${dir})`,
			fix: "name a built-in plugin, a module in the benchmarks folder as `./plugins/<name>.mjs`, or install the package (`npm install <name>`)",
		};
	}
	if (!path.startsWith("/") && !/^[A-Za-z]:/.test(path))
		return {
			message: `\`${reference}\` is a Node.js built-in module, not a plugin`,
			fix: "name a built-in plugin, a module in the benchmarks folder, or an installed package",
		};
	return { reference, kind: "package", path, packageVersion: packageVersionOf(path, reference) };
}

/** The `version` of the package.json of `name` that holds `entry`, found walking up from it. */
function packageVersionOf(entry: string, name: string): string | null {
	for (let dir = dirname(entry); ; dir = dirname(dir)) {
		try {
			const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
				name?: unknown;
				version?: unknown;
			};
			if (manifest.name === name) return typeof manifest.version === "string" ? manifest.version : null;
		} catch {
			// No readable package.json here: keep walking up.
		}
		if (dirname(dir) === dir) return null;
	}
}

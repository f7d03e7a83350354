// Bundles the compiled CLI (dist/src/cli/main.js and everything it imports, packages included) into
// dist/cli/, so a `touchstone` process loads a handful of files instead of ~450 ES modules: start-up
// fell from 0.53 s to 0.26 s for `touchstone --help` (measured on this project's 2-core machine),
// and the test suite spawns the CLI some 300 times. The unbundled tsc output stays in dist/src/:
// the worker threads, the sandbox helpers and the benchmarks run from there.
//
// One rewrite keeps the bundle honest: inside each of touchstone's own modules `import.meta.url`
// is replaced by the URL that module has in dist/src/, so every file it finds beside itself (the
// worker threads, the Python and Node helpers, package.json above it) is found exactly as when
// the module runs unbundled. All outputs sit in dist/cli/ itself (no chunk folder), so the
// relative URL is the same from every output file.
import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { build } from "esbuild";

const OUT_DIR = resolve("dist/cli");
const OWN_MODULES = resolve("dist/src");

/** Rewrites `import.meta.url` in touchstone's own modules to their unbundled location. */
const ownLocation = {
	name: "own-import-meta-url",
	setup(builder) {
		builder.onLoad({ filter: /\.js$/ }, async (args) => {
			if (!args.path.startsWith(`${OWN_MODULES}/`)) return undefined;
			const source = await readFile(args.path, "utf8");
			if (!source.includes("import.meta.url")) return { contents: source, loader: "js" };
			const fromOutput = relative(OUT_DIR, args.path).split("\\").join("/");
			const url = `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`;
			return { contents: source.replaceAll("import.meta.url", url), loader: "js" };
		});
	},
};

// A fresh folder each time: chunk names carry hashes, and stale chunks must not pile up.
rmSync(OUT_DIR, { recursive: true, force: true });

await build({
	entryPoints: { main: "dist/src/cli/main.js" },
	outdir: OUT_DIR,
	bundle: true,
	splitting: true,
	format: "esm",
	platform: "node",
	target: "node20",
	chunkNames: "chunk-[hash]",
	// The native SQLite binding is loaded from node_modules at run time.
	external: ["better-sqlite3"],
	// CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
	banner: {
		js: "import { createRequire as __touchstoneRequire } from 'node:module'; const require = __touchstoneRequire(import.meta.url);",
	},
	plugins: [ownLocation],
	logLevel: "warning",
});

// A hostile stand-in for a CLI coding agent behind the external-harness contract (or, with the
// argument `single-shot`, a single-shot `command` model reading its prompt on stdin). It tries to
// reach what a sandboxed model must not: the files, variables and URL named in its prompt after
// `PROBES:` (JSON `{files: {name: path}, variables: [name], url}`), writes a cache into its HOME,
// fixes src/sum.mjs when there is one, and reports everything it found as JSON: in its final
// message and trace, or as its whole reply.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const singleShot = process.argv[2] === "single-shot";
const input = readFileSync(0, "utf8");
const request = singleShot ? { prompt: input, workdir: process.cwd() } : JSON.parse(input);
const probes = JSON.parse(request.prompt.slice(request.prompt.indexOf("PROBES:") + "PROBES:".length));

const found = {
	files: {},
	variables: {},
	network: null,
	home: process.env.HOME,
	cwd: process.cwd(),
	env: Object.keys(process.env).sort(),
	root: readdirSync("/").sort(),
};
for (const [name, path] of Object.entries(probes.files)) {
	try {
		found.files[name] = readFileSync(path, "utf8").slice(0, 200);
	} catch {
		found.files[name] = null;
	}
}
for (const name of probes.variables) found.variables[name] = process.env[name] ?? null;
try {
	const response = await fetch(probes.url, { signal: AbortSignal.timeout(2_000) });
	found.network = await response.text();
} catch {
	found.network = null;
}

// Caches and config in HOME, as real agents write them: they must not show in the diff.
mkdirSync(join(process.env.HOME, ".cache", "agent"), { recursive: true });
writeFileSync(join(process.env.HOME, ".cache", "agent", "state.json"), "{}\n");
const sum = join(request.workdir, "src", "sum.mjs");
if (existsSync(sum)) writeFileSync(sum, readFileSync(sum, "utf8").replace("a - b", "a + b"));

const report = JSON.stringify(found);
if (singleShot) {
	console.log(report);
} else {
	console.log(
		JSON.stringify({
			final: report,
			trace: [{ kind: "message", content: report }],
			telemetry: { input_tokens: 2000, output_tokens: 500, turns: 1 },
		}),
	);
}

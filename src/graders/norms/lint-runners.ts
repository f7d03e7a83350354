import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { isPythonPath, isScriptPath } from "./file-kinds.js";
import { runTool } from "./run-tool.js";

/** The Biome version norms findings are counted with; any other version is N/A (its rules differ). */
export const BIOME_VERSION = "2.6.8";
/** The ruff version norms findings are counted with; any other version is N/A. */
export const RUFF_VERSION = "0.8.4";

/** Most seconds one lint run may take. */
const LINT_TIMEOUT_MS = 60_000;

/** A file's text, at a path relative to the workdir. */
export interface LintFile {
	readonly path: string;
	readonly text: string;
}

/** One finding: which rule fired in which file. */
export interface LintFinding {
	readonly path: string;
	readonly rule: string;
}

/** What a lint run gave: its findings, or why there are none to compare (N/A, never 0). */
export type LintRun =
	| { readonly ok: true; readonly version: string; readonly findings: readonly LintFinding[] }
	| { readonly ok: false; readonly reason: string };

/** A linter the norms record runs over the changed files, before and after. */
export interface LintRunner {
	/** `biome`, `ruff`. */
	readonly id: string;
	/** Whether it lints this file. */
	applies(path: string): boolean;
	/** Lints these texts on an isolated copy, with no download and no project configuration; never throws. */
	lint(files: readonly LintFile[], signal: AbortSignal): Promise<LintRun>;
}

/** The default runners: Biome for JavaScript/TypeScript and ruff for Python, each at its pinned version. */
export function defaultLintRunners(): LintRunner[] {
	return [createBiomeRunner(), createRuffRunner()];
}

/**
 * Biome from touchstone's own installation (`@biomejs/biome`), never downloaded, with its
 * recommended rules and a configuration of its own written beside the copies, so neither the
 * task's nor the user's configuration changes what counts as a finding.
 */
export function createBiomeRunner(binary: string | null = biomeBinary()): LintRunner {
	return {
		id: "biome",
		applies: isScriptPath,
		async lint(files, signal) {
			if (binary === null) return { ok: false, reason: "Biome is not installed (no @biomejs/biome beside touchstone)" };
			return inCopy(files, async (root) => {
				const version = await toolVersion(binary, root, signal);
				if (!version.ok) return version;
				if (version.version !== BIOME_VERSION)
					return { ok: false, reason: `Biome ${version.version} is installed, norms pin ${BIOME_VERSION}` };
				await writeFile(join(root, "biome.json"), BIOME_CONFIG);
				const args = ["lint", "--reporter=json", "--max-diagnostics=none", "--colors=off", "--config-path=biome.json"];
				const outcome = await runTool(binary, [...args, ...files.map((file) => file.path)], {
					cwd: root,
					timeoutMs: LINT_TIMEOUT_MS,
					signal,
				});
				if (!outcome.started) return { ok: false, reason: outcome.reason };
				const report = parseJson(outcome.stdout.slice(Math.max(0, outcome.stdout.indexOf("{"))));
				const diagnostics = (report as { diagnostics?: unknown } | null)?.diagnostics;
				if (outcome.code > 1 || !Array.isArray(diagnostics))
					return {
						ok: false,
						reason: `Biome could not analyse the files (exit ${outcome.code}): ${firstLine(outcome.stderr)}`,
					};
				const findings = diagnostics.flatMap((item: { category?: unknown; location?: { path?: unknown } }) =>
					typeof item.category === "string" &&
					item.category.startsWith("lint/") &&
					typeof item.location?.path === "string"
						? [{ path: item.location.path, rule: item.category }]
						: [],
				);
				return { ok: true, version: version.version, findings };
			});
		},
	};
}

/** ruff from PATH when installed, isolated from any configuration, with its default rules and no cache. */
export function createRuffRunner(binary = "ruff"): LintRunner {
	return {
		id: "ruff",
		applies: isPythonPath,
		async lint(files, signal) {
			return inCopy(files, async (root) => {
				const version = await toolVersion(binary, root, signal);
				if (!version.ok) return version;
				if (version.version !== RUFF_VERSION)
					return { ok: false, reason: `ruff ${version.version} is installed, norms pin ${RUFF_VERSION}` };
				const args = ["check", "--isolated", "--no-cache", "--output-format=json", "--exit-zero"];
				const outcome = await runTool(binary, [...args, ...files.map((file) => file.path)], {
					cwd: root,
					timeoutMs: LINT_TIMEOUT_MS,
					signal,
				});
				if (!outcome.started) return { ok: false, reason: outcome.reason };
				const report = parseJson(outcome.stdout);
				if (outcome.code !== 0 || !Array.isArray(report))
					return {
						ok: false,
						reason: `ruff could not analyse the files (exit ${outcome.code}): ${firstLine(outcome.stderr)}`,
					};
				const findings = report.flatMap((item: { filename?: unknown; code?: unknown }) =>
					typeof item.filename === "string"
						? [{ path: relative(root, item.filename), rule: typeof item.code === "string" ? item.code : "syntax" }]
						: [],
				);
				return { ok: true, version: version.version, findings };
			});
		},
	};
}

const BIOME_CONFIG = `${JSON.stringify({
	vcs: { enabled: false },
	files: { ignoreUnknown: true },
	formatter: { enabled: false },
	assist: { enabled: false },
	linter: { enabled: true, rules: { recommended: true } },
})}\n`;

function biomeBinary(): string | null {
	try {
		return createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
	} catch {
		return null;
	}
}

/** Versions by binary, asked once per process: a run grades many cells with the same tools. */
const versions = new Map<string, Promise<{ ok: true; version: string } | { ok: false; reason: string }>>();

function toolVersion(
	binary: string,
	cwd: string,
	signal: AbortSignal,
): Promise<{ ok: true; version: string } | { ok: false; reason: string }> {
	let version = versions.get(binary);
	if (version === undefined) {
		version = askVersion(binary, cwd, signal);
		versions.set(binary, version);
		// An aborted or failed start is not remembered: the next cell asks again.
		void version.then((answer) => {
			if (!answer.ok && signal.aborted) versions.delete(binary);
		});
	}
	return version;
}

async function askVersion(
	binary: string,
	cwd: string,
	signal: AbortSignal,
): Promise<{ ok: true; version: string } | { ok: false; reason: string }> {
	const outcome = await runTool(binary, ["--version"], { cwd, timeoutMs: LINT_TIMEOUT_MS, signal });
	if (!outcome.started) return { ok: false, reason: outcome.reason };
	const version = /(\d+\.\d+\.\d+)/.exec(outcome.stdout)?.[1];
	if (outcome.code !== 0 || version === undefined)
		return { ok: false, reason: `${binary} --version gave no version (exit ${outcome.code})` };
	return { ok: true, version };
}

/** Writes the texts into a fresh temporary folder, runs `work` there and removes it. */
async function inCopy(files: readonly LintFile[], work: (root: string) => Promise<LintRun>): Promise<LintRun> {
	const root = await mkdtemp(join(tmpdir(), "touchstone-norms-lint-"));
	try {
		for (const file of files) {
			const target = join(root, file.path);
			await mkdir(dirname(target), { recursive: true });
			await writeFile(target, file.text);
		}
		return await work(root);
	} catch (error) {
		return { ok: false, reason: `the lint copy failed: ${error instanceof Error ? error.message : String(error)}` };
	} finally {
		await rm(root, { recursive: true, force: true });
	}
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
}

function firstLine(text: string): string {
	return text.trim().split("\n")[0] ?? "";
}

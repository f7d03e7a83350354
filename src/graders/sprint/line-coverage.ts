import { realpath } from "node:fs/promises";
import { basename } from "node:path";
import { z } from "zod";
import type { JsonObject, Sandbox } from "../../contract/index.js";
import { type ChangedFile, COVERED_EXTENSIONS, etalonChangedLines } from "./changed-lines.js";
import type { Etalon } from "./etalon.js";
import { ratio, type SprintScoringInput } from "./scoring-input.js";
import { coveredAt, readV8Coverage } from "./v8-coverage.js";

/** The corpus layer's `lines` part: measured with its counts, or not with its reason. */
export type LinesPart =
	| { readonly measured: true; readonly score: number; readonly figures: JsonObject }
	| { readonly measured: false; readonly reason: string };

/** How the corpus run collects coverage: the variables and argv it runs with, and what it reads after the run. */
export interface CoveragePlan {
	readonly env: Readonly<Record<string, string>>;
	readonly argv: readonly string[];
	collect(sandbox: Sandbox): Promise<LinesPart>;
}

/** The folder of the workdir the coverage data is written to. */
export const COVERAGE_DIR = ".touchstone-coverage";

/**
 * How the corpus run measures which of the etalon's changed lines the model's tests run: for
 * `node-test`, Node's own V8 coverage (`NODE_V8_COVERAGE`, every node process of the run); for
 * `pytest`, coverage.py wrapping `python -m pytest`, only where `python -m coverage` runs in the
 * sandbox. Otherwise (Vitest, no coverage.py, no changed line to cover) the part is not measured,
 * and the reason says why.
 */
export async function planCoverage(
	sandbox: Sandbox,
	input: SprintScoringInput,
	etalon: Etalon,
	overlay: readonly string[],
): Promise<CoveragePlan | { readonly reason: string }> {
	const { test, test_report } = input.sprint.commands;
	if (test_report === "vitest")
		return { reason: "no line coverage reader for Vitest runs (node-test and pytest have one)" };
	const python = test_report === "pytest";
	const changed = await etalonChangedLines(
		input,
		etalon,
		overlay,
		python ? COVERED_EXTENSIONS.python : COVERED_EXTENSIONS.v8,
	);
	const total = changed.reduce((sum, file) => sum + file.lines.length, 0);
	if (total === 0)
		return {
			reason: `the etalon adds or changes no line of code in its implementation files (${(python ? COVERED_EXTENSIONS.python : COVERED_EXTENSIONS.v8).join(", ")})`,
		};
	if (!python) return v8Plan(sandbox, test, changed);
	return pythonPlan(sandbox, input, test, changed);
}

function v8Plan(sandbox: Sandbox, argv: readonly string[], changed: readonly ChangedFile[]): CoveragePlan {
	return {
		env: { NODE_V8_COVERAGE: `${sandbox.commandWorkdir}/${COVERAGE_DIR}` },
		argv,
		async collect(box) {
			const entries = await box.list(COVERAGE_DIR).catch(() => []);
			const files = entries.filter((entry) => entry.kind === "file" && entry.name.endsWith(".json"));
			if (files.length === 0)
				return {
					measured: false,
					reason: "the test command wrote no V8 coverage (NODE_V8_COVERAGE): it ran no node process",
				};
			const texts = await Promise.all(files.map((entry) => box.read(entry.path)));
			const prefixes = await workdirPrefixes(box);
			let scripts = readV8Coverage(texts, prefixes[0] as string);
			if (scripts.scripts.size === 0 && prefixes[1] !== undefined) scripts = readV8Coverage(texts, prefixes[1]);
			const covered = (file: ChangedFile, line: ChangedFile["lines"][number]) =>
				coveredAt(scripts.scripts.get(file.path), line.offset);
			return linesFigures("v8", changed, covered, { coverage_files: files.length, unreadable: scripts.unreadable });
		},
	};
}

const coveragePyReport = z.object({
	files: z.record(z.string(), z.object({ executed_lines: z.array(z.number()), missing_lines: z.array(z.number()) })),
});

async function pythonPlan(
	sandbox: Sandbox,
	input: SprintScoringInput,
	argv: readonly string[],
	changed: readonly ChangedFile[],
): Promise<CoveragePlan | { readonly reason: string }> {
	const [program = "", flag, module, ...rest] = argv;
	if (!/^python[\d.]*$/.test(basename(program)) || flag !== "-m" || module !== "pytest")
		return { reason: `the test command is not \`python -m pytest …\`, so coverage.py cannot wrap it` };
	const probe = await sandbox.exec({ argv: [program, "-m", "coverage", "--version"] }, { signal: input.signal });
	if (probe.exit_code !== 0)
		return {
			reason: `coverage.py is not installed where the sandbox runs (\`${program} -m coverage --version\` exited ${probe.exit_code})`,
		};
	const data = `--data-file=${COVERAGE_DIR}/data`;
	return {
		env: {},
		argv: [program, "-m", "coverage", "run", data, "-m", "pytest", ...rest],
		async collect(box) {
			const report = `${COVERAGE_DIR}/coverage.json`;
			const exec = await box.exec(
				{ argv: [program, "-m", "coverage", "json", data, "-o", report] },
				{ signal: input.signal },
			);
			let parsed: ReturnType<typeof coveragePyReport.safeParse> | null = null;
			if (exec.exit_code === 0)
				parsed = await box
					.read(report)
					.then((text) => coveragePyReport.safeParse(JSON.parse(text)))
					.catch(() => null);
			if (parsed?.success !== true)
				return { measured: false, reason: `coverage.py wrote no readable report (exit ${exec.exit_code})` };
			const prefix = `${box.commandWorkdir}/`;
			const byPath = new Map(
				Object.entries(parsed.data.files).map(([path, file]) => [
					path.startsWith(prefix) ? path.slice(prefix.length) : path,
					file,
				]),
			);
			// Lines coverage.py does not list as executable (a continued statement) are left out of the count.
			const executable = changed.map((file) => {
				const report = byPath.get(file.path);
				const known = new Set([...(report?.executed_lines ?? []), ...(report?.missing_lines ?? [])]);
				return {
					...file,
					lines: report === undefined ? file.lines : file.lines.filter((line) => known.has(line.line)),
				};
			});
			const covered = (file: ChangedFile, line: ChangedFile["lines"][number]) =>
				byPath.get(file.path)?.executed_lines.includes(line.line) === true;
			return linesFigures("coverage.py", executable, covered, {});
		},
	};
}

/** The part's score and figures: changed lines covered over changed lines, per file. */
function linesFigures(
	reader: string,
	changed: readonly ChangedFile[],
	covered: (file: ChangedFile, line: ChangedFile["lines"][number]) => boolean,
	extra: JsonObject,
): LinesPart {
	let total = 0;
	let hit = 0;
	const files = changed.map((file) => {
		const missed = file.lines.filter((line) => !covered(file, line)).map((line) => line.line);
		total += file.lines.length;
		hit += file.lines.length - missed.length;
		return { path: file.path, changed: file.lines.length, covered: file.lines.length - missed.length, missed };
	});
	if (total === 0) return { measured: false, reason: "no changed line is executable code" };
	return {
		measured: true,
		score: ratio(hit, total),
		figures: { reader, covered: hit, changed: total, files, ...extra },
	};
}

/** The workdir as commands see it, and (process backend) its real path when that differs. */
async function workdirPrefixes(sandbox: Sandbox): Promise<string[]> {
	const real = await realpath(sandbox.workdir).catch(() => sandbox.workdir);
	return sandbox.commandWorkdir === sandbox.workdir && real !== sandbox.workdir
		? [sandbox.commandWorkdir, real]
		: [sandbox.commandWorkdir];
}

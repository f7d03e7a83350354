import { createHash } from "node:crypto";
import { resolve } from "node:path";
import type { InputIssue, PluginContext } from "../../contract/index.js";
import { rubricPanelKey } from "../../graders/index.js";
import { type Problem, placeInside, readRegularFile, type YamlDocument } from "../../input/index.js";
import type { CheckEnvironment } from "./check-grader.js";
import type { Check } from "./check-schema.js";
import type { CasesGrading } from "./grading-schema.js";

/** Largest check module read, in bytes: a check is a small script, not a bundle. */
const MAX_MODULE_BYTES = 1024 * 1024;

type ModuleHash = { sha256: string } | { message: string; fix: string };
/** Each module is read once per environment, however many cases name it. */
const moduleHashes = new WeakMap<CheckEnvironment, Map<string, ModuleHash>>();

/** The environment of a cases use case's checks: its benchmarks folder and its lazily resolved panel. */
export function checkEnvironment(context: PluginContext): CheckEnvironment {
	return {
		benchmarksDir: context.benchmarks_dir,
		jury: () => context.jury ?? context.juryPanel?.() ?? null,
	};
}

/**
 * Fills in what a check's result depends on beyond what the author wrote, so that it enters the
 * cell key: a javascript check's `sha256` (of the module file, which must be a regular file
 * inside the benchmarks folder) and a rubric check's `panel_key` (see rubricPanelKey). Problems are placed at the check's index in the list. The list comes back as it was
 * when it has neither kind.
 */
export function resolveChecks(
	checks: readonly Check[],
	environment: CheckEnvironment,
): { readonly checks: readonly Check[]; readonly problems: Problem[] } {
	if (!checks.some((check) => "javascript" in check || "rubric" in check)) return { checks, problems: [] };
	const problems: Problem[] = [];
	const known = moduleHashes.get(environment) ?? new Map<string, ModuleHash>();
	moduleHashes.set(environment, known);
	const resolved = checks.map((check, index): Check => {
		if ("javascript" in check) {
			let found = known.get(check.javascript);
			if (found === undefined) {
				found = moduleHash(environment.benchmarksDir, check.javascript);
				known.set(check.javascript, found);
			}
			if ("sha256" in found) return { ...check, sha256: found.sha256 };
			problems.push({ path: [index, "javascript"], ...found });
			return check;
		}
		if ("rubric" in check) {
			const panel = environment.jury();
			if (panel !== null) return { ...check, panel_key: rubricPanelKey(panel) };
			problems.push({
				path: [index, "rubric"],
				message: "a rubric check is graded by the use case's judge panel, and no panel with a juror is resolvable",
				fix: "pin a panel in judge_panels.yaml whose jurors are models of models.yaml, and name it in the use case's `judge_panel:` (or mark models `role: anchor` for the built-in panel)",
				atKey: true,
			});
		}
		return check;
	});
	return { checks: resolved, problems };
}

/** {@link resolveChecks} for a list under `checks:` of `document` (a case, or the grading block), its problems placed there. */
export function resolveCheckList(
	checks: readonly Check[],
	document: YamlDocument,
	environment: CheckEnvironment,
): { readonly checks: readonly Check[]; readonly issues: InputIssue[] } {
	const resolved = resolveChecks(checks, environment);
	return {
		checks: resolved.checks,
		issues: resolved.problems.map((problem) => document.issue({ ...problem, path: ["checks", ...problem.path] })),
	};
}

/** The grading block with its default checks resolved (see {@link resolveChecks}), and their problems. */
export function resolveGrading(
	grading: CasesGrading,
	document: YamlDocument,
	environment: CheckEnvironment,
): { readonly grading: CasesGrading; readonly issues: InputIssue[] } {
	if (grading.checks === null) return { grading, issues: [] };
	const { checks, issues } = resolveCheckList(grading.checks, document, environment);
	return { grading: { ...grading, checks }, issues };
}

function moduleHash(benchmarksDir: string, path: string): ModuleHash {
	const fix =
		"write the module (exporting `check({ output, input, reference, vars })`) inside the benchmarks folder, e.g. `benchmarks/checks/valid-sql.mjs`, and give its path relative to that folder";
	const place = placeInside(benchmarksDir, path);
	if ("outside" in place)
		return {
			message: `the javascript check module ${path} is outside the benchmarks folder (${"real" in place ? place.real : resolve(benchmarksDir, path)})`,
			fix,
		};
	if (place.real === null)
		return { message: `the javascript check module ${path} does not exist in ${benchmarksDir}`, fix };
	const read = readRegularFile(place.real, { maxBytes: MAX_MODULE_BYTES });
	if ("refused" in read)
		return {
			message: `the javascript check module ${path} cannot be read: ${read.refused} (${read.detail})`,
			fix: `make it a regular file of at most ${MAX_MODULE_BYTES} bytes`,
		};
	return { sha256: createHash("sha256").update(read.bytes).digest("hex") };
}

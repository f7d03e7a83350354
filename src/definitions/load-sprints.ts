import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { BadInputError, type InputIssue, SPRINT_FILE, type SprintDefinition } from "../contract/index.js";
import { closestMatch, readInputFile } from "../input/index.js";
import { resolvesOutside } from "./match-files.js";
import { schemaIssues } from "./schema-issues.js";
import { type SprintFile, sprintSchema } from "./sprint-schema.js";
import { parseYamlFile, type YamlFile } from "./yaml-file.js";

/** The folder under a benchmarks/ folder that holds one folder per sprint. */
export const SPRINTS_DIR = "sprints";

/**
 * Loads `DIR/sprints/<id>/sprint.yaml` for every sprint folder (folders starting with `.` or `_`
 * are skipped). No sprints folder is no sprints. Throws one BadInputError listing every problem
 * of every sprint, each with its file, line, column and fix: YAML syntax, schema, a guide, etalon
 * or mutation set that is missing or reaches outside the sprint's folder, a reviewer panel that is
 * not one of `panels` (when given). Never writes.
 */
export function loadSprints(
	benchmarksDir: string,
	options: { readonly panels?: readonly string[] } = {},
): SprintDefinition[] {
	const root = join(benchmarksDir, SPRINTS_DIR);
	if (statSync(root, { throwIfNoEntry: false })?.isDirectory() !== true) return [];
	const issues: InputIssue[] = [];
	const sprints: SprintDefinition[] = [];
	for (const id of readdirSync(root).sort()) {
		if (id.startsWith(".") || id.startsWith("_")) continue;
		const dir = join(root, id);
		if (statSync(dir).isDirectory() !== true) continue;
		const sprint = loadSprint(id, dir, issues, options.panels ?? null);
		if (sprint !== null) sprints.push(sprint);
	}
	if (issues.length > 0)
		throw new BadInputError(
			`Cannot load the sprints in ${root}: ${issues.length} problem${issues.length === 1 ? "" : "s"}`,
			issues,
		);
	return sprints;
}

function loadSprint(
	id: string,
	dir: string,
	issues: InputIssue[],
	panels: readonly string[] | null,
): SprintDefinition | null {
	const source = join(dir, SPRINT_FILE);
	const read = readInputFile(source, SPRINT_FILE);
	if (read.issue !== null) {
		issues.push(
			read.missing
				? {
						...read.issue,
						message: `the sprint folder has no ${SPRINT_FILE}`,
						fix: `write ${SPRINT_FILE} (see touchstone schema), or start the folder's name with \`_\``,
					}
				: read.issue,
		);
		return null;
	}
	const file = parseYamlFile(source, read.text);
	if (file.syntaxIssues.length > 0) {
		issues.push(...file.syntaxIssues);
		return null;
	}
	const parsed = sprintSchema.safeParse(file.data);
	if (!parsed.success) {
		issues.push(...schemaIssues(file, sprintSchema, parsed.error.issues));
		return null;
	}
	const found = fileIssues(dir, file, parsed.data);
	const reviewers = parsed.data.reviewers;
	if (panels !== null && reviewers !== undefined && !panels.includes(reviewers)) {
		const suggestion = closestMatch(reviewers, panels);
		found.issues.push(
			file.issueAt(["reviewers"], {
				message: `no judge panel \`${reviewers}\` in judge_panels.yaml`,
				fix:
					suggestion !== null
						? `did you mean \`${suggestion}\`?`
						: `use one of: ${panels.join(", ") || "(none defined)"}`,
			}),
		);
	}
	if (found.issues.length > 0) {
		issues.push(...found.issues);
		return null;
	}
	const sprint = parsed.data;
	return {
		id,
		title: sprint.title ?? null,
		dir,
		source: sprint.source,
		plan_path: sprint.plan ?? null,
		milestones:
			sprint.milestones?.map((milestone) => ({ id: milestone.id, title: milestone.title, body: milestone.brief })) ??
			null,
		guide_path: join(dir, sprint.guide),
		workspace: sprint.workspace,
		branch: sprint.branch,
		scope: sprint.scope,
		commands: {
			setup: sprint.commands.setup,
			ci: sprint.commands.ci,
			test: sprint.commands.test,
			lint: sprint.commands.lint ?? null,
			test_report: sprint.commands.test_report,
			test_report_file: sprint.commands.test_report_file ?? null,
		},
		tests: sprint.tests,
		superseded: sprint.superseded,
		etalon_path: join(dir, sprint.etalon),
		mutation_patches: found.patches,
		scoring: {
			weights: sprint.scoring.weights,
			corpus: sprint.scoring.corpus,
			thresholds: sprint.scoring.thresholds,
		},
		reviewers: sprint.reviewers ?? null,
		attempts: sprint.attempts,
		orchestration: sprint.orchestration,
		budget: {
			turns_per_milestone: sprint.budget.turns_per_milestone ?? null,
			tokens: sprint.budget.tokens ?? null,
			cost_usd: sprint.budget.cost_usd ?? null,
			wall_clock_s: sprint.budget.wall_clock_s ?? null,
		},
	};
}

/** The guide, etalon and mutation set: present, of the right kind, inside the sprint's folder. */
function fileIssues(dir: string, file: YamlFile, sprint: SprintFile): { issues: InputIssue[]; patches: string[] } {
	const issues: InputIssue[] = [];
	const at = (key: string, message: string, fix: string) => issues.push(file.issueAt([key], { message, fix }));
	const kind = (path: string) => statSync(join(dir, path), { throwIfNoEntry: false });
	const checkInside = (key: string, path: string) => {
		const outside = resolvesOutside(dir, path);
		if (outside === null) return true;
		at(
			key,
			`${path} leads outside the sprint's folder (to ${outside})`,
			"keep it in the sprint folder as a real file, not a symlink out",
		);
		return false;
	};
	const guide = kind(sprint.guide);
	if (guide?.isFile() !== true)
		at(
			"guide",
			`no runbook at ${sprint.guide} in the sprint folder`,
			"write guide.md: the fixed parameters and the autonomy rules that pre-answer every question a worker would ask",
		);
	else checkInside("guide", sprint.guide);
	if (kind(sprint.etalon)?.isDirectory() !== true)
		at(
			"etalon",
			`no etalon folder ${sprint.etalon} in the sprint folder`,
			"freeze the reference corpus there (the etalon's tests and implementation)",
		);
	else checkInside("etalon", sprint.etalon);
	let patches: string[] = [];
	if (kind(sprint.mutations)?.isDirectory() !== true)
		at(
			"mutations",
			`no mutation folder ${sprint.mutations} in the sprint folder`,
			"add the frozen bug patches there, one *.patch each",
		);
	else if (checkInside("mutations", sprint.mutations)) {
		patches = readdirSync(join(dir, sprint.mutations))
			.filter((name) => name.endsWith(".patch"))
			.sort()
			.map((name) => join(dir, sprint.mutations, name));
		if (patches.length === 0)
			at(
				"mutations",
				`${sprint.mutations} holds no *.patch`,
				"add the frozen bug patches, one *.patch each (git diff output)",
			);
		for (const patch of patches) {
			const outside = resolvesOutside(dir, patch);
			if (outside !== null)
				at(
					"mutations",
					`${patch} leads outside the sprint's folder (to ${outside})`,
					"copy the patch in instead of linking it",
				);
		}
	}
	return { issues, patches };
}

import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { OrchestrationMode, SprintDefinition, SprintRunState } from "../../contract/index.js";
import { TouchstoneError } from "../../contract/index.js";

/** Where sprint runs keep their clones, from the folder touchstone runs in (gitignored). */
export const SPRINT_WORKSPACES_DIR = join(".touchstone", "sprints");

/** A model id as a path and branch part: `scripted/strong` → `scripted-strong`. */
export function modelSlug(modelId: string): string {
	const slug = modelId
		.toLowerCase()
		.replace(/[^a-z0-9._-]+/g, "-")
		.replace(/^[-.]+|[-.]+$/g, "")
		.replace(/\.{2,}/g, ".");
	return slug === "" ? "model" : slug;
}

/** Fills a workspace or branch scheme's `{sprint}`, `{model_slug}` and `{orchestration}`. */
export function renderScheme(
	scheme: string,
	values: { sprint: string; model: string; orchestration: OrchestrationMode },
): string {
	return scheme
		.replaceAll("{sprint}", values.sprint)
		.replaceAll("{model_slug}", modelSlug(values.model))
		.replaceAll("{orchestration}", values.orchestration);
}

/** The files of one run's workspace folder. */
export interface SprintWorkspace {
	/** The workspace folder: `.touchstone/sprints/<workspace>`. */
	readonly root: string;
	/** Its name, the rendered workspace scheme. */
	readonly name: string;
	/** The clone's git folder (kept outside the work tree, so no sandbox ever sees it). */
	readonly gitDir: string;
	/** The clone's work tree: the run's branch, checked out, with the setup's output. */
	readonly tree: string;
	/** The run's ndjson log. */
	readonly log: string;
	/** Where a killed run resumes (see SprintRunState). */
	readonly state: string;
	/** The run's branch. */
	readonly branch: string;
}

/** The workspace a run of `sprint` by `model` in `orchestration` uses, under `baseDir`. */
export function sprintWorkspace(
	baseDir: string,
	sprint: SprintDefinition,
	model: string,
	orchestration: OrchestrationMode,
): SprintWorkspace {
	const values = { sprint: sprint.id, model, orchestration };
	const name = renderScheme(sprint.workspace, values);
	const root = resolve(baseDir, SPRINT_WORKSPACES_DIR, name);
	return {
		root,
		name,
		gitDir: join(root, "git"),
		tree: join(root, "repo"),
		log: join(root, "run.ndjson"),
		state: join(root, "state.json"),
		branch: renderScheme(sprint.branch, values),
	};
}

/** The run's state, or null when the workspace holds none (a fresh run). */
export function readRunState(workspace: SprintWorkspace): SprintRunState | null {
	if (!existsSync(workspace.state)) return null;
	try {
		const state = JSON.parse(readFileSync(workspace.state, "utf8")) as SprintRunState;
		if (state.format !== 1) throw new Error(`unknown format ${String(state.format)}`);
		return state;
	} catch (error) {
		throw new TouchstoneError(
			"sprint-state",
			`the sprint workspace's state ${workspace.state} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
			{ data: { fix: `remove the workspace with \`touchstone sprint prune\` and run the sprint again` } },
		);
	}
}

/** Writes the state whole (a temporary file renamed over it), so a kill leaves the old or the new one. */
export function writeRunState(workspace: SprintWorkspace, state: SprintRunState): void {
	const temporary = `${workspace.state}.${process.pid}.tmp`;
	writeFileSync(temporary, `${JSON.stringify(state, null, "\t")}\n`);
	renameSync(temporary, workspace.state);
}

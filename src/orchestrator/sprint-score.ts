import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type {
	JuryPanel,
	ModelEntry,
	Provider,
	SprintDefinition,
	SprintFootprint,
	SprintLayer,
	SprintLayerResult,
	SprintLogEntry,
	SprintOutcome,
	SprintRunState,
} from "../contract/index.js";
import { type Definitions, findModel } from "../definitions/index.js";
import {
	corpusLayer,
	costLayer,
	gatesLayer,
	mutationsLayer,
	processLayer,
	readSprintLog,
	reviewLayer,
	sprintFootprint,
	testPathMatcher,
} from "../graders/index.js";
import { diffSize, git, type SprintWorkspace } from "../runners/index.js";

const run = promisify(execFile);

/** The layers a finished branch is scored by; a failed run gets only those read from its log. */
const BRANCH_LAYERS: readonly SprintLayer[] = ["gates", "corpus", "mutations", "review"];

/** What scoring a run needs. */
export interface SprintScoreRequest {
	readonly definitions: Definitions;
	readonly sprint: SprintDefinition;
	readonly model: ModelEntry;
	readonly workspace: SprintWorkspace;
	readonly state: SprintRunState;
	readonly outcome: SprintOutcome;
	/**
	 * Another log to read the process and cost layers from (an external agent's own session log,
	 * `claude-code` or `pi`, or `auto`), instead of the run's; its `workdir` makes its absolute paths
	 * repository-relative.
	 */
	readonly log?: {
		readonly path: string;
		readonly format: "auto" | "touchstone" | "claude-code" | "pi";
		readonly workdir?: string;
	};
	/** The layers to score; every one when absent. */
	readonly only?: readonly SprintLayer[];
	readonly providerFor: (model: ModelEntry) => Provider;
	readonly sandbox: { readonly backend: "auto" | "bubblewrap" | "process"; readonly allowUnisolated: boolean };
	readonly signal: AbortSignal;
}

/** Every layer's result, the footprint, and the branch's diff against the baseline. */
export interface SprintScored {
	readonly layers: Partial<Record<SprintLayer, SprintLayerResult>>;
	readonly footprint: SprintFootprint;
	readonly diff: string;
	readonly log_problems: number;
}

/**
 * Scores a run from its workspace: the log's layers (process, cost) for every run, and for a run
 * that passed every milestone the branch's layers (gates, corpus, mutations on copies of the
 * branch and of the baseline, review of the diff by the sprint's panel). A failed run is not
 * scored on its partial work: those layers say why they were not measured. Layers are measured
 * in sequence (each runs its own sandboxes), so a run's figures never compete with each other.
 */
export async function scoreSprint(request: SprintScoreRequest): Promise<SprintScored> {
	const { sprint, workspace, state } = request;
	const wanted = (layer: SprintLayer) => request.only === undefined || request.only.includes(layer);
	const read = await readSprintLog(workspace.log, "touchstone");
	let entries: readonly SprintLogEntry[] = read.entries;
	let logProblems = read.problems.length;
	if (request.log !== undefined) {
		// The agent's own session log for its calls; the run's log still holds the harness's verdicts (attempts, CI, scope).
		const external = await readSprintLog(request.log.path, request.log.format);
		entries = [...read.entries.filter((entry) => entry.role === "harness"), ...external.entries];
		logProblems += external.problems.length;
	}
	const gitDir = workspace.gitDir;
	const place = { gitDir, workTree: workspace.tree };
	const size = await diffSize(gitDir, state.baseline, "HEAD");
	const diff = await git(place, ["diff", "--no-color", state.baseline, "HEAD"]);
	const footprint = sprintFootprint(entries, size, state.wall_ms);
	const baselineFiles = new Set((await git(place, ["ls-tree", "-r", "--name-only", state.baseline])).split("\n"));
	const isTest = testPathMatcher(sprint);
	const layers: Partial<Record<SprintLayer, SprintLayerResult>> = {};
	if (wanted("process"))
		layers.process = processLayer(entries, {
			milestones: state.milestones.length,
			isBaselineTest: (path) => baselineFiles.has(path) && isTest(path),
			thresholds: sprint.scoring.thresholds,
			...(request.log?.workdir === undefined ? {} : { workdir: request.log.workdir }),
		});
	if (wanted("cost")) layers.cost = costLayer(entries, sprint.scoring.thresholds);
	if (request.outcome !== "passed") {
		for (const layer of BRANCH_LAYERS)
			if (wanted(layer))
				layers[layer] = {
					layer,
					measured: false,
					score: null,
					passed: null,
					reason: `the run ended ${request.outcome}: a failed run is not scored on its partial work`,
					figures: {},
					version: "1",
				};
		return { layers, footprint, diff, log_problems: logProblems };
	}
	const trees = await branchTrees(workspace, state.baseline);
	try {
		const input = {
			sprint,
			tree: trees.branch,
			baselineTree: trees.baseline,
			sandbox: request.sandbox,
			signal: request.signal,
		};
		if (wanted("gates")) layers.gates = await gatesLayer(input);
		if (wanted("corpus")) layers.corpus = await corpusLayer(input);
		if (wanted("mutations")) layers.mutations = await mutationsLayer(input);
	} finally {
		await rm(trees.root, { recursive: true, force: true });
	}
	if (wanted("review"))
		layers.review = await reviewLayer({
			diff,
			sprintTitle: sprint.title ?? sprint.id,
			plan: await planText(sprint, place, state.baseline),
			model: request.model,
			panel: reviewPanel(request),
			signal: request.signal,
		});
	return { layers, footprint, diff, log_problems: logProblems };
}

/**
 * Two copies to score on, without the clone's `.git` link: the branch as it finished (with the
 * setup's ignored output, which CI may need), and the same with the baseline's files put back
 * (files the branch added removed, the baseline's own restored from git).
 */
async function branchTrees(workspace: SprintWorkspace, baseline: string) {
	const root = await mkdtemp(join(tmpdir(), "touchstone-sprint-score-"));
	const branch = join(root, "branch");
	const base = join(root, "baseline");
	const skipGit = (path: string) => !path.endsWith("/.git");
	await cp(workspace.tree, branch, { recursive: true, filter: skipGit, verbatimSymlinks: true });
	await cp(workspace.tree, base, { recursive: true, filter: skipGit, verbatimSymlinks: true });
	const place = { gitDir: workspace.gitDir, workTree: base };
	const added = (await git(place, ["diff", "--name-only", "-z", "--diff-filter=A", baseline, "HEAD"])).split("\0");
	for (const path of added) if (path !== "") await rm(join(base, path), { force: true });
	const archive = join(root, "baseline.tar");
	await git(place, ["archive", "--format=tar", "-o", archive, baseline]);
	await run("tar", ["-xf", archive, "-C", base]);
	return { root, branch, baseline: base };
}

/** The sprint's reviewer panel resolved against the registry, each reviewer with its provider; null without one. */
function reviewPanel(request: SprintScoreRequest): JuryPanel | null {
	const id = request.sprint.reviewers;
	if (id === null) return null;
	const panel = request.definitions.panels.find((candidate) => candidate.id === id);
	if (panel === undefined) return null;
	const jurors = panel.jurors.flatMap((juror) => {
		const model = findModel(request.definitions, juror);
		return model === undefined ? [] : [{ model, provider: request.providerFor(model) }];
	});
	return jurors.length === 0 ? null : { id: panel.id, version: panel.version, quorum: panel.quorum, jurors };
}

/** What the change was meant to do, for the reviewers: the plan file at the baseline, or the listed milestones. */
async function planText(
	sprint: SprintDefinition,
	place: { gitDir: string; workTree: string },
	baseline: string,
): Promise<string> {
	if (sprint.milestones !== null)
		return sprint.milestones
			.map((milestone) => `## ${milestone.id} ${milestone.title}\n\n${milestone.body}`)
			.join("\n\n");
	return sprint.plan_path === null ? "" : git(place, ["show", `${baseline}:${sprint.plan_path}`]);
}

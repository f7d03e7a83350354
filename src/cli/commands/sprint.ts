import { rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type Command, Option } from "commander";
import { ORCHESTRATION_MODES, type OrchestrationMode, SPRINT_LAYERS, type SprintLayer } from "../../contract/index.js";
import type { Definitions } from "../../definitions/index.js";
import { defaultRunParts, runSprint, type SprintRunReport, scoreSprintWorkspace } from "../../orchestrator/index.js";
import { SPRINT_WORKSPACES_DIR, sprintWorkspace } from "../../runners/index.js";
import { type DirOptions, displayPath, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { CliFailure } from "../exit-codes.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { VERSION } from "../package-info.js";
import { openWritableStore, type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";

interface LogFlags {
	readonly log?: string;
	readonly logFormat: "auto" | "touchstone" | "claude-code" | "pi";
	readonly logWorkdir?: string;
}

interface SprintFlags extends DirOptions, StoreFlags {
	readonly sprint: string;
	readonly model: string;
	readonly orchestration?: OrchestrationMode;
	readonly results?: string;
	readonly json?: boolean;
}

/** What every sprint command hands the orchestrator: the sprint, model and mode named, where things go, and the run's parts. */
function sprintRequest(io: CliIo, definitions: Definitions, options: SprintFlags) {
	const parts = defaultRunParts(io.env);
	return {
		definitions,
		sprintId: options.sprint,
		modelId: options.model,
		orchestration: options.orchestration,
		baseDir: process.cwd(),
		resultsDir: sprintResultsDir(io, options),
		providerFor: parts.providerFor,
		sandbox: parts.sandbox,
		provenance: { touchstone: VERSION, host: hostname(), node: process.version },
		env: io.env,
	};
}

/** Where a sprint's history.md, runs/ and reports/ go: `--results`, else `sprints/` beside the store's database. */
export function sprintResultsDir(io: CliIo, flags: StoreFlags & { results?: string }): string {
	return resolve(flags.results ?? join(dirname(storePaths(io, flags).database), "sprints"));
}

function orchestrationOption(): Option {
	return new Option("--orchestration <mode>", "how each milestone is driven (default: the sprint's)").choices(
		ORCHESTRATION_MODES,
	);
}

/**
 * `touchstone sprint run|score|prune`: a sprint benchmark (seed 002) for one model. `run` prepares
 * the workspace, drives every milestone, scores every layer and appends the row (history.md, a
 * detail JSON, a report, the store); `score` measures one layer (or `report`: every layer, and a
 * new row) of a run's workspace again; `prune` removes workspaces.
 */
export function registerSprintCommand(program: Command, io: CliIo): void {
	const sprint = program
		.command("sprint")
		.description("run and score sprint benchmarks: a whole multi-milestone plan per model");

	const run = withDirOption(sprint.command("run"))
		.description("carry a sprint's plan through a fresh clone with one model, score every layer and append its row")
		.requiredOption("--sprint <id>", "the sprint (a folder of benchmarks/sprints/)")
		.requiredOption("--model <id>", "the worker: a registry id of models.yaml")
		.addOption(orchestrationOption())
		.option("--results <dir>", "where history.md, runs/ and reports/ go (default: sprints/ beside the store)")
		.option("--json", "print the row, its layers and the files written as JSON");
	withStoreOptions(run, "reads and writes").action(async (options: SprintFlags) => {
		const definitions = loadFromDirOption(options.dir, options.allowPath);
		const store = openWritableStore(io, options);
		const stop = new AbortController();
		const onSignal = () => {
			io.stderr.write("\nstopping the sprint run; run the same command again to resume at its milestone\n");
			stop.abort();
		};
		process.on("SIGINT", onSignal);
		try {
			const report = await runSprint({
				...sprintRequest(io, definitions, options),
				store,
				signal: stop.signal,
				say: (line) => io.stderr.write(`${line}\n`),
			});
			printSprintReport(io, report, options.json === true);
		} finally {
			process.off("SIGINT", onSignal);
			store.close();
		}
	});

	const score = withDirOption(sprint.command("score"))
		.description("score one layer of a run's workspace again (report: every layer, then a new row)")
		.argument("<layer>", `${SPRINT_LAYERS.join(", ")} or report`)
		.requiredOption("--sprint <id>", "the sprint")
		.requiredOption("--model <id>", "the model whose run it is")
		.addOption(orchestrationOption())
		.option("--results <dir>", "with report: where history.md, runs/ and reports/ go")
		.option(
			"--log <file>",
			"read the process and cost layers from this log instead of the run's (an external agent's session log)",
		)
		.addOption(
			new Option("--log-format <format>", "the --log file's format")
				.choices(["auto", "touchstone", "claude-code", "pi"])
				.default("auto"),
		)
		.option(
			"--log-workdir <dir>",
			"the --log agent's working directory, so its absolute paths read as repository paths",
		)
		.option("--json", "print the layer's result as JSON");
	withStoreOptions(score, "reads and writes").action(async (layer: string, options: SprintFlags & LogFlags) => {
		if (layer !== "report" && !(SPRINT_LAYERS as readonly string[]).includes(layer))
			throw new CliFailure(
				"bad-layer",
				`no scoring layer \`${layer}\``,
				`use one of ${SPRINT_LAYERS.join(", ")}, or report`,
			);
		const definitions = loadFromDirOption(options.dir, options.allowPath);
		const store = layer === "report" ? openWritableStore(io, options) : null;
		try {
			const scored = await scoreSprintWorkspace({
				...sprintRequest(io, definitions, options),
				layer: layer as SprintLayer | "report",
				...(options.log === undefined
					? {}
					: {
							log: {
								path: resolve(options.log),
								format: options.logFormat,
								...(options.logWorkdir === undefined ? {} : { workdir: options.logWorkdir }),
							},
						}),
				store,
				signal: new AbortController().signal,
			});
			if (scored.kind === "report") printSprintReport(io, scored.report, options.json === true);
			else if (options.json === true) printJson(io, scored.result);
			else {
				const result = scored.result;
				printLine(
					io,
					`${layer}: ${result.measured ? (result.passed !== null ? (result.passed ? "passed" : "failed") : result.score === null ? "measured" : result.score.toFixed(3)) : `- (${result.reason})`}`,
				);
				printLine(io, JSON.stringify(result.figures, null, 2));
			}
		} finally {
			store?.close();
		}
	});

	withDirOption(sprint.command("prune"))
		.description("remove sprint workspaces (their clones and branches): every one, or those of --sprint / --model")
		.option("--sprint <id>", "only this sprint's")
		.option("--model <id>", "only this model's (with --sprint)")
		.addOption(orchestrationOption())
		.action(async (options: Partial<SprintFlags> & DirOptions) => {
			const root = resolve(process.cwd(), SPRINT_WORKSPACES_DIR);
			if (options.sprint === undefined) {
				await rm(root, { recursive: true, force: true });
				printLine(io, `removed every sprint workspace under ${displayPath(root)}`);
				return;
			}
			const definitions = loadFromDirOption(options.dir, options.allowPath);
			const sprintEntry = definitions.sprints.find((known) => known.id === options.sprint);
			if (sprintEntry === undefined)
				throw new CliFailure(
					"not-found",
					`no sprint \`${options.sprint}\``,
					`pick one of ${definitions.sprints.map((known) => known.id).join(", ") || "(none)"}`,
				);
			const models = options.model === undefined ? definitions.models.map((model) => model.id) : [options.model];
			const modes = options.orchestration === undefined ? ORCHESTRATION_MODES : [options.orchestration];
			let removed = 0;
			for (const model of models)
				for (const mode of modes) {
					const workspace = sprintWorkspace(process.cwd(), sprintEntry, model, mode);
					if ((await stat(workspace.root).catch(() => null)) === null) continue;
					await rm(workspace.root, { recursive: true, force: true });
					removed += 1;
					printLine(io, `removed ${displayPath(workspace.root)} (branch ${workspace.branch})`);
				}
			if (removed === 0) printLine(io, "no sprint workspace to remove");
		});
}

/** The row a run appended, its layers and the files, as text or JSON. */
function printSprintReport(io: CliIo, report: SprintRunReport, json: boolean): void {
	if (report.kind === "stopped") {
		if (json) printJson(io, { stopped: true, workspace: report.workspace });
		else
			printLine(
				io,
				`stopped; the workspace ${displayPath(report.workspace)} keeps where it was: run the same command to resume`,
			);
		return;
	}
	if (json) {
		printJson(io, {
			outcome: report.outcome,
			run_id: report.run_id,
			folded: report.folded,
			row: report.row,
			files: report.files,
			error: report.error,
		});
		return;
	}
	const { row, folded } = report;
	printLine(
		io,
		`${row.sprint} · ${row.model} · ${row.orchestration}: ${report.outcome}${folded.code_score === null ? "" : ` · code ${(folded.code_score * 100).toFixed(1)}`}`,
	);
	for (const layer of SPRINT_LAYERS) {
		const result = row.layers[layer];
		if (result === undefined) continue;
		const value = !result.measured
			? `- (${result.reason})`
			: result.passed !== null
				? result.passed
					? "passed"
					: "failed"
				: result.score === null
					? "measured"
					: (result.score * 100).toFixed(1);
		printLine(io, `  ${layer.padEnd(10)}${value}`);
	}
	const cost = row.footprint.cost_usd === null ? "unknown" : `$${row.footprint.cost_usd.toFixed(4)}`;
	printLine(
		io,
		`  footprint +${row.footprint.diff.added} −${row.footprint.diff.removed} in ${row.footprint.diff.files} files, ${row.footprint.calls} calls, cost ${cost}, ${row.footprint.wall_clock_s.toFixed(1)} s`,
	);
	if (report.error !== null) printLine(io, `  why: ${report.error.split("\n")[0]}`);
	printLine(io, `history: ${displayPath(report.files.history)}`);
	printLine(io, `report:  ${displayPath(report.files.report)}`);
}

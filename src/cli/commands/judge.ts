import { join, resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError, type InputIssue, NotFoundError } from "../../contract/index.js";
import {
	type Definitions,
	findModel,
	findUseCase,
	loadTaskPack,
	type UseCaseDefinition,
	useCaseFieldIssue,
} from "../../definitions/index.js";
import { COUNT_BOUNDS } from "../../input/index.js";
import { defaultRunParts, type JudgeSummary, type JudgeTask, judgeUseCase } from "../../orchestrator/index.js";
import { goldDiff, repositoryRoot } from "../../sandbox/index.js";
import type { Store } from "../../store/index.js";
import { type JudgePlan, type JudgeRatings, judgePlan, judgeRatings } from "../../views/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { integerUpTo, positiveInteger } from "../flag-parsers.js";
import { type CliIo, printJson } from "../io.js";
import { existingStorePaths, notFoundAsBadInput } from "../read-store.js";
import { openWritableStore, type StoreFlags, withStoreOptions } from "../store-options.js";
import { printJudgeReport } from "./judge-report.js";

interface JudgeOptions extends StoreFlags, DirOptions {
	readonly useCase: string;
	readonly task?: string;
	readonly pairs?: number;
	readonly repo?: string;
	readonly concurrency: number;
	readonly json?: boolean;
}

/** Why a task is shown without the real fix as a reference, per task id (absent: it has one). */
export type ReferenceNotes = Readonly<Record<string, string>>;

/**
 * `touchstone judge --use-case ID [--task ID] [--pairs N] [--repo PATH]`: the pairwise judge over
 * a task use case's passing cells (see judgePlan and judgeUseCase), then its ratings. Exits 0 when
 * the judging ran, whatever the verdicts; 2 for a use case that names no `pairwise:` judges.
 */
export function registerJudgeCommand(program: Command, io: CliIo): void {
	const command = withDirOption(program.command("judge"))
		.description("judge passing changes of a task use case pairwise (both orders, no self-judging) and rate the models")
		.requiredOption("--use-case <id>", "the task use case to judge")
		.option("--task <id>", "judge only this task's pairs (ratings still cover every task)")
		.option("--pairs <n>", "at most N pairs per task, chosen deterministically", positiveInteger)
		.option("--repo <path>", "the git repository of the tasks' source_commit, to show the real fix as a reference")
		.option("--concurrency <n>", "judge calls in flight at once", integerUpTo(COUNT_BOUNDS.concurrency), 4)
		.option("--json", "print the judging summary and the ratings as JSON");
	withStoreOptions(command, "reads and writes").action(async (options: JudgeOptions) => {
		const definitions = loadFromDirOption(options.dir, options.allowPath);
		const useCase = judgedUseCase(definitions, options.useCase);
		const { judge, fallback } = useCase.pairwise as NonNullable<UseCaseDefinition["pairwise"]>;
		const parts = defaultRunParts(io.env);
		const judgeOf = (id: string) => {
			const model = findModel(definitions, id);
			if (model === undefined) throw new Error(`the pairwise judge ${id} is not in models.yaml`);
			return { model, provider: parts.providerFor(model) };
		};
		const judges = { judge: judgeOf(judge), fallback: judgeOf(fallback) };
		const pack = loadTaskPack(join(definitions.dir, useCase.tasks as string), {
			...(options.task === undefined ? {} : { ids: [options.task] }),
		});
		const repo = options.repo === undefined ? null : await repositoryRoot(resolve(options.repo));
		// Judging needs stored runs: a missing store is bad input, and none is created for it.
		existingStorePaths(io, options, useCase.id);
		const store = openWritableStore(io, options);
		try {
			const plan = planOf(store, useCase.id, options);
			const notes: Record<string, string> = {};
			const tasks: JudgeTask[] = [];
			for (const planned of plan.tasks) {
				const loaded = pack.tasks.find((item) => item.task.id === planned.case_id);
				if (loaded === undefined) continue;
				let reference: string | null = null;
				if (repo === null)
					notes[planned.case_id] =
						loaded.task.source_commit === null ? "the task has no source_commit" : "no --repo given";
				else {
					const gold = await goldDiff(repo, loaded.task);
					if ("diff" in gold) reference = gold.diff;
					else notes[planned.case_id] = gold.unset;
				}
				tasks.push({ case_id: planned.case_id, prompt: loaded.task.prompt, reference, pairs: planned.pairs });
			}
			const summary = await judgeUseCase({
				store,
				use_case_id: useCase.id,
				benchmark_version: plan.benchmark_version,
				tasks,
				judges,
				model: (id) => findModel(definitions, id),
				concurrency: options.concurrency,
			});
			const identical = plan.tasks.reduce((sum, task) => sum + task.identical, 0);
			const ratings = judgeRatings(store, useCase.id, { rubricVersion: summary.rubric_version });
			report(io, options.json === true, { summary, identical, references: notes, ratings });
		} finally {
			store.close();
		}
	});
}

/** The pairs to judge; a use case the store never ran is bad input saying to run it. */
function planOf(store: Store, useCaseId: string, options: JudgeOptions): JudgePlan {
	try {
		return judgePlan(store, useCaseId, {
			...(options.task === undefined ? {} : { taskId: options.task }),
			...(options.pairs === undefined ? {} : { pairs: options.pairs }),
		});
	} catch (error) {
		if (!(error instanceof NotFoundError)) throw error;
		throw notFoundAsBadInput(store, error, { useCase: useCaseId });
	}
}

/** What `judge` prints: the run's summary, pairs left out as identical, reference notes, and the ratings. */
export interface JudgeReport {
	readonly summary: JudgeSummary;
	readonly identical: number;
	readonly references: ReferenceNotes;
	readonly ratings: JudgeRatings;
}

function report(io: CliIo, json: boolean, value: JudgeReport): void {
	if (json) printJson(io, value);
	else printJudgeReport(io, value);
}

/** The use case, when it is a task use case with `pairwise:` judges; else bad input saying how to fix it. */
function judgedUseCase(definitions: Definitions, id: string): UseCaseDefinition {
	const useCase = findUseCase(definitions, id);
	const refuse = (issue: InputIssue) => new BadInputError(`Cannot judge use case ${id}: 1 problem`, [issue]);
	if (useCase === undefined)
		throw refuse({
			source: "--use-case",
			line: null,
			column: null,
			path: "",
			message: `no use case \`${id}\` in use_cases.yaml`,
			fix: `name a task use case: ${
				definitions.useCases
					.filter((item) => item.tasks !== null)
					.map((item) => item.id)
					.join(", ") || "none defined (a task use case has `tasks: packs/<pack>`)"
			}`,
		});
	if (useCase.tasks === null)
		throw refuse(
			useCaseFieldIssue(definitions.dir, id, "id", {
				message: `use case \`${id}\` has no task pack (\`tasks:\`): the pairwise judge compares the diffs of tasks`,
				fix: "judge a task use case, one with `tasks: packs/<pack>`",
			}),
		);
	if (useCase.pairwise === null)
		throw refuse(
			useCaseFieldIssue(definitions.dir, id, "id", {
				message: `use case \`${id}\` names no pairwise judge`,
				fix: "add `pairwise: {judge: MODEL, fallback: MODEL}` to the use case, two models.yaml ids of different families",
			}),
		);
	return useCase;
}

import { resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError, TouchstoneError } from "../../contract/index.js";
import { findUseCase, type RuntimeDeclaration, useCaseRuntimeDeclaration } from "../../definitions/index.js";
import { COUNT_BOUNDS } from "../../input/index.js";
import { type PolicyOutcome, sandboxChoice, type TaskValidation, validateTasks } from "../../orchestrator/index.js";
import { resolveStorePaths, runtimeCacheDir } from "../../store/index.js";
import { loadFromDirOption } from "../definitions-option.js";
import { integerUpTo } from "../flag-parsers.js";
import { plural } from "../format.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { renderTable } from "../table.js";

interface ValidateTasksOptions {
	tasks?: string;
	useCase?: string;
	dir: string;
	repeats: number;
	variant?: string;
	json?: boolean;
}

/**
 * `touchstone validate-tasks`: proves each task measures something before any model runs it:
 * the do-nothing baseline fails, the reference solution passes, the same way every repeat, and
 * says why each verdict is what it is (the verifier's reasons, test counts, the runtime's setup).
 */
export function registerValidateTasksCommand(program: Command, io: CliIo): void {
	program
		.command("validate-tasks")
		.description(
			"run the baseline (must fail), gold (must pass with the top score), the control and every variant through each task's real verifier",
		)
		.argument("[tasks...]", "task ids (default: every task of the pack)")
		.option("--tasks <dir>", "the task pack folder (DIR/<task-id>/task.yaml)")
		.option("--use-case <id>", "validate a task use case's pack with its runtime (instead of --tasks)")
		.option("--dir <dir>", "the benchmarks/ folder holding the use case (with --use-case)", "./benchmarks")
		.option(
			"--repeats <n>",
			"times each run (baseline, gold, control, every variant) runs each task; its verdicts must agree",
			integerUpTo(COUNT_BOUNDS.repeats),
			3,
		)
		.option("--variant <id>", "run only this one: a variant's id of validation.variants, or baseline, gold or control")
		.option("--json", "print the validations as JSON")
		.addHelpText(
			"after",
			"\nRuntime bases (the fixture after a runtime's setup) are cached in runtimes/ beside the store's database\n(data/benchmarks/runtimes, or beside TOUCHSTONE_DB).",
		)
		.action(async (ids: string[], options: ValidateTasksOptions) => {
			const target = resolveTarget(options);
			const controller = new AbortController();
			const onSignal = () => controller.abort();
			process.once("SIGINT", onSignal);
			try {
				const validations = await validateTasks({
					dir: target.dir,
					ids,
					repeats: options.repeats,
					variant: options.variant ?? null,
					sandbox: sandboxChoice(io.env.TOUCHSTONE_SANDBOX),
					signal: controller.signal,
					runtimeCacheDir: runtimeCacheDir(resolveStorePaths(io.env)),
					useCaseRuntime: target.runtime,
					env: io.env,
					onTask: (validation) => {
						if (!options.json) io.stderr.write(`${validation.task_id}: ${validation.verdict}\n`);
					},
				});
				if (options.json) printJson(io, { tasks: validations });
				else printValidations(io, validations);
				const bad = validations.filter((validation) => validation.verdict !== "ok");
				if (bad.length > 0)
					throw new TouchstoneError(
						"tasks-invalid",
						`${bad.length} of ${validations.length} tasks measure nothing reliable (${bad.map((item) => `${item.task_id}: ${item.verdict}`).join(", ")}); fix them before running models on them`,
					);
			} finally {
				process.off("SIGINT", onSignal);
			}
		});
}

/** The pack to validate: `--tasks DIR`, or a task use case's pack and runtime. */
function resolveTarget(options: ValidateTasksOptions): { dir: string; runtime: RuntimeDeclaration | null } {
	const refuse = (message: string, fix: string) =>
		new BadInputError(message, [{ source: "validate-tasks", line: null, column: null, path: "", message, fix }]);
	if ((options.tasks === undefined) === (options.useCase === undefined))
		throw refuse(
			"give either --tasks DIR or --use-case ID",
			"name the task pack folder with --tasks, or a task use case of benchmarks/ with --use-case (and --dir)",
		);
	if (options.tasks !== undefined) return { dir: resolve(options.tasks), runtime: null };
	const definitions = loadFromDirOption(options.dir);
	const useCase = findUseCase(definitions, options.useCase as string);
	if (useCase?.tasks == null)
		throw refuse(
			useCase === undefined ? `no use case \`${options.useCase}\`` : `use case \`${useCase.id}\` has no task pack`,
			`name a task use case: ${
				definitions.useCases
					.filter((item) => item.tasks !== null)
					.map((item) => item.id)
					.join(", ") || "none in this folder"
			}`,
		);
	const dir = resolve(definitions.dir);
	return {
		dir: resolve(dir, useCase.tasks),
		runtime: useCaseRuntimeDeclaration(definitions, useCase),
	};
}

function printValidations(io: CliIo, validations: readonly TaskValidation[]): void {
	const scores = (values: readonly (number | null)[]) =>
		values.map((value) => (value === null ? "-" : value.toFixed(2))).join(" ") || "-";
	printLine(
		io,
		renderTable(
			["task", "run", "expect", "runs", "pass", "fail", "setup", "error", "scores", "verdict"],
			validations.flatMap((validation) => {
				const outcomes = outcomesOf(validation);
				if (outcomes.length === 0)
					return [[validation.task_id, "-", "-", "0", "0", "0", "0", "0", "-", validation.verdict]];
				return outcomes.map((outcome) => [
					validation.task_id,
					outcome.kind === "variant" ? `variant ${outcome.id}` : outcome.id,
					outcome.expect,
					String(outcome.counts.runs),
					String(outcome.counts.passes),
					String(outcome.counts.fails),
					String(outcome.counts.setup_failures),
					String(outcome.counts.errors),
					scores(outcome.scores),
					outcome.verdict,
				]);
			}),
		),
	);
	for (const validation of validations) {
		const say = (text: string) => printLine(io, `  ${validation.task_id}: ${text}`);
		const runtime = validation.runtime;
		if (runtime !== null && runtime.error === null)
			say(
				`runtime: ${plural(runtime.setup, "setup command")}, ${plural(runtime.mounts, "mount")}; base ${runtime.cached ? "from the cache" : `prepared in ${(runtime.duration_ms / 1000).toFixed(1)} s (cached from now on)`}`,
			);
		for (const outcome of outcomesOf(validation)) {
			const name = outcome.kind === "variant" ? `variant ${outcome.id}` : outcome.id;
			for (const line of whyLines(outcome)) say(`${name}: ${line}`);
			if (outcome.failing_assertion !== null) say(`${name}: failing assertion: ${outcome.failing_assertion}`);
		}
		for (const reason of validation.reasons) say(reason);
		say(`verdict: ${validation.verdict}`);
	}
}

/** The runs of a task that ran, in order: baseline, gold, control, variants. */
function outcomesOf(validation: TaskValidation): PolicyOutcome[] {
	return [validation.baseline, validation.gold, validation.control, ...validation.variants].filter(
		(outcome): outcome is PolicyOutcome => outcome !== null,
	);
}

/** The verifier's reasons of a run's graded repeats, each distinct one once, with the test counts. */
function whyLines(outcome: PolicyOutcome): string[] {
	const lines = new Map<string, number[]>();
	outcome.repeats.forEach((repeat, index) => {
		if (repeat.score === null) return;
		const counts =
			repeat.counts === null
				? ""
				: ` (${Object.entries(repeat.counts)
						.filter(([, value]) => value > 0)
						.map(([name, value]) => `${value} ${name}`)
						.join(", ")})`;
		const line = `${repeat.why}${counts}`;
		lines.set(line, [...(lines.get(line) ?? []), index + 1]);
	});
	const all = outcome.repeats.length;
	return [...lines].map(([line, repeats]) =>
		repeats.length === all || lines.size === 1 ? line : `repeat ${repeats.join(", ")}: ${line}`,
	);
}

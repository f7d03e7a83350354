import { resolve } from "node:path";
import type { Command } from "commander";
import { TouchstoneError } from "../../contract/index.js";
import { sandboxChoice, type TaskValidation, validateTasks } from "../../orchestrator/index.js";
import { positiveInteger } from "../flag-parsers.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { renderTable } from "../table.js";

/**
 * `touchstone validate-tasks`: proves each task measures something before any model runs it:
 * the do-nothing baseline fails, the reference solution passes, the same way every repeat.
 */
export function registerValidateTasksCommand(program: Command, io: CliIo): void {
	program
		.command("validate-tasks")
		.description("run the baseline (must fail) and gold (must pass) policies through each task's real verifier")
		.argument("[tasks...]", "task ids (default: every task of the pack)")
		.requiredOption("--tasks <dir>", "the task pack folder (DIR/<task-id>/task.yaml)")
		.option("--repeats <n>", "times each policy runs each task; verdicts must agree", positiveInteger, 3)
		.option("--json", "print the validations as JSON")
		.action(async (ids: string[], options: { tasks: string; repeats: number; json?: boolean }) => {
			const controller = new AbortController();
			const onSignal = () => controller.abort();
			process.once("SIGINT", onSignal);
			try {
				const validations = await validateTasks({
					dir: resolve(options.tasks),
					ids,
					repeats: options.repeats,
					sandbox: sandboxChoice(io.env.TOUCHSTONE_SANDBOX),
					signal: controller.signal,
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

function printValidations(io: CliIo, validations: readonly TaskValidation[]): void {
	const scores = (values: readonly (number | null)[]) =>
		values.map((value) => (value === null ? "err" : value.toFixed(2))).join(" ");
	printLine(
		io,
		renderTable(
			["task", "baseline (must fail)", "gold (must pass)", "verdict"],
			validations.map((validation) => [
				validation.task_id,
				scores(validation.baseline.scores),
				scores(validation.gold.scores),
				validation.verdict,
			]),
		),
	);
	for (const validation of validations)
		for (const reason of validation.reasons) printLine(io, `  ${validation.task_id}: ${reason}`);
}

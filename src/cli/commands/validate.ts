import type { Command } from "commander";
import type { SprintDefinition } from "../../contract/index.js";
import { BadInputError, formatIssue } from "../../contract/index.js";
import { type Definitions, loadIndexSettings } from "../../definitions/index.js";
import { checkUseCaseInputs } from "../../orchestrator/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { type CliIo, printJson, printLine } from "../io.js";

/**
 * `touchstone validate`: loads every definition, and every case file and task.yaml of every
 * runnable use case as `run` would read them; prints a summary, or every problem.
 */
export function registerValidateCommand(program: Command, io: CliIo): void {
	withDirOption(program.command("validate"))
		.description(
			"check models.yaml, judge_panels.yaml, use_cases.yaml, index.yaml, every sprints/*/sprint.yaml and every case file and task of the runnable use cases; print a summary or every problem",
		)
		.option("--json", "print the result as JSON")
		.action(async (options: DirOptions & { json?: boolean }) => {
			let definitions: Definitions;
			let cases: Record<string, number>;
			let sprints: readonly SprintDefinition[];
			try {
				definitions = loadFromDirOption(options.dir, options.allowPath);
				loadIndexSettings(definitions.dir);
				sprints = definitions.sprints;
				const juryUseCases: string[] = [];
				cases = await checkUseCaseInputs(definitions, {
					signal: new AbortController().signal,
					onJuryAsked: (id) => juryUseCases.push(id),
				});
				// A `rubric:` check makes a use case jury-graded, known only once its cases are read:
				// its self-preference is checked on a second load.
				if (juryUseCases.length > 0) definitions = loadFromDirOption(options.dir, options.allowPath, juryUseCases);
			} catch (error) {
				if (options.json && error instanceof BadInputError) printJson(io, { valid: false, issues: error.issues });
				throw error;
			}
			const summary = summarize(definitions);
			if (options.json) {
				printJson(io, {
					valid: true,
					...summary,
					cases,
					sprints: sprints.map((sprint) => sprint.id),
					warnings: definitions.warnings,
				});
				return;
			}
			for (const warning of definitions.warnings) io.stderr.write(`warning:${formatIssue(warning)}\n`);
			printLine(io, `${definitions.dir} is valid:`);
			printLine(
				io,
				`  ${summary.models} models (${summary.candidates} candidates, ${summary.anchors} anchors, ${summary.retired} retired)`,
			);
			printLine(
				io,
				`  ${summary.panels} judge panel${summary.panels === 1 ? "" : "s"} (default ${summary.default_panel})`,
			);
			printLine(io, `  ${summary.use_cases} use cases (${summary.runnable} runnable, ${summary.ideas} ideas)`);
			if (sprints.length > 0)
				printLine(
					io,
					`  ${sprints.length} sprint${sprints.length === 1 ? "" : "s"} (${sprints.map((sprint) => sprint.id).join(", ")})`,
				);
			const counted = Object.entries(cases);
			if (counted.length > 0)
				printLine(io, `  cases and tasks read: ${counted.map(([id, count]) => `${id} ${count}`).join(", ")}`);
			if (definitions.warnings.length > 0) printLine(io, `  ${definitions.warnings.length} warnings (above)`);
		});
}

function summarize(definitions: Definitions) {
	const defaultPanel = definitions.panels.find((panel) => panel.id === definitions.defaultPanel);
	return {
		dir: definitions.dir,
		models: definitions.models.length,
		candidates: definitions.models.filter((model) => model.role === "candidate").length,
		anchors: definitions.models.filter((model) => model.role === "anchor").length,
		retired: definitions.models.filter((model) => model.status === "retired").length,
		panels: definitions.panels.length,
		default_panel: defaultPanel ? `${defaultPanel.id} ${defaultPanel.version}` : definitions.defaultPanel,
		use_cases: definitions.useCases.length,
		runnable: definitions.useCases.filter((useCase) => useCase.status === "runnable").length,
		ideas: definitions.useCases.filter((useCase) => useCase.status === "idea").length,
	};
}

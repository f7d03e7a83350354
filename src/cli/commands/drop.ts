import { join } from "node:path";
import type { Command } from "commander";
import { BadInputError, type InputIssue } from "../../contract/index.js";
import { DEFINITION_FILES, findModel, retireModel } from "../../definitions/index.js";
import { closestMatch } from "../../input/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { type CliIo, printJson, printLine } from "../io.js";

interface DropOptions extends DirOptions {
	readonly reason: string;
	readonly json?: boolean;
}

/**
 * `touchstone drop MODEL --reason "…"`: retires a model in models.yaml (`status: retired` and
 * `retired: { reason, date }` on its entry, nothing else of the file changed). A retired model
 * joins no new run; its stored rows are never touched and stay on the leaderboard, marked
 * retired and left out of the decision. An unknown model, or one already retired, is bad input.
 */
export function registerDropCommand(program: Command, io: CliIo): void {
	withDirOption(program.command("drop"))
		.description("retire a model in models.yaml: it joins no new run; its stored results stay, marked retired")
		.argument("<model>", "the registry id of the model to retire")
		.requiredOption("--reason <text>", "why it is retired (kept in models.yaml beside the date)")
		.option("--json", "print what was written as JSON")
		.action(async (id: string, options: DropOptions) => {
			const definitions = loadFromDirOption(options.dir, options.allowPath);
			const file = join(definitions.dir, DEFINITION_FILES.models);
			// One line, as the file will hold it: line breaks and runs of spaces become one space.
			const reason = options.reason.replace(/\s+/g, " ").trim();
			const model = findModel(definitions, id);
			const problem = (message: string, fix: string): never => {
				const issue: InputIssue = { source: "MODEL", line: null, column: null, path: "", message, fix };
				throw new BadInputError(`cannot retire \`${id}\``, [issue]);
			};
			if (reason === "") problem("--reason is empty", 'say why the model is retired, e.g. --reason "superseded by v2"');
			if (model === undefined) {
				const ids = definitions.models.map((entry) => entry.id);
				const match = closestMatch(id, ids);
				problem(
					`no model \`${id}\` in ${file}`,
					match === null ? `use a registry id: ${ids.join(", ")}` : `did you mean \`${match}\`?`,
				);
			} else if (model.retired !== undefined)
				problem(
					`\`${id}\` is already retired (on ${model.retired.date}: ${model.retired.reason})`,
					`nothing to do; to change the reason, edit its \`retired:\` block in ${file}`,
				);
			const retirement = { reason, date: new Date().toISOString().slice(0, 10) };
			try {
				await retireModel(file, id, retirement);
			} catch (error) {
				// The file's layout, not the model: a flow-mapping entry, say, which the editor leaves to a person.
				if (!(error instanceof Error) || error instanceof TypeError) throw error;
				problem(
					`${file} could not be edited in place: ${error.message}`,
					`add \`status: retired\` and \`retired: { reason: "…", date: ${retirement.date} }\` to its entry by hand`,
				);
			}
			if (options.json) return printJson(io, { model_id: id, file, retired: retirement });
			printLine(
				io,
				`retired ${id} in ${file} (${retirement.date}: ${reason}): it joins no new run; its stored results stay, marked retired`,
			);
		});
}

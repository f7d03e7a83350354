import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError } from "../../contract/index.js";
import { definitionSchemas } from "../../definitions/index.js";
import { makeFolders } from "../../input/index.js";
import { displayPath } from "../definitions-option.js";
import { type CliIo, printLine } from "../io.js";

/** `touchstone schema --out DIR`: writes JSON Schemas of the definition files for editors. */
export function registerSchemaCommand(program: Command, io: CliIo): void {
	program
		.command("schema")
		.description(
			"write JSON Schemas for models.yaml, judge_panels.yaml, use_cases.yaml, task.yaml and index.yaml (editor autocompletion)",
		)
		.requiredOption("--out <dir>", "folder to write the *.schema.json files into")
		.action((options: { out: string }) => {
			const out = resolve(options.out);
			for (const [name, schema] of Object.entries(definitionSchemas())) {
				const path = join(out, name);
				writeOut(out, path, `${JSON.stringify(schema, null, 2)}\n`);
				printLine(io, `wrote ${displayPath(path)}`);
			}
			printLine(io, "Point your editor at them, e.g. `# yaml-language-server: $schema=./schemas/models.schema.json`.");
		});
}

/** Writes one schema file; a folder that cannot be made or written (a file of that name, no permission) is bad input. */
function writeOut(out: string, path: string, text: string): void {
	try {
		makeFolders(out);
		writeFileSync(path, text);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === undefined) throw error;
		throw new BadInputError("Cannot write the schemas.", [
			{
				source: "--out",
				line: null,
				column: null,
				path: "",
				message: `cannot write ${displayPath(path)} (${code})`,
				fix: "name a folder you can write to, one that is not an existing file",
			},
		]);
	}
}

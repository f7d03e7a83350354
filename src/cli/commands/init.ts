import { existsSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError } from "../../contract/index.js";
import { scaffoldFiles } from "../../definitions/index.js";
import { makeFolders } from "../../input/index.js";
import { displayPath } from "../definitions-option.js";
import { type CliIo, printLine } from "../io.js";

/** `touchstone init [DIR]`: scaffolds a commented benchmarks/ folder that validates and runs as is. */
export function registerInitCommand(program: Command, io: CliIo): void {
	program
		.command("init")
		.description("scaffold a commented benchmarks/ folder (models, judge panels, use cases, one example pack)")
		.argument("[dir]", "folder to create", "./benchmarks")
		.action((dir: string) => {
			const root = resolve(dir);
			const files = scaffoldFiles().map((file) => ({ ...file, absolute: join(root, file.path) }));
			const existing = files.filter((file) => existsSync(file.absolute));
			if (existing.length > 0) {
				throw new BadInputError(
					`init would overwrite ${existing.length} existing file(s) in ${displayPath(root)}; nothing was written`,
					existing.map((file) => ({
						source: displayPath(file.absolute),
						line: null,
						column: null,
						path: "",
						message: "already exists",
						fix: "choose another folder (touchstone init DIR) or move the existing file away",
					})),
				);
			}
			for (const file of files) {
				try {
					makeFolders(dirname(file.absolute));
					writeFileSync(file.absolute, file.content);
				} catch (error) {
					const code = (error as NodeJS.ErrnoException).code;
					if (code === undefined) throw error;
					throw new BadInputError(`init cannot write ${displayPath(root)}`, [
						{
							source: displayPath(file.absolute),
							line: null,
							column: null,
							path: "",
							message: `cannot write it (${code})`,
							fix: "choose a folder you can write to (touchstone init DIR)",
						},
					]);
				}
			}
			const shown = displayPath(root);
			printLine(io, `Created ${files.length} files in ${shown}/. Next:`);
			printLine(io, `  touchstone validate --dir ${shown}   check every file`);
			printLine(io, `  touchstone list --dir ${shown}       see models and use cases`);
			printLine(
				io,
				`  touchstone run --dir ${shown} --use-case hello   run it, once base_url in models.yaml points at your server`,
			);
		});
}

import type { Command } from "commander";
import type { CliIo } from "../io.js";
import { registerInspectImport } from "./import-inspect.js";
import { registerPromptfooImport } from "./import-promptfoo.js";

/** Registers one format's subcommand on `touchstone import`. */
export type RegisterImportFormat = (parent: Command, io: CliIo) => void;

/** The formats `touchstone import` reads; each adds its subcommand (see `importSubcommand` in import-subcommand.ts). */
const FORMATS: readonly RegisterImportFormat[] = [registerPromptfooImport, registerInspectImport];

/**
 * `touchstone import <format> FILE`: brings another tool's evaluation into the store as a source of
 * its own, so one leaderboard holds a team's existing evaluations beside touchstone's runs.
 */
export function registerImportCommand(program: Command, io: CliIo): void {
	const command = program
		.command("import")
		.description("import another tool's results (re-importable: each file is a source whose rows it replaces)");
	for (const register of FORMATS) register(command, io);
}

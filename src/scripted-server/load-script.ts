import { LineCounter, parseDocument } from "yaml";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { createPositionFinder, documentData, readInputFile, yamlSyntaxIssues } from "../input/index.js";
import { scriptIssues } from "./script-issues.js";
import { type Script, type ScriptInput, scriptSchema } from "./script-schema.js";

/**
 * Reads and validates a script file (YAML, or JSON, which is YAML too) within INPUT_BOUNDS; throws
 * a BadInputError listing every problem.
 */
export async function loadScript(path: string): Promise<Script> {
	const read = readInputFile(path, "the script");
	if (read.issue !== null)
		throw new BadInputError(`scripted-server: cannot read the script ${path}`, [
			{ ...read.issue, fix: read.missing ? "check the path to the script file" : read.issue.fix },
		]);
	return parseScript(read.text, path);
}

/** Parses and validates script text; `sourceLabel` names it in issues (usually the file path). */
export function parseScript(text: string, sourceLabel: string): Script {
	const lineCounter = new LineCounter();
	const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
	if (document.errors.length > 0) {
		const issues = yamlSyntaxIssues(sourceLabel, document, lineCounter, {
			otherwise:
				"fix the syntax here: indent with spaces, quote values with `: ` or a leading `*`, one `key: value` per line",
			firstLine: true,
		});
		throw failure(sourceLabel, issues);
	}
	const { data, issue } = documentData(sourceLabel, text, document, lineCounter);
	if (issue !== null) throw failure(sourceLabel, [issue]);
	const result = scriptSchema.safeParse(data);
	if (result.success) return result.data;
	const find = createPositionFinder(document, lineCounter);
	throw failure(sourceLabel, scriptIssues(result.error.issues, data, scriptSchema, sourceLabel, find));
}

/** Validates a script written in code and fills in its defaults; issues name `sourceLabel` without lines. */
export function validateScript(script: ScriptInput | Script, sourceLabel = "script"): Script {
	const result = scriptSchema.safeParse(script);
	if (result.success) return result.data;
	throw failure(sourceLabel, scriptIssues(result.error.issues, script, scriptSchema, sourceLabel, null));
}

function failure(source: string, issues: readonly InputIssue[]): BadInputError {
	const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
	return new BadInputError(`scripted-server: the script ${source} has ${count}`, issues);
}

import { z } from "zod";
import { BadInputError, type InputIssue, type LadderTier } from "../contract/index.js";
import { readInputFile } from "../input/index.js";
import { schemaIssues } from "./schema-issues.js";
import { parseYamlFile } from "./yaml-file.js";

const scoresSchema = z
	.array(z.number().min(0).max(1))
	.min(1)
	.max(10_000)
	.describe("The tier's scores, each in [0, 1] (a graded score, or 1/0 for a binary verifier).");

/** A `--from-json` file: scores produced elsewhere (runs graded by hand, another harness), per ladder tier. */
const ladderScoresFileSchema = z.strictObject({ small: scoresSchema, mid: scoresSchema, large: scoresSchema });

/**
 * Reads a `touchstone ladder --from-json` file, `{"small": [0.3, 0.5], "mid": [...], "large": [...]}`.
 * Throws a BadInputError naming the file, line and column of every problem: not JSON, a tier
 * missing or unknown, a score outside [0, 1], an empty list.
 */
export function loadLadderScores(path: string): Record<LadderTier, readonly number[]> {
	const read = readInputFile(path, "the scores file");
	if (read.issue !== null || read.text === null) throw badFile(path, [read.issue as InputIssue]);
	const syntax = jsonSyntaxIssue(path, read.text);
	if (syntax !== null) throw badFile(path, [syntax]);
	// JSON is YAML: the YAML reader places each problem on its line, and refuses a repeated key.
	const file = parseYamlFile(path, read.text);
	if (file.syntaxIssues.length > 0) throw badFile(path, file.syntaxIssues);
	const parsed = ladderScoresFileSchema.safeParse(file.data);
	if (!parsed.success) throw badFile(path, schemaIssues(file, ladderScoresFileSchema, parsed.error.issues));
	return parsed.data;
}

function jsonSyntaxIssue(path: string, text: string): InputIssue | null {
	try {
		JSON.parse(text);
		return null;
	} catch (error) {
		const detail = error instanceof Error ? error.message : String(error);
		const at = /at position (\d+)/.exec(detail);
		const offset = at === null ? null : Number(at[1]);
		const before = offset === null ? null : text.slice(0, offset).split("\n");
		return {
			source: path,
			line: before === null ? null : before.length,
			column: before === null ? null : (before.at(-1)?.length ?? 0) + 1,
			path: "",
			message: `the scores file is not JSON: ${detail}`,
			fix: 'write one JSON object of score lists per tier, e.g. {"small": [0.3, 0.5], "mid": [0.6], "large": [0.9]}',
		};
	}
}

function badFile(path: string, issues: readonly InputIssue[]): BadInputError {
	return new BadInputError(
		`Cannot read the scores in ${path}: ${issues.length} problem${issues.length === 1 ? "" : "s"}`,
		issues,
	);
}

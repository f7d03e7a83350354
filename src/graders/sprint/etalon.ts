import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { InputIssue } from "../../contract/index.js";
import { parseYamlDocument, zodProblems } from "../../input/index.js";
import type { Harnessed } from "./scoring-input.js";

/** The etalon's overlay folder: the reference run's added and changed files, laid over the baseline. */
export const ETALON_TREE = "tree";
/** The etalon's behaviour map: which behaviours its tests cover and how a model's test names match them. */
export const BEHAVIOURS_FILE = "behaviours.yaml";

/** One behaviour the etalon's tests cover. */
export interface EtalonBehaviour {
	readonly id: string;
	/** The etalon test that covers it, as its report names it (for the reader). */
	readonly etalon_test: string;
	/** A regex over test names: a model test whose name it matches covers the behaviour. */
	readonly match: RegExp;
}

/** A frozen etalon, checked. */
export interface Etalon {
	/** The overlay folder (absolute). */
	readonly tree: string;
	readonly behaviours: readonly EtalonBehaviour[];
}

const behaviourSchema = z.strictObject({
	id: z.string().min(1),
	etalon_test: z.string().min(1),
	match: z
		.string()
		.min(1)
		.superRefine((match, context) => {
			try {
				new RegExp(match);
			} catch (error) {
				context.addIssue({
					code: "custom",
					message: `not a valid regex: ${(error as Error).message}`,
					params: { fix: "write a JavaScript regular expression over test names, e.g. `adds? (two )?numbers`" },
				});
			}
		}),
});

const behavioursSchema = z.strictObject({
	behaviours: z
		.array(behaviourSchema)
		.min(1)
		.superRefine((behaviours, context) => {
			behaviours.forEach((behaviour, index) => {
				if (behaviours.findIndex((other) => other.id === behaviour.id) !== index)
					context.addIssue({
						code: "custom",
						path: [index, "id"],
						message: `behaviour id \`${behaviour.id}\` is used twice`,
						params: { fix: "give every behaviour its own id" },
					});
			});
		}),
});

/**
 * Reads the etalon at `path`: its `tree/` overlay and its `behaviours.yaml`. A missing folder or
 * file, bad YAML, or a behaviour that is not `{id, etalon_test, match}` with a valid regex is a
 * harness problem (the sprint's, never the model's), named with the file, line and column.
 */
export async function readEtalon(path: string): Promise<Harnessed<Etalon>> {
	const tree = join(path, ETALON_TREE);
	if ((await stat(tree).catch(() => null))?.isDirectory() !== true)
		return {
			ok: false,
			reason: `the etalon has no ${ETALON_TREE}/ folder (${tree}): freeze the reference run's files there`,
		};
	const source = join(path, BEHAVIOURS_FILE);
	let text: string;
	try {
		text = await readFile(source, "utf8");
	} catch {
		return { ok: false, reason: `the etalon has no ${BEHAVIOURS_FILE} (${source}): list its behaviours there` };
	}
	const document = parseYamlDocument(source, text, {
		syntaxFixes: { otherwise: "fix the YAML syntax (indentation, quoting, `key: value` pairs)", firstLine: true },
	});
	let issues: readonly InputIssue[] = document.syntaxIssues;
	if (issues.length === 0) {
		const parsed = behavioursSchema.safeParse(document.data);
		if (parsed.success)
			return {
				ok: true,
				value: {
					tree,
					behaviours: parsed.data.behaviours.map((behaviour) => ({ ...behaviour, match: new RegExp(behaviour.match) })),
				},
			};
		issues = zodProblems(behavioursSchema, document.data, parsed.error.issues).map((problem) =>
			document.issue(problem),
		);
	}
	return { ok: false, reason: `the etalon's ${BEHAVIOURS_FILE} is invalid: ${issues.map(issueLine).join("; ")}` };
}

/** One issue on one line: `file:line:column path: message (fix: …)`. */
function issueLine(issue: InputIssue): string {
	const where = [issue.source, issue.line, issue.column].filter((part) => part !== null).join(":");
	const path = issue.path === "" ? "" : ` ${issue.path}:`;
	return `${where}${path} ${issue.message}${issue.fix === null ? "" : ` (fix: ${issue.fix})`}`;
}

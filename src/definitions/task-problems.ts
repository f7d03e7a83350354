import type { z } from "zod";
import {
	closestMatch,
	type DocumentPath,
	describeValue,
	describeZodIssue,
	isRecord,
	objectKeysAt,
	type Problem,
	type ProblemText,
	type ProblemWording,
	unknownKey,
	valueAt,
	type YamlDocumentOptions,
	zodProblems,
} from "../input/index.js";
import { taskSchema } from "./task-schema.js";
import { VERIFIER_ARGS_SCHEMAS } from "./task-verifier-schema.js";

/** How task.yaml words its syntax errors. */
export const TASK_YAML: YamlDocumentOptions = {
	syntaxFixes: {
		byCode: {
			BAD_INDENT: "indent nested keys with spaces so they line up under their parent",
			TAB_AS_INDENT: "indent with spaces; YAML does not allow tabs",
			DUPLICATE_KEY: "keep one of the two keys and delete the other",
			MULTIPLE_DOCS: "keep one document in task.yaml: remove the `---` separator",
			BLOCK_AS_IMPLICIT_KEY: "check the indentation of this line and the one above",
		},
		otherwise: "fix the YAML syntax here (indentation, quoting, `key: value` pairs; `|` for multi-line text)",
		firstLine: true,
	},
};

/** Turns zod's issues about one task.yaml into problems that say what was expected and how to fix it. */
export function taskProblems(data: unknown, issues: readonly z.core.$ZodIssue[]): Problem[] {
	const wording: ProblemWording = {
		suggestQuoting: true,
		listTopLevelKeys: true,
		addItemsFix: "add items to the list, or remove the key",
		unknownKey: (path, known) => unknownKey(path, knownKeys(data, path, known)),
		describe: (issue, found, path) => describe(issue, found, path, wording),
	};
	return zodProblems(taskSchema, data, issues, wording);
}

function describe(issue: z.core.$ZodIssue, found: unknown, path: DocumentPath, wording: ProblemWording): ProblemText {
	if (issue.code === "invalid_union" && "discriminator" in issue && typeof issue.discriminator === "string") {
		const options = (("options" in issue ? issue.options : []) as unknown[]).map(String);
		const listed = options.map((option) => `\`${option}\``).join(", ");
		if (found === undefined)
			return {
				message: `missing required key \`${issue.discriminator}\` (one of ${listed})`,
				fix: `add \`kind:\` here`,
			};
		const suggestion = typeof found === "string" ? closestMatch(found, options) : null;
		return {
			message: `expected one of ${listed}, found ${describeValue(found)}`,
			fix: suggestion === null ? `use one of ${listed}` : `did you mean \`${suggestion}\`?`,
		};
	}
	// zod reports a missing enum value as a bad value; say what a missing key is.
	if (issue.code === "invalid_value" && found === undefined && path.length > 0) {
		const name = String(path.at(-1));
		const listed = issue.values.map((value) => `\`${String(value)}\``).join(", ");
		return { message: `missing required key \`${name}\` (one of ${listed})`, fix: `add \`${name}:\` here` };
	}
	return describeZodIssue(issue, found, path, taskSchema, wording);
}

/** The keys accepted at `path`; inside `verifier`, those of the kind the file names. */
function knownKeys(data: unknown, path: DocumentPath, fallback: readonly string[]): readonly string[] {
	const parent = path.slice(0, -1);
	if (parent.length === 1 && parent[0] === "verifier") return ["kind", "args"];
	if (parent[0] !== "verifier" || parent[1] !== "args") return fallback;
	const kind = valueAt(data, ["verifier", "kind"]);
	const schema =
		typeof kind === "string" && Object.hasOwn(VERIFIER_ARGS_SCHEMAS, kind)
			? VERIFIER_ARGS_SCHEMAS[kind as keyof typeof VERIFIER_ARGS_SCHEMAS]
			: null;
	if (schema === null || !isRecord(valueAt(data, ["verifier", "args"]))) return fallback;
	return objectKeysAt(schema, parent.slice(2));
}

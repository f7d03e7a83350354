import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { stringify } from "yaml";

/** The seeded bug of the sum task, and its fix. */
export const SUM_BUGGY = "export function sum(a, b) {\n\treturn a - b;\n}\n";
export const SUM_FIXED = "export function sum(a, b) {\n\treturn a + b;\n}\n";
/** The hidden gold test of the sum task (node:test). */
export const GOLD_TEST = `import { test } from "node:test";
import assert from "node:assert/strict";
import { sum } from "../src/sum.mjs";
test("adds two numbers", () => assert.equal(sum(2, 3), 5));
`;

/** use_cases.yaml with one task use case, `code-fix`, over `packs/code-fix`, one sample a cell, plus `extra` fields. */
export function codeFixUseCases(extra: Readonly<Record<string, unknown>> = {}): string {
	return stringify({
		use_cases: [
			{
				id: "code-fix",
				status: "runnable",
				modality: { input: "text", output: "code" },
				plugin: "tasks",
				tasks: "packs/code-fix",
				samples: 1,
				...extra,
			},
		],
	});
}

/** use_cases.yaml with one task use case, `code-fix`, over `packs/code-fix`, one sample a cell. */
export const CODE_FIX_USE_CASES = codeFixUseCases();

/**
 * The task.yaml of a small agentic task: sum() in a seeded `src/sum.mjs` is wrong, a hidden
 * node:test gold test checks it, and `reference` (a path in the task folder) is its solution.
 */
export function sumTask(id: string, options: { reference: string; prompt?: string }): string {
	return stringify({
		id,
		mode: "agentic",
		tier: "standard",
		prompt: options.prompt ?? "sum() is wrong. Fix it.",
		target_files: ["src/sum.mjs"],
		tools: { shell: true },
		snapshot: { files: { "src/sum.mjs": SUM_BUGGY, "package.json": '{ "type": "module" }\n' } },
		verifier: {
			kind: "tests",
			args: {
				command: ["node", "--test", "--test-reporter=tap", "tests/"],
				gold_files: [{ source: "hidden/sum.test.mjs", target: "tests/sum.test.mjs" }],
				report: "node-test",
				required_tests: ["adds two numbers"],
			},
		},
		reference: { files: [{ source: options.reference, target: "src/sum.mjs" }] },
	});
}

/** Writes files (path relative to `root` → content), making their folders. */
export function writeFiles(root: string, files: Readonly<Record<string, string>>): void {
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), content);
	}
}

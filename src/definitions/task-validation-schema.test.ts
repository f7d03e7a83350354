import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadInputError } from "../contract/index.js";
import { loadTaskPack } from "./load-task-pack.js";

const TASK = `id: fix-add
mode: agentic
tier: standard
prompt: add() subtracts. Make it add.
snapshot:
  files:
    src/math.mjs: "export const add = (a, b) => a - b;\\n"
verifier:
  kind: checks
  args:
    script: hidden/check.mjs
reference:
  files: [{ source: reference/math.mjs, target: src/math.mjs }]
`;

const FILES = {
	"fix-add/hidden/check.mjs": "console.log('{}')",
	"fix-add/reference/math.mjs": "export const add = (a, b) => a + b;\n",
	"fix-add/validation/swapped.mjs": "export const add = (a, b) => b + a;\n",
	"fix-add/validation/comment.patch": "diff",
};

function pack(validation: string, files: Record<string, string> = FILES): string {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-validation-"));
	for (const [path, content] of Object.entries({ ...files, "fix-add/task.yaml": `${TASK}${validation}` })) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

function issuesOf(dir: string) {
	try {
		loadTaskPack(dir);
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected the pack to be refused");
}

describe("the validation block of task.yaml", () => {
	it("parses variants and a control, with defaults, and is empty when absent", () => {
		const loaded = loadTaskPack(
			pack(`validation:
  variants:
    - { id: swapped, files: [{ source: validation/swapped.mjs, target: src/math.mjs }], expect: pass, note: b + a }
    - { id: silent, response: "done", expect: fail }
  control: { patch: validation/comment.patch }
`),
		);
		expect(loaded.tasks[0]?.task.validation).toEqual({
			variants: [
				{
					id: "swapped",
					patch: null,
					files: [{ source: "validation/swapped.mjs", target: "src/math.mjs" }],
					response: null,
					expect: "pass",
					note: "b + a",
				},
				{ id: "silent", patch: null, files: [], response: "done", expect: "fail", note: null },
			],
			control: { patch: "validation/comment.patch", files: [], note: null },
		});
		expect(loadTaskPack(pack("")).tasks[0]?.task.validation).toEqual({ variants: [], control: null });
	});

	it("refuses a repeated id, a reserved id, a missing file, an empty variant and a bad expect, each at its line", () => {
		const issues = issuesOf(
			pack(`validation:
  variants:
    - { id: swapped, files: [{ source: validation/swapped.mjs, target: src/math.mjs }], expect: pass }
    - { id: swapped, patch: validation/missing.patch, expect: fail }
    - { id: gold, response: x, expect: pass }
    - { id: empty, expect: fail }
    - { id: maybe, response: x, expect: sometimes }
  control: { files: [{ source: validation/nope.mjs }] }
`),
		);
		const at = (path: string) => issues.filter((issue) => issue.path === path);
		expect(at("validation.variants[1].id")[0]).toMatchObject({
			line: 17,
			message: "the variant id `swapped` is used twice",
		});
		expect(at("validation.variants[2].id")[0]?.message).toContain("name the built-in runs of validate-tasks");
		expect(at("validation.variants[3]")[0]?.message).toBe("the variant `empty` changes nothing");
		expect(at("validation.variants[4].expect")).toHaveLength(1);
		expect(at("validation.variants[1].patch")[0]).toMatchObject({
			line: 17,
			message: "validation/missing.patch does not exist in the task folder",
		});
		expect(at("validation.control.files[0].source")[0]).toMatchObject({
			line: 21,
			message: "validation/nope.mjs does not exist in the task folder",
		});
		for (const issue of issues) expect(issue.source).toMatch(/fix-add[/\\]task\.yaml$/);
	});

	it("refuses a control that changes nothing and a variant file inside fixture/", () => {
		const issues = issuesOf(
			pack(`validation:
  variants:
    - { id: peek, files: [{ source: fixture/src/math.mjs, target: src/math.mjs }], expect: pass }
  control: { note: nothing }
`),
		);
		expect(issues.map((issue) => [issue.path, issue.message])).toEqual(
			expect.arrayContaining([
				["validation.control", "the control changes nothing"],
				[
					"validation.variants[0].files[0].source",
					"fixture/src/math.mjs is inside fixture/, which the model sees and `touchstone snapshot` regenerates",
				],
			]),
		);
	});
});

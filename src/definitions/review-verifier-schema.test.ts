import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadInputError, FIXTURE_DIR } from "../contract/index.js";
import { loadTaskPack } from "./load-task-pack.js";
import { reviewFixtureIssues } from "./review-fixture-checks.js";

const task = (args: string) => `id: review-it
mode: agentic
tier: hard
prompt: Review the change in REVIEW.diff; write review.json.
snapshot:
  files:
    src/retention.py: "x = 1\\n"
verifier:
  kind: review
  args:
${args
	.split("\n")
	.map((line) => `    ${line}`)
	.join("\n")}
`;

function packWith(args: string, fixture: Record<string, string> = {}): string {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-review-"));
	const files = { "review-it/task.yaml": task(args), ...fixture };
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

function issues(dir: string): BadInputError["issues"] {
	try {
		loadTaskPack(dir);
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected the task to be refused");
}

describe("the review verifier's args", () => {
	it("load with the seed's defaults", () => {
		const [entry] = loadTaskPack(
			packWith("bugs: [{ id: boundary, file: ./src/retention.py, lines: [[41, 43]] }]"),
		).tasks;
		expect(entry?.task.verifier).toEqual({
			kind: "review",
			args: {
				findings_file: "review.json",
				bugs: [{ id: "boundary", file: "src/retention.py", lines: [[41, 43]] }],
				decoys: [],
				tolerance: 3,
				fp_penalty: 0.25,
				decoy_penalty: 0.5,
				pass_threshold: 0.5,
			},
		});
	});

	it("refuses no bugs, a reversed range, a shared id, an absolute file and a decoy on a bug's lines, each located", () => {
		expect(issues(packWith("bugs: []"))).toEqual([expect.objectContaining({ path: "verifier.args.bugs", line: 11 })]);
		const found = issues(
			packWith(
				[
					"bugs:",
					"  - { id: a, file: src/x.py, lines: [[43, 41]] }",
					"  - { id: b, file: /etc/passwd, lines: [[1, 2]] }",
					"decoys:",
					"  - { id: a, file: src/y.py, lines: [[5, 5]] }",
					"  - { id: c, file: src/x.py, lines: [[1, 1], [42, 50]] }",
					"  - { id: d, file: src/x.py, lines: [[0, 1]] }",
				].join("\n"),
			),
		);
		const at = (path: string) => found.find((issue) => issue.path === path);
		expect(at("verifier.args.bugs[0].lines[0]")).toMatchObject({
			line: 12,
			message: expect.stringMatching(/first <= last/),
		});
		expect(at("verifier.args.bugs[1].file")).toMatchObject({ line: 13, message: expect.stringMatching(/absolute/) });
		expect(at("verifier.args.decoys[0].id")).toMatchObject({
			message: expect.stringMatching(/already used by bugs\[0\]/),
		});
		expect(at("verifier.args.decoys[2].lines[0][0]")).toMatchObject({ line: 17 });
		// The overlap needs every range well-formed first; on its own it is refused too.
		const overlap = issues(
			packWith(
				"bugs: [{ id: a, file: src/x.py, lines: [[41, 43]] }]\ndecoys: [{ id: c, file: src/x.py, lines: [[43, 50]] }]",
			),
		);
		expect(overlap).toEqual([
			expect.objectContaining({
				path: "verifier.args.decoys[0].lines",
				message: expect.stringMatching(/overlaps the lines of the bug `a`/),
			}),
		]);
	});
});

describe("reviewFixtureIssues", () => {
	it("names a bug or decoy file the fixture lacks and a range past a file's end, at its line", () => {
		const args = [
			"bugs:",
			"  - { id: a, file: src/retention.py, lines: [[1, 1]] }",
			"  - { id: b, file: src/gone.py, lines: [[1, 1]] }",
			"decoys:",
			"  - { id: c, file: src/retention.py, lines: [[2, 2], [3, 4]] }",
		].join("\n");
		const dir = packWith(args, { [`review-it/${FIXTURE_DIR}/src/retention.py`]: "one\ntwo\nthree\n" });
		const [entry] = loadTaskPack(dir).tasks;
		if (entry === undefined) throw new Error("no task");
		const found = reviewFixtureIssues(entry, join(entry.dir, FIXTURE_DIR));
		expect(found.map((issue) => [issue.path, issue.line])).toEqual([
			["verifier.args.bugs[1].file", 13],
			["verifier.args.decoys[0].lines[1]", 15],
		]);
		expect(found[1]?.message).toMatch(/\[3, 4\] goes past the end of src\/retention\.py, which has 3 lines/);
	});
});

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadInputError, TASK_TIER_KINDS } from "../contract/index.js";
import { loadTaskPack } from "./load-task-pack.js";

const VALID = `id: fix-add
mode: agentic
tier: standard
prompt: |
  add() subtracts. Make it add.
target_files: [src/math.ts]
tools: { shell: true }
snapshot:
  commit: 0123456789abcdef0123456789abcdef01234567
  paths: [app/src, app/package.json]
  strip: app
verifier:
  kind: tests
  args:
    command: [node, --test]
    gold_files:
      - { source: hidden/math.test.js, target: test/math.test.js }
    report: node-test
    required_tests: [adds two numbers]
reference:
  patch: reference/fix.diff
`;

const SEEDED = `id: seeded-checks
mode: single-shot
tier: hard
prompt: Explain the change.
target_files: [AGENTS.md]
snapshot:
  files:
    AGENTS.md: Never bump versions by hand.
verifier:
  kind: checks
  args:
    script: hidden/check.py
    weights: { refused: 2 }
`;

/** A pack folder holding `files` (paths relative to the pack). */
function pack(files: Record<string, string>): string {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-pack-"));
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

function problems(dir: string): BadInputError {
	try {
		loadTaskPack(dir);
	} catch (error) {
		if (error instanceof BadInputError) return error;
		throw error;
	}
	throw new Error("expected the pack to be refused");
}

const HIDDEN = { "fix-add/hidden/math.test.js": "test", "fix-add/reference/fix.diff": "diff" };
const SEEDED_HIDDEN = { "seeded-checks/hidden/check.py": "print()" };

describe("loadTaskPack", () => {
	it("loads every task folder in order, with defaults filled in", () => {
		const dir = pack({
			"fix-add/task.yaml": VALID,
			"seeded-checks/task.yaml": SEEDED,
			"_shared/lib.js": "",
			...HIDDEN,
			...SEEDED_HIDDEN,
		});
		const loaded = loadTaskPack(dir);
		expect(loaded.tasks.map((entry) => entry.task.id)).toEqual(["fix-add", "seeded-checks"]);
		const [fix, seeded] = loaded.tasks.map((entry) => entry.task);
		expect(fix?.budget).toEqual({ turns: 30, tokens: null, timeout_s: 1800, cost_usd: null });
		expect(fix?.snapshot.paths).toEqual(["app/src", "app/package.json"]);
		expect(fix?.verifier.kind === "tests" && fix.verifier.args.gold_files).toEqual([
			{ source: "hidden/math.test.js", target: "test/math.test.js" },
		]);
		expect(fix?.reference).toEqual({ patch: "reference/fix.diff", files: [], response: null });
		expect(seeded?.budget.turns).toBe(1);
		expect(seeded?.verifier.kind === "checks" && seeded.verifier.args.interpreter).toEqual(["python3"]);
		expect(TASK_TIER_KINDS[seeded?.tier ?? "easy"]).toBe("ceiling");
		expect(loaded.tasks[0]?.dir).toBe(join(dir, "fix-add"));
	});

	it("refuses an unknown key with a suggestion, at its line and column", () => {
		const dir = pack({ "fix-add/task.yaml": VALID.replace("prompt: |", "promt: |"), ...HIDDEN });
		const issues = problems(dir).issues;
		const unknown = issues.find((issue) => issue.message.includes("unknown key `promt`"));
		expect(unknown).toMatchObject({ line: 4, column: 1, path: "promt", fix: "did you mean `prompt`?" });
		expect(issues.find((issue) => issue.path === "prompt")?.message).toBe("missing required key `prompt` (a string)");
	});

	it("suggests keys of the verifier kind the file names", () => {
		const dir = pack({ "fix-add/task.yaml": VALID.replace("command:", "comand:"), ...HIDDEN });
		const unknown = problems(dir).issues.find((issue) => issue.path === "verifier.args.comand");
		expect(unknown?.fix).toBe("did you mean `command`?");
		expect(unknown?.line).toBe(15);
	});

	it("refuses a bad tier and a bad verifier kind, suggesting the closest value", () => {
		const text = VALID.replace("tier: standard", "tier: medium").replace("kind: tests", "kind: test");
		const issues = problems(pack({ "fix-add/task.yaml": text, ...HIDDEN })).issues;
		expect(issues.find((issue) => issue.path === "tier")).toMatchObject({
			line: 3,
			message: 'expected one of `easy`, `standard`, `hard`, `frontier`, found the string "medium"',
		});
		expect(issues.find((issue) => issue.path === "verifier.kind")).toMatchObject({
			line: 13,
			fix: "did you mean `tests`?",
		});
	});

	it("takes the index axes a task is tagged with, and refuses an unknown axis at its line with the closest", () => {
		const tagged = VALID.replace("tools: { shell: true }", "tools: { shell: true }\naxes: [security, review]");
		expect(loadTaskPack(pack({ "fix-add/task.yaml": tagged, ...HIDDEN })).tasks[0]?.task.axes).toEqual([
			"security",
			"review",
		]);
		const unknown = tagged.replace("axes: [security, review]", "axes: [security, reveiw]");
		const issues = problems(pack({ "fix-add/task.yaml": unknown, ...HIDDEN })).issues;
		expect(issues).toHaveLength(1);
		expect(issues[0]).toMatchObject({ path: "axes[1]", line: 8, fix: "did you mean `review`?" });
		expect(issues[0]?.message).toContain("expected one of `judgement`, `security`, `review`");
	});

	it("refuses paths that escape or are absolute, and hidden files that are missing", () => {
		const text = VALID.replace("target_files: [src/math.ts]", "target_files: [../outside.ts]")
			.replace("source: hidden/math.test.js", "source: /etc/passwd")
			.replace("patch: reference/fix.diff", "patch: reference/missing.diff")
			.replace("  strip: app\n", "  strip: app\n  files:\n    ../../escape.txt: boom\n");
		const issues = problems(pack({ "fix-add/task.yaml": text, ...HIDDEN })).issues;
		expect(issues.map((issue) => [issue.path, issue.line])).toEqual([
			["target_files[0]", 6],
			['snapshot.files["../../escape.txt"]', 13],
			["verifier.args.gold_files[0].source", 19],
			["reference.patch", 23],
		]);
		expect(issues[0]?.message).toContain("climbs out with `..`");
		expect(issues[2]?.message).toContain("is absolute");
		expect(issues[3]?.message).toBe("reference/missing.diff does not exist in the task folder");
	});

	it("refuses a single-shot task without target files, at its mode line or its empty list, with a fix", () => {
		const without = SEEDED.replace("target_files: [AGENTS.md]\n", "");
		const empty = SEEDED.replace("target_files: [AGENTS.md]", "target_files: []");
		for (const [text, path, line] of [
			[without, "mode", 2],
			[empty, "target_files", 5],
		] as const) {
			const issues = problems(pack({ "seeded-checks/task.yaml": text, ...SEEDED_HIDDEN })).issues;
			expect(issues).toHaveLength(1);
			expect(issues[0]).toMatchObject({ path, line });
			expect(issues[0]?.message).toContain("a single-shot task gives the model its target files' content");
			expect(issues[0]?.fix).toContain("target_files: [src/a.mjs]");
		}
	});

	it("lists every problem of every task at once, each with its file and line", () => {
		const dir = pack({
			"fix-add/task.yaml": VALID.replace("mode: agentic", "mode: agent"),
			"seeded-checks/task.yaml": SEEDED.replace("id: seeded-checks", "id: other-name").replace("tier: hard\n", ""),
			"no-yaml/README.md": "",
			...HIDDEN,
			...SEEDED_HIDDEN,
		});
		const error = problems(dir);
		expect(error.message).toContain("4 problems");
		expect(error.issues.map((issue) => [issue.source.slice(dir.length + 1), issue.line, issue.path])).toEqual([
			["fix-add/task.yaml", 2, "mode"],
			["no-yaml/task.yaml", null, ""],
			["seeded-checks/task.yaml", 1, "tier"],
			["seeded-checks/task.yaml", 1, "id"],
		]);
		expect(error.issues[3]?.message).toContain("differs from the task's folder name `seeded-checks`");
	});

	it("loads only the tasks asked for, and suggests the closest for an unknown id", () => {
		const dir = pack({ "fix-add/task.yaml": VALID, "broken/task.yaml": "id: [", ...HIDDEN });
		expect(loadTaskPack(dir, { ids: ["fix-add"] }).tasks).toHaveLength(1);
		const error = (() => {
			try {
				loadTaskPack(dir, { ids: ["fix-ad"] });
			} catch (caught) {
				return caught as BadInputError;
			}
			return null;
		})();
		expect(error?.issues[0]).toMatchObject({ message: "no task `fix-ad` in the pack", fix: "did you mean `fix-add`?" });
	});

	it("refuses a missing pack folder and an empty pack", () => {
		expect(() => loadTaskPack(join(tmpdir(), "touchstone-no-such-pack"))).toThrow(/does not exist/);
		expect(problems(pack({})).message).toContain("holds no tasks");
	});
});

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { ladderAnchors } from "./ladder-anchors.js";
import { loadLadderScores } from "./ladder-scores-file.js";
import { loadDefinitions } from "./load-definitions.js";
import { loadTaskPack } from "./load-task-pack.js";

/** A temporary folder holding `files` (relative paths), for one test. */
function folder(files: Record<string, string>): string {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-ladder-"));
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

function issuesOf(load: () => unknown): readonly InputIssue[] {
	try {
		load();
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected a BadInputError");
}

const anchor = (id: string, tier: string | null, extra = "") =>
	`  - id: ${id}\n    provider: openrouter\n    model: vendor/${id}\n    role: anchor\n${tier === null ? "" : `    tags: { tier: ${tier} }\n`}${extra}`;
const registry = (...entries: string[]) =>
	folder({ "models.yaml": `models:\n${entries.join("")}`, "use_cases.yaml": "use_cases: []\n" });

describe("tags.tier on anchors", () => {
	it("gives each rung of the ladder its active anchor; a retired anchor or a candidate may share a tier", () => {
		const definitions = loadDefinitions(
			registry(
				anchor("a-small", "small"),
				anchor("a-mid", "mid"),
				anchor("a-large", "large"),
				anchor("old-large", "large", "    status: retired\n"),
				"  - id: cand\n    provider: openrouter\n    model: vendor/cand\n    tags: { tier: large }\n",
			),
		);
		const anchors = ladderAnchors(definitions);
		expect([anchors.small.id, anchors.mid.id, anchors.large.id]).toEqual(["a-small", "a-mid", "a-large"]);
	});

	it("refuses two active anchors on one tier, at the repeat's line, and an unknown tier name", () => {
		const dir = registry(anchor("a-one", "mid"), anchor("a-two", "mid"));
		const twice = issuesOf(() => loadDefinitions(dir)).find((issue) => issue.path === "models[1].tags.tier");
		expect(twice).toMatchObject({ line: 11, source: join(dir, "models.yaml") });
		expect(twice?.message).toBe("two active anchors on the ladder's `mid` tier: `a-one` and `a-two`");
		expect(twice?.fix).toContain("give each active anchor its own tier (small, mid, large)");
		const misnamed = registry(anchor("a-one", "small"), anchor("a-three", "flagship"));
		const unknown = issuesOf(() => loadDefinitions(misnamed)).find((issue) => issue.path === "models[1].tags.tier");
		expect(unknown?.line).toBe(11);
		expect(`${unknown?.message} ${unknown?.fix}`).toMatch(/small.*mid.*large/);
	});

	it("says clearly when the ladder has no anchors, or a rung has none", () => {
		const none = issuesOf(() =>
			ladderAnchors(loadDefinitions(registry(anchor("x", null).replace("    role: anchor\n", "")))),
		);
		expect(none[0]?.message).toBe("no active model has `role: anchor`, so the ladder has no anchors to run");
		const gaps = issuesOf(() =>
			ladderAnchors(loadDefinitions(registry(anchor("a-small", "small"), anchor("judge", null)))),
		);
		expect(gaps.map((issue) => issue.message)).toEqual([
			"no active anchor has `tags: { tier: mid }`, so the ladder's mid rung is empty",
			"no active anchor has `tags: { tier: large }`, so the ladder's large rung is empty",
		]);
		expect(gaps[0]?.fix).toContain("today: a-small: small, judge: no tier");
	});
});

const TASK = `id: climb
mode: agentic
tier: frontier
prompt: Do it.
snapshot: { files: { a.txt: "a" } }
verifier: { kind: checks, args: { script: hidden/check.mjs } }
`;

const packWith = (calibration: string) =>
	folder({ "climb/task.yaml": `${TASK}${calibration}`, "climb/hidden/check.mjs": "" });

describe("a task's calibration: block", () => {
	it("reads the ladder's overrides and a recorded check", () => {
		const dir = packWith(`calibration:
  ladder:
    small: { max: 0.3 }
  result:
    date: 2026-12-02
    source: from-json
    admissible: false
    reasons: ["small: mean 0.35 is above its maximum 0.3"]
    tiers:
      small: { anchor: null, scores: [0.3, 0.4], mean: 0.35, ok: false }
      mid: { anchor: null, scores: [0.5], mean: 0.5, ok: true }
      large: { anchor: null, scores: [1], mean: 1, ok: true }
`);
		const [entry] = loadTaskPack(dir).tasks;
		expect(entry?.task.calibration?.ladder).toEqual({ small: { max: 0.3 } });
		expect(entry?.task.calibration?.result).toMatchObject({ date: "2026-12-02", admissible: false });
		expect(loadTaskPack(packWith("")).tasks[0]?.task.calibration).toBeNull();
	});

	it("refuses an empty band, an unknown tier, a bound outside [0, 1] and a bad date, each at its line", () => {
		const dir = packWith(`calibration:
  ladder:
    mid: { min: 0.9 }
    haiku: { max: 0.4 }
    large: { min: 1.5 }
  result: { date: yesterday }
`);
		const issues = issuesOf(() => loadTaskPack(dir));
		const at = (path: string) => issues.find((issue) => issue.path === path);
		expect(at("calibration.ladder.mid.min")).toMatchObject({ line: 9 });
		expect(at("calibration.ladder.mid.min")?.message).toBe("the mid tier's band is empty: min 0.9 is above max 0.8");
		expect(at("calibration.ladder.haiku")?.line).toBe(10);
		expect(at("calibration.ladder.large.min")?.line).toBe(11);
		expect(at("calibration.result.date")?.line).toBe(12);
	});
});

describe("loadLadderScores, the --from-json file", () => {
	const file = (text: string) => {
		const dir = folder({ "scores.json": text });
		return join(dir, "scores.json");
	};

	it("reads a score list per tier", () => {
		expect(loadLadderScores(file('{"small": [0.3, 0.5], "mid": [0.6], "large": [1, 0.9]}'))).toEqual({
			small: [0.3, 0.5],
			mid: [0.6],
			large: [1, 0.9],
		});
	});

	it("refuses what is not such a file, saying where", () => {
		const notJson = issuesOf(() => loadLadderScores(file('{"small": [0.3,\n "mid": }')));
		expect(notJson[0]).toMatchObject({ line: 2 });
		expect(notJson[0]?.message).toMatch(/^the scores file is not JSON/);
		// YAML that is not JSON is not accepted either.
		expect(issuesOf(() => loadLadderScores(file("small: [0.1]\n")))[0]?.message).toMatch(/not JSON/);
		const wrong = issuesOf(() => loadLadderScores(file('{\n "haiku": [0.3],\n "mid": [],\n "large": [1.5, "x"]\n}')));
		const paths = wrong.map((issue) => issue.path);
		expect(paths).toEqual(expect.arrayContaining(["haiku", "mid", "large[0]", "large[1]", "small"]));
		expect(wrong.find((issue) => issue.path === "haiku")?.line).toBe(2);
		expect(wrong.find((issue) => issue.path === "large[0]")?.line).toBe(4);
		const repeated = issuesOf(() =>
			loadLadderScores(file('{"small": [0.1], "small": [0.9], "mid": [0.5], "large": [1]}')),
		);
		expect(repeated[0]?.message).toMatch(/unique|duplicate|repeat/i);
		expect(issuesOf(() => loadLadderScores(file("[0.1, 0.5]")))[0]?.path).toBe("");
		expect(issuesOf(() => loadLadderScores(join(tmpdir(), "touchstone-no-such-scores.json")))[0]?.message).toMatch(
			/cannot read the scores file/,
		);
	});
});

import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { withGoldDiffLines } from "./write-gold-size.js";
import { withYamlValue } from "./yaml-value-edit.js";

const TASK = `# A task, with comments the editor must keep.
id: fix-sum # the folder's name
mode: agentic
tier: frontier
prompt: |
  sum() is wrong.
calibration:
  # Hand-tuned: the small anchor guesses well here.
  ladder:
    small: { max: 0.3 } # why: see the notes
  # trailing comment of the block
verifier: { kind: checks, args: { script: check.mjs } }
`;

const RECORD = {
	date: "2026-12-02",
	admissible: true,
	tiers: { small: { anchor: "a/small", scores: [0.1, 0.2], mean: 0.15 } },
};

describe("withYamlValue", () => {
	it("adds a key inside an existing block and leaves every other byte where it was", () => {
		const next = withYamlValue(TASK, ["calibration", "result"], RECORD, { flowDepth: 2 });
		const cut = TASK.indexOf("  # trailing comment");
		expect(next.startsWith(TASK.slice(0, cut))).toBe(true);
		expect(next.endsWith(TASK.slice(cut))).toBe(true);
		expect(next.slice(cut, next.length - (TASK.length - cut))).toBe(
			"  result:\n    date: 2026-12-02\n    admissible: true\n    tiers:\n      small: { anchor: a/small, scores: [ 0.1, 0.2 ], mean: 0.15 }\n",
		);
		expect(parse(next).calibration).toEqual({ ladder: { small: { max: 0.3 } }, result: RECORD });
	});

	it("replaces a block it wrote before, keeping the keys around it", () => {
		const once = withYamlValue(TASK, ["calibration", "result"], RECORD);
		const changed = { ...RECORD, admissible: false };
		const twice = withYamlValue(once, ["calibration", "result"], changed);
		expect(parse(twice).calibration).toEqual({ ladder: { small: { max: 0.3 } }, result: changed });
		expect(twice.replace("admissible: false", "admissible: true")).toBe(once);
		expect(twice).toContain("# trailing comment of the block\nverifier:");
	});

	it("creates the missing parent at the end of the file", () => {
		const text = "id: x # keep\nmode: agentic\n";
		const next = withYamlValue(text, ["calibration", "result"], { admissible: true });
		expect(next).toBe(`${text}calibration:\n  result:\n    admissible: true\n`);
	});

	it("replaces a scalar in place (gold-size's one key) and refuses what it cannot splice", () => {
		expect(withGoldDiffLines("id: x\ngold_diff_lines: 3 # from git\n", 12)).toBe(
			"id: x\ngold_diff_lines: 12 # from git\n",
		);
		expect(withGoldDiffLines("id: x", 5)).toBe("id: x\ngold_diff_lines: 5\n");
		expect(() => withYamlValue("calibration: { ladder: {} }\n", ["calibration", "result"], { a: 1 })).toThrow(
			/not a block mapping; set it by hand/,
		);
		expect(() => withYamlValue("calibration: 3\n", ["calibration", "result"], { a: 1 })).toThrow(/not a mapping/);
		expect(() => withYamlValue("- a\n", ["x"], 1)).toThrow(/does not parse as a mapping/);
	});
});
